/** The finishing of a sign-up left half-way: its wiring (composition/wiring.ts says what the wiring is). */
import { setTimeout as sleep } from 'node:timers/promises';
import { auth, db } from '../../platform/adapters/firebase.js';
import { textIn } from '../../platform/adapters/locales.js';
import { readLinkSettings } from '../../short-links/adapters/link-params.js';
import { environment } from '../environment.js';
import { webApiKey } from '../../invites/adapters/verification-codes.js';
import { AuthPasswordResets } from '../../invites/adapters/password-resets.js';
import { FirestoreSignUpLinkRequests } from '../../invites/adapters/sign-up-link-requests.js';
import { SignUpLinkFlow } from '../../invites/flows/sign-up-link-flow.js';
import { inviteStore, mailOutbox } from '../wiring.js';

/** Auth's password resets: the finishing link's code, mailed here and presented at the door (wiring/activation.ts). */
export const passwordResets = new AuthPasswordResets(auth, {
  apiKey: () => webApiKey.value(),
  emulatorHost: environment().authEmulatorHost,
});

/** A sign-up left half-way: the link to finish it, by mail. */
export const signUpLinkFlow = new SignUpLinkFlow({
  resets: passwordResets,
  outbox: mailOutbox,
  users: inviteStore,
  requests: new FirestoreSignUpLinkRequests(db),
  textIn,
  productDomain: () => readLinkSettings().productDomain,
  now: () => new Date(),
  sleep: (ms) => sleep(ms),
});
