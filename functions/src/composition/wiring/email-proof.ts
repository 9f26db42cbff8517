/** The e-mail proof's wiring (composition/wiring.ts says what the wiring is). */
import { logger } from 'firebase-functions';
import { db } from '../../platform/adapters/firebase.js';
import { readLinkSettings } from '../../short-links/adapters/link-params.js';
import { environment } from '../environment.js';
import { AddressProofFlow } from '../../email-proof/flows/address-proof-flow.js';
import { issuerDirectory } from '../../email-proof/adapters/issuer-discovery.js';
import { emailProofSwitch } from '../../email-proof/adapters/email-proof-params.js';
import { FirestoreProofNonces, gatedNonceIssuance, gatedProofNonces } from '../../email-proof/adapters/nonce-store.js';

const proofNonces = new FirestoreProofNonces(db);

/**
 * The browser's proof of the address: issuers found through DNS and HTTPS (the local stack's
 * through its own settings), our nonces and the sign-up's proof in Firestore, the address marked
 * verified in Auth; every write behind the call's gate.
 */
export const addressProofFlow = new AddressProofFlow({
  enabled: () => emailProofSwitch.value(),
  origin: () => readLinkSettings().productDomain,
  directory: issuerDirectory(environment().emailProofDiscovery),
  nonces: gatedProofNonces(proofNonces),
  issuance: gatedNonceIssuance(proofNonces),
  logger,
  now: () => new Date(),
});
