/** Join records for the unit tests of the domain (users come from @dayfocus/stack/fixtures). */
import type { FriendJoin } from '../src/owed-work/domain/friend-join.js';

/** Asha's join record for Mira after a first push attempt failed: the push still owed, due at `pushDueAt`. */
export function owedJoin(times: { pushDueAt: string; createdAt: string }): FriendJoin {
  return {
    inviterId: 'asha',
    inviteeId: 'mira',
    inviteeName: 'Mira',
    friendship: 'created',
    history: 'written',
    push: 'pending',
    pushAttempts: 1,
    pushDueAt: times.pushDueAt,
    createdAt: times.createdAt,
    updatedAt: times.createdAt,
  };
}
