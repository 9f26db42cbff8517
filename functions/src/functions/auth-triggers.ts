/** Account lifecycle. Cloud Functions v2 has no auth create/delete events; v1 has. */
import * as functionsV1 from 'firebase-functions/v1';
import { FUNCTIONS_REGION } from '../domain/brand.js';
import { inviteFlow } from './wiring.js';

const authEvents = functionsV1.region(FUNCTIONS_REGION).auth.user();

export const onAccountCreated = authEvents.onCreate((user) =>
  inviteFlow.onAccountCreated({ uid: user.uid, email: user.email, displayName: user.displayName }),
);

export const onAccountDeleted = authEvents.onDelete((user) => inviteFlow.onAccountDeleted(user.uid));
