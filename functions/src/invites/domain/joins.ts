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
  joinPushDecision,
  nextPushAt,
  pushAllowed,
  withPushCounted,
  type PushBudget,
} from '../../owed-work/domain/push-budget.js';
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
import { type FriendJoin, type PushClaim, withDueAt } from '../../owed-work/domain/friend-join.js';
import {
  claimPush,
  pushClaimFields,
  pushClaimable,
  pushClaimOf,
  pushTargetOf,
} from '../../owed-work/domain/push-claims.js';
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

/**
 * What a join does to the inviter's push budget: `count` a push it claims (the new `sentAt`,
 * written only if the budget is still as read), or `hold` its push for the summary (blind
 * writes: an increment and the latest name, so that held joins never contend).
 */
export type BudgetWrite =
  { count: string[] } | { hold: { inviteeId: string; inviteeName: string; at: string; dueAt: string } };

export interface JoinWrites {
  notifications?: ReturnType<typeof defaultNotifications>;
  friend?: { id: string; record: FriendRecord };
  /** The join's record in full (a new join) or the fields that change (a claim). */
  join?: { create: FriendJoin } | { update: Partial<FriendJoin> };
  historyEntry?: HistoryEntry;
  budget?: BudgetWrite;
}

export type JoinOutcome = 'joined' | 'already-friends' | 'joined-before' | 'no-inviter' | 'inviter-gone';

export interface JoinPlan {
  outcome: JoinOutcome;
  writes: JoinWrites;
  push: PushClaim | null;
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
  const { inviterId } = state;
  if (!inviterId || inviterId === state.inviteeId) return { outcome: 'no-inviter', writes, push: null };
  if (state.join) return planJoinAgain(state, state.join, input, writes);
  if (!acceptsInvitees(state.inviter)) return { outcome: 'inviter-gone', writes, push: null };
  return planNewJoin({ ...state, inviterId, inviter: state.inviter }, input, writes);
}

/** A pair joined before: nothing new, but a push still owed may be claimed again. */
function planJoinAgain(state: JoinState, join: FriendJoin, input: JoinInput, writes: JoinWrites): JoinPlan {
  if (!pushClaimable(join, input.now)) return { outcome: 'joined-before', writes, push: null };
  const target = pushTargetOf(state.inviter);
  const token = target.token;
  if (token) {
    // A push that reaches the phone counts; when the hour is full the sweep retries it later.
    if (!(input.mayClaimPush ?? true) || !pushAllowed(state.budget, input.now))
      return { outcome: 'joined-before', writes, push: null };
    writes.budget = { count: withPushCounted(state.budget, input.now) };
  }
  const { update, claim } = claimPush(join, target, input.now, 'trigger');
  writes.join = { update };
  return { outcome: 'joined-before', writes, push: claim };
}

/** A new join with an inviter who takes invitees: its record, and the friendship, history entry and push it makes. */
function planNewJoin(
  state: JoinState & { inviterId: string; inviter: UserRecord },
  input: JoinInput,
  writes: JoinWrites,
): JoinPlan {
  const { inviterId, inviteeId } = state;
  const now = input.now.toISOString();
  const inviteeName = cleanDisplayName(input.inviteeName);
  const base = { inviterId, inviteeId, inviteeName, pushAttempts: 0, createdAt: now, updatedAt: now };
  if (state.friendsAlready) {
    writes.join = {
      create: definedFields(withDueAt({ ...base, friendship: 'existed', history: 'not-owed', push: 'not-owed' })),
    };
    return { outcome: 'already-friends', writes, push: null };
  }
  const token = state.inviter.fcmToken || null;
  const history: Pick<FriendJoin, 'history' | 'historyDueAt'> = input.historyInCommit
    ? { history: 'written' }
    : { history: 'owed', historyDueAt: now };
  // The inviter's phone gets this join's own push only while the hour has room (push-budget.ts).
  const decision = token && (input.mayClaimPush ?? true) ? joinPushDecision(state.budget, input.now) : 'hold';
  const pushFields: Pick<FriendJoin, 'push'> & Partial<FriendJoin> = !token
    ? { push: 'no-token' }
    : decision === 'claim'
      ? pushClaimFields(1, input.now, 'trigger')
      : { push: 'summarized' };
  if (token) writes.budget = budgetWrite(decision, state, inviteeName, input.now);
  const join = withDueAt({ ...base, friendship: 'created' as const, ...history, ...pushFields });
  writes.friend = {
    id: friendDocumentId(inviterId, inviteeId),
    record: friendRecord({ inviterId, inviteeId, inviteeName, now }),
  };
  writes.join = { create: definedFields(join) };
  if (input.historyInCommit) writes.historyEntry = friendJoinHistoryEntry({ inviteeId, inviteeName, now });
  const push: PushClaim | null =
    token && decision === 'claim' ? pushClaimOf(join, now, { token, language: state.inviter.language }) : null;
  return { outcome: 'joined', writes, push };
}

/** What a new join with a token does to the inviter's budget: counts its claimed push, or holds it for the summary. */
function budgetWrite(decision: 'claim' | 'hold', state: JoinState, inviteeName: string, now: Date): BudgetWrite {
  if (decision === 'claim') return { count: withPushCounted(state.budget, now) };
  const dueAt = nextPushAt(state.budget, now).toISOString();
  return { hold: { inviteeId: state.inviteeId, inviteeName, at: now.toISOString(), dueAt } };
}
