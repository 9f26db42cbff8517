/** Cloud Functions v1: v2 has no Auth create and delete events. */
import * as functionsV1 from 'firebase-functions/v1';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { maxInstances } from '../platform/functions/capacity.js';
import { cardFlow } from '../composition/wiring/invite-cards.js';
import { inviteFlow } from '../composition/wiring/invites.js';

const authEvents = (name: 'onAccountCreated' | 'onAccountDeleted') =>
  functionsV1.region(FUNCTIONS_REGION).runWith({ maxInstances: maxInstances[name] }).auth.user();

export const onAccountCreated = authEvents('onAccountCreated').onCreate((user) =>
  inviteFlow.onAccountCreated({ uid: user.uid, email: user.email, displayName: user.displayName }),
);

// Her invite cards show her name and picture: they go with her account.
export const onAccountDeleted = authEvents('onAccountDeleted').onDelete(async (user) => {
  await Promise.all([inviteFlow.onAccountDeleted(user.uid), cardFlow.removeCards(user.uid)]);
});
