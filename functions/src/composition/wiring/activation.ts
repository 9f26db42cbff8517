/**
 * Activation's wiring (composition/wiring.ts says what the wiring is): the one door every way of
 * proving an address goes through, and the table of those ways, built here and nowhere else.
 */
import { logger } from 'firebase-functions';
import { db } from '../../platform/adapters/firebase.js';
import { environment } from '../environment.js';
import { gatedAccounts, gatedAddressProofs, gatedCodes, gatedMailCodes } from '../../invites/adapters/gated-ports.js';
import { mailCodeKey } from '../../invites/adapters/mail-code-params.js';
import { FirestoreMailCodes } from '../../invites/adapters/mail-code-store.js';
import { AuthRestVerificationCodes, webApiKey } from '../../invites/adapters/verification-codes.js';
import { ActivationDoor, type ProofWays } from '../../activation/flows/door.js';
import { FinishLinkWay } from '../../activation/flows/finish-link-way.js';
import { MailCodeWay } from '../../activation/flows/mail-code-way.js';
import { MailLinkWay } from '../../activation/flows/mail-link-way.js';
import { ProviderWay } from '../../activation/flows/provider-way.js';
import { accounts, addressProofs, mailOutbox } from '../wiring.js';
import { addressProofFlow } from './email-proof.js';
import { passwordResets } from './finish-sign-up.js';
import { joinFlow } from './invites.js';
import { appLinkFlow } from './short-links.js';
import { signInHandoffFlow } from './sign-in-handoffs.js';

/** The mail's link: Auth's code, checked and then applied behind the call's gate. */
export const mailLinks = new MailLinkWay({
  codes: gatedCodes(
    new AuthRestVerificationCodes({
      apiKey: () => webApiKey.value(),
      emulatorHost: environment().authEmulatorHost,
    }),
  ),
  proofs: addressProofs,
});

/** Every way of proving an address, by its name in a request. */
const ways: ProofWays = {
  'mail-link': mailLinks,
  // The mail's short code: tried in Firestore behind the call's gate.
  'mail-code': new MailCodeWay({
    codes: gatedMailCodes(new FirestoreMailCodes(db)),
    mailCodeKey,
    now: () => new Date(),
  }),
  'browser-token': addressProofFlow,
  'finish-link': new FinishLinkWay({ resets: passwordResets, outbox: mailOutbox, proofs: addressProofs }),
  provider: new ProviderWay(),
};

/** The one door into activation. */
export const activationDoor = new ActivationDoor({
  ways,
  joins: joinFlow,
  accounts: gatedAccounts(accounts),
  proofs: gatedAddressProofs(addressProofs),
  appLinks: appLinkFlow,
  signIn: { mintAtActivation: (uid, request) => signInHandoffFlow.createAtActivation(uid, request) },
  logger,
  now: () => new Date(),
});
