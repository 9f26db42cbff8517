/** Join records for the unit tests of the domain (users come from @dayfocus/stack/fixtures). */
import type { FriendJoin } from '../src/owed-work/domain/friend-join.js';
import type { JoinPlan } from '../src/invites/domain/joins.js';

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

/**
 * The push a join's plan claims, as the trigger on the join's record will send it: the record's
 * fields when they say `sending`, else null (no push claimed by this call).
 */
export function claimedPush(plan: JoinPlan): Partial<FriendJoin> | null {
  const join = plan.writes.join;
  const fields = join && ('create' in join ? join.create : join.update);
  return fields?.push === 'sending' ? fields : null;
}
