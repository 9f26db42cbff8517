/**
 * An inviter's batch: what many joins owe her, delivered together. A join's commit writes only
 * documents of its own (docs/joins.md D), and leaves its history entry `owed` and its push
 * `undecided` on its record. The batch appends the entries of up to BATCH_LIMIT such joins to her
 * history in one write and decides their pushes against her budget in the same transaction, so
 * that her two shared documents take one write per batch, not one per join: a viral inviter's
 * thousands of joins do not queue behind Firestore's write rate on one document. Pure: the store
 * reads, planBatch decides, the store writes.
 */
import {
  friendJoinHistoryEntry,
  joinRequestHistoryEntry,
  type HistoryEntry,
  type UserRecord,
} from '@dayfocus/contracts/records';
import { appendCapped } from './history.js';
import { budgetDueAt, joinPushDecision, withPushCounted, type PushBudget } from './push-budget.js';
import { pushClaimFields, pushTargetOf } from './push-claims.js';
import { withDueAt, type FriendJoin } from './friend-join.js';

/**
 * Joins one batch takes on: with the history document, the budget and the inviter, its
 * transaction writes at most this many plus two documents (Firestore takes 500 in one commit).
 */
export const BATCH_LIMIT = 400;

/**
 * How long a new join's owed work waits for a batch before the sweep delivers it: the trigger on
 * the join's record runs the batch within a second or two, so the sweep only meets joins whose
 * batch never ran (its trigger died).
 */
export const BATCH_GRACE_MS = 60_000;

/**
 * What a join's record owes her next batch when it is made (a join, a request, an approval): its
 * history entry and an undecided push, due to the sweep after BATCH_GRACE_MS.
 */
export function owedToBatch(now: Date): Pick<FriendJoin, 'history' | 'historyDueAt' | 'push'> {
  return { history: 'owed', historyDueAt: new Date(now.getTime() + BATCH_GRACE_MS).toISOString(), push: 'undecided' };
}

/** What a pair that were friends already owes her: nothing (the record has no due time). */
export const NOTHING_OWED = { history: 'not-owed', push: 'not-owed' } as const satisfies Pick<
  FriendJoin,
  'history' | 'push'
>;

export function owesBatch(join: Pick<FriendJoin, 'history' | 'push'> | undefined): boolean {
  return join?.history === 'owed' || join?.push === 'undecided';
}

export interface BatchState {
  inviterId: string;
  /** Any that no longer owe anything are left as they are. */
  joins: readonly FriendJoin[];
  inviter: UserRecord | null;
  budget: PushBudget | undefined;
  /** `NotificationHistory/{inviterId}` as read, if any. */
  history: Record<string, unknown> | undefined;
}

export interface BatchPlan {
  /** Null when no entry was owed. */
  history: unknown[] | null;
  /** The oldest entries dropped to keep the document within its size (history.ts). */
  dropped: number;
  joins: (FriendJoin & { dueAt: string | undefined })[];
  /** `undefined` values delete; null when no push was decided. */
  budget: Partial<Record<keyof PushBudget, unknown>> | null;
  /** Each claimed push is sent by the trigger on its join's record. */
  claimed: number;
  held: number;
}

const byJoinTime = (a: FriendJoin, b: FriendJoin) =>
  a.createdAt.localeCompare(b.createdAt) || a.inviteeId.localeCompare(b.inviteeId);

/**
 * Entries are appended in the order the joins were made, each dated at its join, and pushes are
 * decided in that order as one join at a time would have been.
 */
export function planBatch(state: BatchState, now: Date): BatchPlan {
  const iso = now.toISOString();
  const owed = state.joins.filter(owesBatch).sort(byJoinTime);
  const entries: HistoryEntry[] = owed
    .filter((join) => join.history === 'owed')
    .map((join) =>
      // A request still waiting for her is announced as one ("Asha asks to join you").
      (join.friendship === 'requested' ? joinRequestHistoryEntry : friendJoinHistoryEntry)({
        inviteeId: join.inviteeId,
        inviteeName: join.inviteeName,
        now: join.createdAt,
      }),
    );
  const appended =
    entries.length > 0
      ? appendCapped(state.inviterId, { ...state.history, userId: state.inviterId, updatedAt: iso }, entries)
      : null;
  const target = pushTargetOf(state.inviter);
  let budget: PushBudget = { ...state.budget, inviterId: state.inviterId };
  let claimed = 0;
  let held = 0;
  const joins = owed.map((join) => {
    // A replayed call's ask (push-claims.ts, replayAsks) is answered by the batch too.
    const next: FriendJoin = { ...join, retryAskedAt: undefined, updatedAt: iso };
    if (join.history === 'owed') Object.assign(next, { history: 'written', historyDueAt: undefined });
    if (join.push !== 'undecided') return withDueAt(next);
    if (!target.token) return withDueAt({ ...next, push: 'no-token' as const });
    if (joinPushDecision(budget, now) === 'claim') {
      claimed++;
      budget = { ...budget, sentAt: withPushCounted(budget, now) };
      return withDueAt({ ...next, ...pushClaimFields(join.pushAttempts + 1, now, 'trigger') });
    }
    // Her summary counts friends who joined: a request beyond her budget gets no push of its own,
    // and her history and her pending joins list it.
    if (join.friendship === 'requested') return withDueAt({ ...next, push: 'not-owed' as const });
    held++;
    const heldCount = (budget.heldCount ?? 0) + 1;
    budget = { ...budget, heldCount, heldName: join.inviteeName, heldInviteeId: join.inviteeId, heldAt: iso };
    return withDueAt({ ...next, push: 'summarized' as const });
  });
  // Only the fields a batch decides: the summary being delivered is the sweep's.
  const { inviterId, sentAt, heldCount, heldName, heldInviteeId, heldAt } = budget;
  const fields = { inviterId, sentAt, heldCount, heldName, heldInviteeId, heldAt };
  return {
    history: appended?.history ?? null,
    dropped: appended?.dropped ?? 0,
    joins,
    budget: claimed + held > 0 ? { ...fields, dueAt: budgetDueAt(budget, now), updatedAt: iso } : null,
    claimed,
    held,
  };
}
