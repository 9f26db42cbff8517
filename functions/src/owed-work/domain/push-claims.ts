/**
 * How a join's owed push is claimed, settled and retried: claimed by the inviter's batch and sent
 * by the trigger on the join's record, or claimed and sent by the sweep, which a replayed join call
 * may also ask for.
 */
import { acceptsInvitees, type UserRecord } from '@dayfocus/contracts/records';
import { nextPushAt, pushAllowed, withPushCounted, type PushBudget } from './push-budget.js';
import { isDue, nextRetryAt, PUSH_LEASE_MS, PUSH_MAX_ATTEMPTS, type PushResult } from './push-timing.js';
import { type FriendJoin, type PushClaim, type PushSender, withDueAt } from './friend-join.js';

/** The sweep's schedule; retries are never due sooner than the next run anyway. */
export const SWEEP_SCHEDULE = 'every 5 minutes';

/** Where an inviter's pushes go now: the record's token (none once the inviter left) and language. */
export function pushTargetOf(inviter: UserRecord | null): { token: string | null; language: string | undefined } {
  return { token: (acceptsInvitees(inviter) && inviter.fcmToken) || null, language: inviter?.language };
}

export function pushClaimOf(
  join: Omit<FriendJoin, 'push'>,
  claimedAt: string,
  inviter: { token: string | null; language: string | undefined },
): PushClaim {
  return {
    inviterId: join.inviterId,
    inviteeId: join.inviteeId,
    token: inviter.token,
    inviteeName: join.inviteeName,
    language: inviter.language,
    attempts: join.pushAttempts,
    claimedAt,
    history: join.history,
    historyDueAt: join.historyDueAt,
    ...(join.friendship === 'requested' ? { asks: true } : {}),
  };
}

export function claimPush(
  join: Omit<FriendJoin, 'push'>,
  inviter: { token: string | null; language: string | undefined },
  now: Date,
  sender: PushSender,
): { update: FriendJoin & { dueAt: string | undefined }; claim: PushClaim } {
  const claimed = { ...join, ...pushClaimFields(join.pushAttempts + 1, now, sender) };
  const claim = pushClaimOf(claimed, now.toISOString(), inviter);
  return { update: withDueAt(claimed), claim };
}

export function pushClaimFields(
  attempts: number,
  now: Date,
  sender: PushSender,
): Pick<FriendJoin, 'push' | 'pushAttempts' | 'pushClaimedAt' | 'pushSender' | 'pushDueAt' | 'updatedAt'> {
  return {
    push: 'sending',
    pushAttempts: attempts,
    pushClaimedAt: now.toISOString(),
    pushSender: sender,
    pushDueAt: new Date(now.getTime() + PUSH_LEASE_MS).toISOString(),
    updatedAt: now.toISOString(),
  };
}

/**
 * Whether a replayed join call asks for this join's owed work: something is due now (a push
 * past its backoff or lease, an entry whose batch never ran). Its commit only stamps the record
 * (`retryAskedAt`); the trigger on the record then does what the sweep would (retryAsked), so
 * that no join's commit writes the inviter's budget or history.
 */
export function replayAsks(join: FriendJoin, now: Date): boolean {
  const action = sweepAction(join, now);
  return action.claimPush || action.giveUpPush || action.writeHistory;
}

/** Whether a change of a join's record is a replayed call's new ask (replayAsks). */
export function retryAsked(before: FriendJoin | undefined, after: FriendJoin | undefined): boolean {
  const asked = after?.retryAskedAt;
  return asked !== undefined && asked !== before?.retryAskedAt;
}

/**
 * Whether a change of a join's record hands the trigger a push to send: a claim that the
 * inviter's batch made (`pushSender: 'trigger'`) and that the record did not hold before the
 * change. Later writes of the same claim (its history entry, its outcome), the sweep's claims
 * and the records made before there was a trigger send nothing.
 */
export function triggeredClaim(before: FriendJoin | undefined, after: FriendJoin | undefined): string | null {
  if (after?.push !== 'sending' || after.pushSender !== 'trigger' || after.pushClaimedAt === undefined) return null;
  const same = before?.pushClaimedAt === after.pushClaimedAt && before.pushAttempts === after.pushAttempts;
  return same ? null : after.pushClaimedAt;
}

/**
 * Whether the sweep (also answering a replayed call's ask) may take this join's push at `now`: a push
 * that failed once its backoff has passed, a claim once its lease has run out.
 */
export function pushClaimable(join: FriendJoin, now: Date): boolean {
  if (join.pushAttempts >= PUSH_MAX_ATTEMPTS) return false;
  // The same for both: replayed anonymous calls must not spend every attempt in an FCM outage.
  const due = isDue(join.pushDueAt, now);
  return (join.push === 'pending' || join.push === 'sending') && due;
}

/**
 * The sweep's answer to an owed push it may retry but the inviter's budget has no room for:
 * it waits, without using up an attempt, until the window has room again.
 */
export function deferredPush(
  join: FriendJoin,
  budget: PushBudget | undefined,
  now: Date,
): FriendJoin & { dueAt: string | undefined } {
  return withDueAt({
    ...join,
    push: 'pending',
    pushDueAt: nextPushAt(budget, now).toISOString(),
    updatedAt: now.toISOString(),
  });
}

/**
 * Whether the join still carries this claim: nobody took the push over since (the sweep
 * re-claims a push whose lease ran out, and a slow sender's late outcome must not undo that).
 */
export function holdsPushClaim(
  join: Pick<FriendJoin, 'push' | 'pushAttempts' | 'pushClaimedAt'> | undefined,
  claim: PushClaim,
): boolean {
  return join?.push === 'sending' && join.pushAttempts === claim.attempts && join.pushClaimedAt === claim.claimedAt;
}

/**
 * A failure that is not the token's fault is retried with backoff until PUSH_MAX_ATTEMPTS, then
 * the push is `failed` for good. `undefined` values are fields to delete.
 */
export function settledPush(
  claim: PushClaim,
  result: PushResult,
  now: Date,
): Partial<Record<keyof FriendJoin, unknown>> {
  const iso = now.toISOString();
  let fields: Partial<FriendJoin>;
  if (result.kind === 'retry') {
    const retryAt = nextRetryAt(claim.attempts, now);
    fields = retryAt
      ? { push: 'pending', pushDueAt: retryAt, pushLastError: result.error }
      : { push: 'failed', pushDueAt: undefined, pushLastError: result.error };
  } else {
    fields = {
      push: result.kind,
      pushDueAt: undefined,
      pushLastError: result.kind === 'token-removed' ? result.error : undefined,
    };
  }
  const next = withDueAt({ ...fields, history: claim.history, historyDueAt: claim.historyDueAt });
  return {
    push: next.push,
    pushDueAt: next.pushDueAt,
    pushLastError: next.pushLastError,
    dueAt: next.dueAt,
    updatedAt: iso,
  };
}

export function sweepAction(
  join: FriendJoin,
  now: Date,
): { claimPush: boolean; giveUpPush: boolean; writeHistory: boolean } {
  const historyDue = join.history === 'owed' && isDue(join.historyDueAt, now);
  const claimPush = pushClaimable(join, now);
  // A last attempt whose sender died: nobody may claim it again, so it ends as failed.
  const giveUpPush =
    !claimPush &&
    join.push === 'sending' &&
    join.pushAttempts >= PUSH_MAX_ATTEMPTS &&
    join.pushDueAt !== undefined &&
    isDue(join.pushDueAt, now);
  return { claimPush, giveUpPush, writeHistory: historyDue };
}

/** The sweep's whole decision for one join, which the store (and the tests' fake) apply as it is. */
export interface SweepPlan {
  /** Null: unchanged. */
  join: (FriendJoin & { dueAt: string | undefined }) | null;
  /** The push budget's new `sentAt` when the claim counts a push. */
  budgetSentAt: string[] | null;
  claim: PushClaim | null;
  /** A last attempt whose sender died was ended as failed. */
  gaveUp: boolean;
  writeHistory: boolean;
}

const NOTHING: SweepPlan = { join: null, budgetSentAt: null, claim: null, gaveUp: false, writeHistory: false };

export function planSweep(
  read: FriendJoin | undefined,
  inviter: UserRecord | null,
  budget: PushBudget | undefined,
  now: Date,
): SweepPlan {
  if (!read) return NOTHING;
  // A replayed call's ask (replayAsks) is answered by this look, whatever it finds.
  const asked = read.retryAskedAt !== undefined;
  const join: FriendJoin = asked ? { ...read, retryAskedAt: undefined } : read;
  if (!join.dueAt || !isDue(join.dueAt, now))
    return asked ? { ...NOTHING, join: { ...withDueAt(join), updatedAt: now.toISOString() } } : NOTHING;
  const action = sweepAction(join, now);
  const writeHistory = action.writeHistory;
  if (action.claimPush) {
    const target = pushTargetOf(inviter);
    const token = target.token;
    // The inviter has had their pushes for the hour: retry once the window has room.
    if (token && !pushAllowed(budget, now)) return { ...NOTHING, join: deferredPush(join, budget, now), writeHistory };
    const { update, claim } = claimPush(join, target, now, 'sweep');
    return { ...NOTHING, join: update, budgetSentAt: token ? withPushCounted(budget, now) : null, claim, writeHistory };
  }
  // Nothing to claim: end a dead last attempt, and keep dueAt true to what is owed.
  const next = withDueAt({
    ...join,
    ...(action.giveUpPush ? { push: 'failed' as const, pushDueAt: undefined } : {}),
  });
  const changed = asked || action.giveUpPush || next.dueAt !== join.dueAt;
  return {
    ...NOTHING,
    join: changed ? { ...next, updatedAt: now.toISOString() } : null,
    gaveUp: action.giveUpPush,
    writeHistory,
  };
}
