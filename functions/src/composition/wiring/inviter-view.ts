/** The inviter's own view's wiring (composition/wiring.ts says what the wiring is). */
import { db } from '../../platform/adapters/firebase.js';
import { FirestoreInvitationReader } from '../../invites/adapters/invitation-reader.js';
import { MyInvitationsFlow } from '../../invites/flows/my-invitations-flow.js';
import { accounts, funnels } from '../wiring.js';

export const myInvitationsFlow = new MyInvitationsFlow({
  reader: new FirestoreInvitationReader(db, funnels),
  accounts,
  now: () => new Date(),
});
