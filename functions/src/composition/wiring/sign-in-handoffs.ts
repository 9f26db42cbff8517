/** The sign-in handoffs' wiring (composition/wiring.ts says what the wiring is). */
import { randomBytes } from 'node:crypto';
import { logger } from 'firebase-functions';
import { auth, db } from '../../platform/adapters/firebase.js';
import { textIn } from '../../platform/adapters/locales.js';
import { readLinkSettings } from '../../short-links/adapters/link-params.js';
import { SignInHandoffFlow } from '../../sign-in-handoffs/flows/sign-in-handoff-flow.js';
import { FirestoreHandoffStore, handoffDigest } from '../../sign-in-handoffs/adapters/handoff-store.js';
import { FirebaseHandoffAuth } from '../../sign-in-handoffs/adapters/handoff-auth.js';
import { accounts, inviteStore } from '../wiring.js';

const handoffStore = new FirestoreHandoffStore(db);

export const signInHandoffFlow = new SignInHandoffFlow({
  store: handoffStore,
  auth: new FirebaseHandoffAuth(auth),
  accounts,
  users: inviteStore,
  signUps: handoffStore,
  randomBytes: (size) => randomBytes(size),
  digest: handoffDigest,
  textIn,
  productDomain: () => readLinkSettings().productDomain,
  now: () => new Date(),
  logger,
});
