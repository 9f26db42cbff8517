/**
 * The record of one join (`_friendJoins/{inviterId}_{inviteeId}`): the friendship it made, and
 * the history entry and push it owes the inviter until they are settled; and a claim of that push.
 */
import type { InviteWay } from '@dayfocus/contracts/invite-ways';

/**
 * `undecided`: a new join's push, which the inviter's next batch decides (join-batch.ts): a push
 * of its own, or the summary. `summarized`: the inviter had had their pushes for the hour
 * (push-budget.ts), so this join got none of its own; the inviter's summary push counts it.
 */
export type PushState =
  'undecided' | 'sending' | 'pending' | 'sent' | 'no-token' | 'token-removed' | 'failed' | 'not-owed' | 'summarized';
/** `owed`: the entry waits for the inviter's next batch (join-batch.ts), which appends it. */
export type HistoryState = 'written' | 'owed' | 'not-owed';
/**
 * `trigger`: the function on the join's record, when the inviter's batch claimed the push;
 * `sweep`: the sweep claimed it (also when answering a replayed call's ask).
 */
export type PushSender = 'trigger' | 'sweep';

export interface FriendJoin {
  inviterId: string;
  inviteeId: string;
  /** Empty once her account is deleted (invites/domain/gone-invitees.ts). */
  inviteeName: string;
  /** When the invitee's account was deleted: she is no longer in the inviter's list. */
  inviteeDeletedAt?: string;
  /**
   * `created`: this join made the friendship; `existed`: the two were friends already. Through a
   * link that asks her first (invites/domain/approvals.ts): `requested` while it waits for her (what
   * it owes her then is the request's entry and push), `declined` once she said no.
   */
  friendship: 'created' | 'existed' | 'requested' | 'declined';
  /** A request's: the link it came through, when it was asked, and when it lapses undecided. */
  link?: string;
  requestedAt?: string;
  lapsesAt?: string;
  /** When she decided a request (`createdAt` is then the friendship's, her entry's date). */
  decidedAt?: string;
  /** How the invitee came to the invitation (invite-ways.ts), when known: the inviter's list says it. */
  way?: InviteWay;
  history: HistoryState;
  /** When the sweep delivers an owed entry (and an undecided push) that no batch has taken yet. */
  historyDueAt?: string;
  push: PushState;
  pushAttempts: number;
  pushClaimedAt?: string;
  /** Who sends the push claimed at `pushClaimedAt` (none on records made before there were two). */
  pushSender?: PushSender;
  /** `pending`: when the push is retried next; `sending`: when the sender's lease runs out. */
  pushDueAt?: string;
  pushLastError?: string;
  /**
   * When a replayed join call last asked for the owed work that is due (its push's retry, an
   * entry still owed): the trigger on the record does it then, not the call's commit.
   */
  retryAskedAt?: string;
  /** While anything is owed: the earliest of the due times above (what the sweep queries). */
  dueAt?: string;
  createdAt: string;
  updatedAt: string;
}

export interface PushClaim {
  inviterId: string;
  inviteeId: string;
  token: string | null;
  inviteeName: string;
  /** The inviter's: the push speaks it. */
  language?: string;
  /** Attempts including this one. */
  attempts: number;
  /** When this claim was made (the join's `pushClaimedAt`): with `attempts`, which claim it is. */
  claimedAt: string;
  history: HistoryState;
  historyDueAt?: string;
  /** The push asks her to decide a request, rather than telling of a friend (the record was `requested` when claimed). */
  asks?: boolean;
}

/**
 * The record with what is not yet on its way no longer owed: an undecided push, or one waiting for
 * its retry, and an entry still owed, their due times with them (an invitee gone, a request
 * declined). A push being sent (`sending`) finishes as claimed.
 */
export function withOwedDropped(join: FriendJoin): FriendJoin & { dueAt: string | undefined } {
  const next: FriendJoin = { ...join };
  if (next.push === 'undecided' || next.push === 'pending') {
    next.push = 'not-owed';
    delete next.pushDueAt;
  }
  if (next.history === 'owed') {
    next.history = 'not-owed';
    delete next.historyDueAt;
  }
  return withDueAt(next);
}

export function withDueAt<T extends Partial<FriendJoin>>(join: T): T & { dueAt: string | undefined } {
  const owed = [
    join.push === 'pending' || join.push === 'sending' ? join.pushDueAt : undefined,
    join.history === 'owed' ? join.historyDueAt : undefined,
  ];
  const times = owed.filter((t): t is string => typeof t === 'string').sort();
  return { ...join, dueAt: times[0] };
}
