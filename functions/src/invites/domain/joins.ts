/**
 * The rules of a join: who may be named as inviter, what a join writes, what it owes the
 * inviter (the history entry, the push), and how owed work is retried. Pure: the store
 * reads the state once, these functions decide, the store writes once.
 *
 * A join is remembered per (inviter, invitee) in `_friendJoins/{inviterId}_{inviteeId}`,
 * apart from the Friends document (which the app may delete on an unfriending), so that
 * it happens once per pair however often a call is replayed.
 */
import { SOCIAL_PROVIDERS, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import { documentNameSize, firestoreValueSize, MAX_DOCUMENT_BYTES } from '../../platform/domain/document-size.js';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import {
  joinPushDecision,
  nextPushAt,
  pushAllowed,
  withPushCounted,
  type PushBudget,
} from '../../owed-work/domain/push-budget.js';
import {
  isDue,
  nextRetryAt,
  PUSH_LEASE_MS,
  PUSH_MAX_ATTEMPTS,
  type PushResult,
} from '../../owed-work/domain/push-timing.js';
import {
  collections,
  defaultNotifications,
  emailSignUpRecord,
  friendDocumentId,
  friendJoinHistoryEntry,
  friendRecord,
  acceptsInvitees,
  missingFields,
  socialSignUpRecord,
  type SignUpRecord,
  type FriendRecord,
  type HistoryEntry,
  type UserRecord,
} from '@dayfocus/contracts/records';

import type { VerificationOutcome } from '@dayfocus/contracts/answers';

export {
  isDue,
  PUSH_LEASE_MS,
  PUSH_MAX_ATTEMPTS,
  retryDelayMs,
  type PushResult,
} from '../../owed-work/domain/push-timing.js';

/**
 * `summarized`: the inviter had had their pushes for the hour (push-budget.ts), so this join
 * got none of its own; the inviter's summary push counts it.
 */
export type PushState =
  'sending' | 'pending' | 'sent' | 'no-token' | 'token-removed' | 'failed' | 'not-owed' | 'summarized';
export type HistoryState = 'written' | 'owed' | 'not-owed';

export interface FriendJoin {
  inviterId: string;
  inviteeId: string;
  inviteeName: string;
  /** `created`: this join made the friendship; `existed`: the two were friends already. */
  friendship: 'created' | 'existed';
  history: HistoryState;
  /** When an owed history entry is tried next. */
  historyDueAt?: string;
  push: PushState;
  pushAttempts: number;
  pushClaimedAt?: string;
  /** `pending`: when the push is retried next; `sending`: when the sender's lease runs out. */
  pushDueAt?: string;
  pushLastError?: string;
  /** While anything is owed: the earliest of the due times above (what the sweep queries). */
  dueAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** The sweep's schedule; retries are never due sooner than the next run anyway. */
export const SWEEP_SCHEDULE = 'every 5 minutes';

/**
 * When the history document has no room for another entry, the oldest entries are dropped
 * until the document is at most this size: well under Firestore's 1 MiB, so that a trim is
 * rare (a few hundred joins apart) and the app never reads a document at the very limit.
 */
export const HISTORY_TRIM_TO_BYTES = 768 * 1024;

// ---------------------------------------------------------------------------------------
// Who chooses the inviter
// ---------------------------------------------------------------------------------------

export interface AccountFacts {
  emailVerified: boolean;
  providerIds: string[];
  /** Disabled by an administrator: never activated or joined. */
  disabled?: boolean;
  /** When the account's sessions were last revoked (ISO), if ever: older ID tokens no longer count. */
  tokensValidAfter?: string;
}

/** An account that has proved its address: a verified email, or Apple or Google. */
export function accountProved(account: AccountFacts): boolean {
  return account.emailVerified || account.providerIds.some((p) => SOCIAL_PROVIDERS.has(p));
}

/**
 * Whether an ID token signed in at `authTime` (seconds, the token's `auth_time`) still speaks
 * for the account: not once the account was disabled, nor once its sessions were revoked
 * after that sign-in (what the Admin SDK's `checkRevoked` compares, here against the account
 * the flow reads anyway).
 */
export function sessionStillValid(authTime: number | undefined, account: AccountFacts): boolean {
  if (account.disabled) return false;
  if (!account.tokensValidAfter) return true;
  if (authTime === undefined) return false;
  return authTime * 1000 >= Date.parse(account.tokensValidAfter);
}

/**
 * Whether the inviter recorded on a user record still speaks for the account's owner: only a
 * proof of the address made by the person who chose the inviter validates the choice.
 * - One recorded by an email sign-up counts only while the password sign-in is still on the
 *   account and the address was proved by that sign-up's own verification e-mail: the
 *   companion applied its code while the address was unverified (`signUpProvedAt`). Any other
 *   proof (a password reset, an e-mail-link sign-in, an administrator, a Google or Apple
 *   sign-in that took the account over and dropped the password) leaves it void for good: a
 *   verification code applied later finds the address verified already.
 * - One recorded by Apple or Google counts while that provider is on the account.
 * A disabled account's never counts.
 */
export function recordedInviterCounts(
  signUp: Pick<SignUpRecord, 'invitedBy' | 'invitedVia' | 'signUpProvedAt'> | undefined,
  account: AccountFacts,
): boolean {
  if (!signUp?.invitedBy || account.disabled) return false;
  const via = signUp.invitedVia ?? PASSWORD_PROVIDER;
  if (!account.providerIds.includes(via)) return false;
  return via !== PASSWORD_PROVIDER || (account.emailVerified && typeof signUp.signUpProvedAt === 'string');
}

/**
 * Whether the proof of a verification code counts for this sign-up: the companion applied
 * the code now, on an address that was not verified a moment before; or the code was
 * consumed already (a second tab, a retry after a failure between applying it and recording
 * it) and its digest was recorded by this account's activation before it was applied.
 */
export function verificationCodeProves(
  outcome: VerificationOutcome,
  input: { verifiedBefore: boolean; codeDigest: string; recordedDigests: readonly string[] | undefined },
): boolean {
  if (outcome === 'applied') return !input.verifiedBefore;
  return outcome === 'used-or-invalid' && (input.recordedDigests ?? []).includes(input.codeDigest);
}

/**
 * A record the companion made or completes, as it was before this call: none yet, one without
 * `isActive` (the base record the account trigger makes), or one whose inviter a companion
 * sign-up recorded. Only such records get notification defaults: an app user who never came
 * through an invitation keeps the app's own settings (the app always sets `isActive`).
 */
export function companionRecord(user: Partial<UserRecord> | undefined, signUp: SignUpRecord | undefined): boolean {
  return user === undefined || user.isActive === undefined || typeof signUp?.invitedBy === 'string';
}

/** What a step sets: on the app's `Users` record, and on the server's own sign-up record (empty: nothing). */
export interface SignUpUpdates {
  user: Partial<UserRecord>;
  signUp: Partial<SignUpRecord>;
}

/**
 * What activation sets: on the record, the flags where it has none (an email sign-up's), never
 * `false` to `true` (an account the app switched off stays off), and the time; on the sign-up
 * record, the proof of the address when this call made it for a recorded inviter.
 */
export function activationUpdate(
  user: Partial<UserRecord>,
  signUp: SignUpRecord | undefined,
  input: { proved: boolean; now: string },
): SignUpUpdates {
  const update: Partial<UserRecord> = { updatedAt: input.now };
  if (user.isActive === undefined) update.isActive = true;
  if (user.isVerified === undefined) update.isVerified = true;
  const proof = input.proved && signUp?.invitedBy && !signUp.signUpProvedAt ? { signUpProvedAt: input.now } : {};
  return { user: update, signUp: proof };
}

/** What an email sign-up sets: what the record is missing, and the inviter if none is recorded. */
export function emailSignUpUpdate(
  existing: Partial<UserRecord> | undefined,
  signUp: SignUpRecord | undefined,
  input: { userId: string; email: string; name: string; inviterId: string; now: string },
): SignUpUpdates {
  return {
    user: {
      ...missingFields(existing, emailSignUpRecord(input), companionRecord(existing, signUp)),
      updatedAt: input.now,
    },
    signUp: signUp?.invitedBy ? {} : { invitedBy: input.inviterId, invitedVia: PASSWORD_PROVIDER },
  };
}

/**
 * What an Apple or Google sign-up sets on the record: what is missing, the flags, and the
 * link's inviter where none is recorded or the recorded one no longer counts (an email
 * sign-up's inviter after the address's owner took the account over).
 */
export function socialSignUpUpdate(
  existing: Partial<UserRecord> | undefined,
  signUp: SignUpRecord | undefined,
  input: {
    userId: string;
    email: string;
    name: string | undefined;
    provider: string;
    inviterId: string;
    account: AccountFacts;
    now: string;
  },
): SignUpUpdates {
  const defaults = socialSignUpRecord({ userId: input.userId, email: input.email, name: input.name, now: input.now });
  // The flags only where the record has none: an account the app switched off stays off.
  return {
    user: { ...missingFields(existing, defaults, companionRecord(existing, signUp)), updatedAt: input.now },
    signUp: recordedInviterCounts(signUp, input.account)
      ? {}
      : { invitedBy: input.inviterId, invitedVia: input.provider },
  };
}

// ---------------------------------------------------------------------------------------
// What a join writes
// ---------------------------------------------------------------------------------------

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

/** A push this call has claimed and must now send (and settle). */
export interface PushClaim {
  inviterId: string;
  inviteeId: string;
  token: string | null;
  inviteeName: string;
  /** The inviter's `language`: the push speaks it (push.ts). */
  language?: string;
  /** Attempts including this one. */
  attempts: number;
  /** When this claim was made (the join's `pushClaimedAt`): with `attempts`, which claim it is. */
  claimedAt: string;
  history: HistoryState;
  historyDueAt?: string;
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

/** Recomputes `dueAt`, the earliest time anything owed on this join is due. */
export function withDueAt<T extends Partial<FriendJoin>>(join: T): T & { dueAt: string | undefined } {
  const owed = [
    join.push === 'pending' || join.push === 'sending' ? join.pushDueAt : undefined,
    join.history === 'owed' ? join.historyDueAt : undefined,
  ];
  const times = owed.filter((t): t is string => typeof t === 'string').sort();
  return { ...join, dueAt: times[0] };
}

/**
 * Claims a join's push for one caller: the join's fields with the claim (and its lease) in
 * them, and the claim to send with the inviter's current `token`.
 */
export function claimPush(
  join: FriendJoin,
  inviter: { token: string | null; language: string | undefined },
  now: Date,
): { update: FriendJoin & { dueAt: string | undefined }; claim: PushClaim } {
  const attempts = join.pushAttempts + 1;
  const claim: PushClaim = {
    inviterId: join.inviterId,
    inviteeId: join.inviteeId,
    token: inviter.token,
    inviteeName: join.inviteeName,
    language: inviter.language,
    attempts,
    claimedAt: now.toISOString(),
    history: join.history,
    historyDueAt: join.historyDueAt,
  };
  return { update: withDueAt({ ...join, ...pushClaimFields(attempts, now) }), claim };
}

/** The fields of a claim: the push is being sent by one caller until the lease runs out. */
function pushClaimFields(
  attempts: number,
  now: Date,
): Pick<FriendJoin, 'push' | 'pushAttempts' | 'pushClaimedAt' | 'pushDueAt' | 'updatedAt'> {
  return {
    push: 'sending',
    pushAttempts: attempts,
    pushClaimedAt: now.toISOString(),
    pushDueAt: new Date(now.getTime() + PUSH_LEASE_MS).toISOString(),
    updatedAt: now.toISOString(),
  };
}

/**
 * Whether a caller (a replayed call, or the sweep) may take this join's push at `now`: a push
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
 * Decides one join from the state read. The friendship, the history entry and the push go
 * together with the join's record, once per pair: a pair that has a record gets nothing
 * new, however often it is asked (only a push still owed may be claimed again).
 */
export function planJoin(
  state: JoinState,
  input: {
    inviteeName: string;
    now: Date;
    historyInCommit: boolean;
    /** False after the budget kept changing under this call: hold the push rather than contend. */
    mayClaimPush?: boolean;
  },
): JoinPlan {
  const mayClaimPush = input.mayClaimPush ?? true;
  const now = input.now.toISOString();
  const writes: JoinWrites = {};
  if (state.notificationsOwed) writes.notifications = defaultNotifications(state.inviteeId, now);
  const { inviterId } = state;
  if (!inviterId || inviterId === state.inviteeId) return { outcome: 'no-inviter', writes, push: null };

  if (state.join) {
    const join = state.join;
    if (!pushClaimable(join, input.now)) return { outcome: 'joined-before', writes, push: null };
    const token = (acceptsInvitees(state.inviter) && state.inviter.fcmToken) || null;
    if (token) {
      // A push that reaches the phone counts; when the hour is full the sweep retries it later.
      if (!mayClaimPush || !pushAllowed(state.budget, input.now))
        return { outcome: 'joined-before', writes, push: null };
      writes.budget = { count: withPushCounted(state.budget, input.now) };
    }
    const { update, claim } = claimPush(join, { token, language: state.inviter?.language }, input.now);
    writes.join = { update };
    return { outcome: 'joined-before', writes, push: claim };
  }

  if (!acceptsInvitees(state.inviter)) return { outcome: 'inviter-gone', writes, push: null };
  const inviteeName = cleanDisplayName(input.inviteeName);
  const base = { inviterId, inviteeId: state.inviteeId, inviteeName, pushAttempts: 0, createdAt: now, updatedAt: now };

  if (state.friendsAlready) {
    writes.join = {
      create: stripUndefined(withDueAt({ ...base, friendship: 'existed', history: 'not-owed', push: 'not-owed' })),
    };
    return { outcome: 'already-friends', writes, push: null };
  }

  const token = state.inviter.fcmToken || null;
  const history: Pick<FriendJoin, 'history' | 'historyDueAt'> = input.historyInCommit
    ? { history: 'written' }
    : { history: 'owed', historyDueAt: now };
  // The inviter's phone gets this join's own push only while the hour has room (push-budget.ts).
  const decision = token && mayClaimPush ? joinPushDecision(state.budget, input.now) : 'hold';
  const pushFields: Pick<FriendJoin, 'push'> & Partial<FriendJoin> = !token
    ? { push: 'no-token' }
    : decision === 'claim'
      ? pushClaimFields(1, input.now)
      : { push: 'summarized' };
  if (token) {
    writes.budget =
      decision === 'claim'
        ? { count: withPushCounted(state.budget, input.now) }
        : {
            hold: {
              inviteeId: state.inviteeId,
              inviteeName,
              at: now,
              dueAt: nextPushAt(state.budget, input.now).toISOString(),
            },
          };
  }
  const join = withDueAt({
    ...base,
    friendship: 'created' as const,
    ...history,
    ...pushFields,
  });
  writes.friend = {
    id: friendDocumentId(inviterId, state.inviteeId),
    record: friendRecord({ inviterId, inviteeId: state.inviteeId, inviteeName, now }),
  };
  writes.join = { create: stripUndefined(join) };
  const entry = friendJoinHistoryEntry({ inviteeId: state.inviteeId, inviteeName, now });
  if (input.historyInCommit) writes.historyEntry = entry;
  return {
    outcome: 'joined',
    writes,
    push:
      token && decision === 'claim'
        ? {
            inviterId,
            inviteeId: state.inviteeId,
            token,
            inviteeName,
            language: state.inviter.language,
            attempts: 1,
            claimedAt: input.now.toISOString(),
            history: join.history,
            historyDueAt: join.historyDueAt,
          }
        : null,
  };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

// ---------------------------------------------------------------------------------------
// Settling owed work
// ---------------------------------------------------------------------------------------

/**
 * The join's fields after a claimed push was tried. A failure that is not the token's fault
 * is retried with backoff until PUSH_MAX_ATTEMPTS, then the push is `failed` for good.
 * Returns `undefined` for the fields to delete.
 */
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

/** What the sweep does with a join whose due time has come. */
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

// ---------------------------------------------------------------------------------------
// The inviter's history, capped
// ---------------------------------------------------------------------------------------

/**
 * The history list with `entry` appended and the oldest entries dropped until the whole
 * document (its other fields included) is at most `maxBytes` by Firestore's size rules.
 */
export function appendCapped(
  inviterId: string,
  document: Record<string, unknown> | undefined,
  entry: HistoryEntry,
  maxBytes: number = HISTORY_TRIM_TO_BYTES,
): { history: unknown[]; dropped: number } {
  const current = Array.isArray(document?.history) ? (document.history as unknown[]) : [];
  const history = [...current, entry];
  const { history: _list, ...others } = document ?? {};
  const fixed =
    documentNameSize(`${collections.notificationHistory}/${inviterId}`) +
    32 +
    firestoreValueSize(others) +
    firestoreValueSize('history');
  const sizes = history.map((item) => firestoreValueSize(item));
  let total = fixed + sizes.reduce((sum, size) => sum + size, 0);
  let dropped = 0;
  while (total > Math.min(maxBytes, MAX_DOCUMENT_BYTES) && dropped < history.length - 1) {
    total -= sizes[dropped] ?? 0;
    dropped++;
  }
  return { history: history.slice(dropped), dropped };
}
