/**
 * What a join writes: the friendship, the notification defaults, the history entry and the
 * push it owes the inviter, planned from what one transaction read (planJoin). Pure: the store
 * reads the state once, these functions decide, the store writes once.
 *
 * A join is remembered per (inviter, invitee) in `_friendJoins/{inviterId}_{inviteeId}`
 * (owed-work/domain/friend-join.ts), apart from the Friends document (which the app may delete
 * on an unfriending), so that it happens once per pair however often a call is replayed.
 */
import { cleanDisplayName } from '@dayfocus/contracts/names';
import {
  defaultNotifications,
  friendDocumentId,
  friendJoinHistoryEntry,
  friendRecord,
  acceptsInvitees,
  type FriendRecord,
  type HistoryEntry,
  type UserRecord,
} from '@dayfocus/contracts/records';
import type { PushBudget } from '../../owed-work/domain/push-budget.js';
import type { FriendJoin } from '../../owed-work/domain/friend-join.js';
import { planJoinPush, type JoinPushPlan } from '../../owed-work/domain/push-claims.js';
import { definedFields } from '../../platform/domain/defined-fields.js';

/** What the store read, in one transaction, for one invitee and (maybe) one inviter. */
export interface JoinState {
  inviteeId: string;
  inviterId: string | undefined;
  inviter: UserRecord | null;
  join: FriendJoin | undefined;
  /** A friendship in either direction exists already (made by the app, say). */
  friendsAlready: boolean;
  /** Notification defaults are owed: the companion made the record (companionRecord) and none exist. */
  notificationsOwed: boolean;
  /** The inviter's push budget as read (outside the transaction: see the store), if any. */
  budget?: PushBudget;
}

export interface JoinWrites {
  notifications?: ReturnType<typeof defaultNotifications>;
  friend?: { id: string; record: FriendRecord };
  /** The join's record in full (a new join) or the fields that change (a claim). */
  join?: JoinPushPlan['join'];
  historyEntry?: HistoryEntry;
  budget?: JoinPushPlan['budget'];
}

export type JoinOutcome = 'joined' | 'already-friends' | 'joined-before' | 'no-inviter' | 'inviter-gone';

/** A join's outcome and its writes; a push it claims is in the join's record, which the trigger sends. */
export interface JoinPlan {
  outcome: JoinOutcome;
  writes: JoinWrites;
}

/** What planJoin is told beside the state: the name to record, the time, and how the commit goes. */
export interface JoinInput {
  inviteeName: string;
  now: Date;
  historyInCommit: boolean;
  /** False after the budget kept changing under this call: hold the push rather than contend. */
  mayClaimPush?: boolean;
}

/**
 * Decides one join from the state read. The friendship, the history entry and the push go
 * together with the join's record, once per pair: a pair that has a record gets nothing
 * new, however often it is asked (only a push still owed may be claimed again).
 */
export function planJoin(state: JoinState, input: JoinInput): JoinPlan {
  const writes: JoinWrites = {};
  if (state.notificationsOwed) writes.notifications = defaultNotifications(state.inviteeId, input.now.toISOString());
  const { inviterId, inviteeId } = state;
  if (!inviterId || inviterId === inviteeId) return { outcome: 'no-inviter', writes };
  if (!state.join && !acceptsInvitees(state.inviter)) return { outcome: 'inviter-gone', writes };
  const now = input.now.toISOString();
  const inviteeName = cleanDisplayName(input.inviteeName);
  const base = { inviterId, inviteeId, inviteeName, pushAttempts: 0, createdAt: now, updatedAt: now };
  if (!state.join && state.friendsAlready) {
    // Nothing is owed to a pair that were friends already: the record has no due time.
    writes.join = { create: definedFields({ ...base, friendship: 'existed', history: 'not-owed', push: 'not-owed' }) };
    return { outcome: 'already-friends', writes };
  }
  const history: Pick<FriendJoin, 'history' | 'historyDueAt'> = input.historyInCommit
    ? { history: 'written' }
    : { history: 'owed', historyDueAt: now };
  const pair = state.join ? { before: state.join } : { made: { ...base, friendship: 'created' as const, ...history } };
  const push = planJoinPush(pair, state.inviter, state.budget, input.now, input.mayClaimPush ?? true);
  if (state.join) return { outcome: 'joined-before', writes: { ...writes, ...push } };
  writes.friend = {
    id: friendDocumentId(inviterId, inviteeId),
    record: friendRecord({ inviterId, inviteeId, inviteeName, now }),
  };
  if (input.historyInCommit) writes.historyEntry = friendJoinHistoryEntry({ inviteeId, inviteeName, now });
  return { outcome: 'joined', writes: { ...writes, ...push } };
}
