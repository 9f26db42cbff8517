/** The attestation's wiring (composition/wiring.ts says what the wiring is). */
import { logger } from 'firebase-functions';
import { db } from '../../platform/adapters/firebase.js';
import { environment } from '../environment.js';
import { AttestationFlow } from '../../attestation/flows/attestation-flow.js';
import { FirestoreAttestationStore } from '../../attestation/adapters/attestation-store.js';
import { altchaChallenges } from '../../attestation/adapters/altcha-challenges.js';
import { appCheckFallback, fallbackWebAppId } from '../../attestation/adapters/fallback-params.js';

export const attestationFlow = new AttestationFlow({
  store: new FirestoreAttestationStore(db),
  challenges: altchaChallenges,
  mint: (appId, lifeMs, limitedUse) => environment().mintAppCheckToken(appId, lifeMs, limitedUse),
  logger,
  enabled: () => appCheckFallback.value(),
  webAppId: () => fallbackWebAppId.value(),
});
