/**
 * How many friend-join pushes an inviter's phone may get, and the one push that sums up the
 * joins beyond that. Pure: the store reads `_pushBudgets/{inviterId}`, these functions decide.
 *
 * The limit: at most FRIEND_JOIN_PUSHES_PER_HOUR pushes per inviter in any 60 minutes (a
 * rolling window, not a clock hour: a fixed window would let twice as many through around its
 * edge). Every claim of a push counts, whether FCM then takes it or not (a failed attempt may
 * still have reached the phone), and the summary push counts like any other.
 *
 * Why 5: most invitations bring a handful of friends, and each of those is news the inviter
 * wants one by one, so an ordinary inviter never meets the limit. A popular inviter who shares
 * the link in a big group gets the first five names as they arrive, then one push that sums
 * up the rest ("Asha and 14 others accepted your invitation") as soon as the hour allows: the
 * same information, without the phone buzzing every few seconds. A script that signs up
 * hundreds of accounts naming one inviter gets that inviter at most five buzzes an hour,
 * summaries included, however fast it runs.
 */
import { acceptsInvitees, type UserRecord } from '@dayfocus/contracts/records';
import { isDue, nextRetryAt, PUSH_LEASE_MS, PUSH_MAX_ATTEMPTS, type PushResult } from './push-timing.js';
import { definedFields } from '../../platform/domain/defined-fields.js';
import {
  nextAllowedAt,
  stampsInWindow,
  withEventCounted,
  type RollingWindow,
} from '../../platform/domain/rolling-window.js';

/** Friend-join pushes (summaries included) one inviter may get in any PUSH_BUDGET_WINDOW_MS. */
export const FRIEND_JOIN_PUSHES_PER_HOUR = 5;
export const PUSH_BUDGET_WINDOW_MS = 60 * 60_000;

export interface SummaryPush {
  /** Stable across retries (it names the push's collapse id): when the summary was first claimed. */
  id: string;
  /** The joins it sums up: its `name` and `count - 1` others. */
  count: number;
  /** The most recent of them. */
  name: string;
  inviteeId: string;
  /** `sending`: claimed, lease until `dueAt`; `pending`: retried at `dueAt`. */
  state: 'sending' | 'pending';
  attempts: number;
  claimedAt: string;
  dueAt: string;
  lastError?: string;
}

export interface PushBudget {
  inviterId: string;
  /** The claim times of the latest pushes (at most the limit), oldest first. */
  sentAt?: string[];
  /**
   * The joins since the last summary that got no push of their own. A join adds itself with a
   * blind write (an increment), so that many joins at once do not contend once the limit is reached.
   */
  heldCount?: number;
  heldName?: string;
  heldInviteeId?: string;
  heldAt?: string;
  summary?: SummaryPush;
  /** The outcome of the last summary that was settled (for whoever looks into a complaint). */
  lastSummary?: { id: string; count: number; result: string; at: string };
  /** While something is owed, when the sweep should look again. */
  dueAt?: string;
  updatedAt?: string;
}

const PUSH_WINDOW: RollingWindow = { limit: FRIEND_JOIN_PUSHES_PER_HOUR, windowMs: PUSH_BUDGET_WINDOW_MS };

export function pushAllowed(budget: Pick<PushBudget, 'sentAt'> | undefined, now: Date): boolean {
  return stampsInWindow(budget?.sentAt, PUSH_WINDOW, now).length < FRIEND_JOIN_PUSHES_PER_HOUR;
}

export function nextPushAt(budget: Pick<PushBudget, 'sentAt'> | undefined, now: Date): Date {
  return nextAllowedAt(budget?.sentAt, PUSH_WINDOW, now);
}

/** Older claims that no longer matter are dropped. */
export function withPushCounted(budget: Pick<PushBudget, 'sentAt'> | undefined, now: Date): string[] {
  return withEventCounted(budget?.sentAt, PUSH_WINDOW, now);
}

/** Whether joins are waiting for a summary (held, or in one being delivered). */
export function summaryOwed(budget: PushBudget | undefined): boolean {
  return (budget?.heldCount ?? 0) > 0 || budget?.summary !== undefined;
}

/**
 * What a new join that is owed a push does with it: `claim` (a push of its own, counted now)
 * or `hold` (it waits for the summary). A join holds while others wait for a summary, so that
 * new joins never starve the summary of its place in the window.
 */
export function joinPushDecision(budget: PushBudget | undefined, now: Date): 'claim' | 'hold' {
  return !summaryOwed(budget) && pushAllowed(budget, now) ? 'claim' : 'hold';
}

/** Undefined when nothing is owed. */
export function budgetDueAt(budget: PushBudget, now: Date): string | undefined {
  const { summary } = budget;
  if (summary?.state === 'sending') return summary.dueAt;
  const slot = nextPushAt(budget, now).toISOString();
  if (summary?.state === 'pending') return summary.dueAt > slot ? summary.dueAt : slot;
  return (budget.heldCount ?? 0) > 0 ? slot : undefined;
}

export interface SummaryClaim {
  inviterId: string;
  token: string | null;
  language: string | undefined;
  summary: SummaryPush;
}

export interface SummaryPlan {
  /** `undefined` values delete the field; null: no write. */
  update: Partial<Record<keyof PushBudget, unknown>> | null;
  claim: SummaryClaim | null;
  /** Joins whose summary is given up: its last attempt's sender died, or the inviter has no token. */
  dropped: { count: number; reason: 'failed' | 'no-token' }[];
}

const heldCleared = { heldCount: 0, heldName: undefined, heldInviteeId: undefined, heldAt: undefined };

export function planDueSummary(
  inviterId: string,
  budget: PushBudget | undefined,
  inviter: UserRecord | null,
  now: Date,
): SummaryPlan {
  if (!budget?.dueAt || !isDue(budget.dueAt, now)) return { update: null, claim: null, dropped: [] };
  const target = acceptsInvitees(inviter) ? { token: inviter.fcmToken || null, language: inviter.language } : null;
  return planSummary({ ...budget, inviterId }, target, now);
}

/**
 * The sweep's look at a budget whose due time has come: claims the summary (the one being
 * retried, with the joins held since folded into it, or a new one of the held joins) when the
 * window has room, and otherwise says when to look again.
 */
export function planSummary(
  budget: PushBudget,
  inviter: { token: string | null; language: string | undefined } | null,
  now: Date,
): SummaryPlan {
  const iso = now.toISOString();
  const held = budget.heldCount ?? 0;
  let summary = budget.summary;
  const changes: Partial<Record<keyof PushBudget, unknown>> = {};
  const dropped: SummaryPlan['dropped'] = [];
  const finish = (next: PushBudget): SummaryPlan => {
    const dueAt = budgetDueAt(next, now);
    const changed = Object.keys(changes).length > 0 || dueAt !== budget.dueAt;
    return { update: changed ? { ...changes, dueAt, updatedAt: iso } : null, claim: null, dropped };
  };
  // Another sender holds it, or its retry is not due yet.
  if (summary && !isDue(summary.dueAt, now)) return finish(budget);
  if (summary && summary.attempts >= PUSH_MAX_ATTEMPTS) {
    // The last attempt's sender died: nobody may claim it again.
    dropped.push({ count: summary.count, reason: 'failed' });
    Object.assign(changes, {
      summary: undefined,
      lastSummary: { id: summary.id, count: summary.count, result: 'failed', at: iso },
    });
    summary = undefined;
  }
  if (!summary && held === 0) return finish({ ...budget, summary });
  if (!inviter?.token) {
    // Nothing can reach the inviter (no token, or the inviter is gone), as for a join's own push.
    const count = (summary?.count ?? 0) + held;
    dropped.push({ count, reason: 'no-token' });
    Object.assign(changes, heldCleared, {
      summary: undefined,
      lastSummary: { id: summary?.id ?? iso, count, result: 'no-token', at: iso },
    });
    return finish({ ...budget, ...heldCleared, summary: undefined });
  }
  if (!pushAllowed(budget, now)) return finish({ ...budget, summary });
  const fold = held > 0;
  const claimed: SummaryPush = definedFields({
    id: summary?.id ?? iso,
    count: (summary?.count ?? 0) + held,
    name: fold ? String(budget.heldName ?? '') : (summary?.name ?? ''),
    inviteeId: fold ? String(budget.heldInviteeId ?? '') : (summary?.inviteeId ?? ''),
    state: 'sending' as const,
    attempts: (summary?.attempts ?? 0) + 1,
    claimedAt: iso,
    dueAt: new Date(now.getTime() + PUSH_LEASE_MS).toISOString(),
    lastError: summary?.lastError,
  });
  return {
    update: {
      ...changes,
      ...heldCleared,
      summary: claimed,
      sentAt: withPushCounted(budget, now),
      dueAt: claimed.dueAt,
      updatedAt: iso,
    },
    claim: { inviterId: budget.inviterId, token: inviter.token, language: inviter.language, summary: claimed },
    dropped,
  };
}

export type SummaryResult = PushResult;

/** Null when the claim is no longer this caller's (its lease ran out and another sender took it over). */
export function settledSummary(
  budget: PushBudget | undefined,
  claim: SummaryClaim,
  result: SummaryResult,
  now: Date,
): Partial<Record<keyof PushBudget, unknown>> | null {
  const current = budget?.summary;
  if (!budget || !current || current.id !== claim.summary.id || current.claimedAt !== claim.summary.claimedAt)
    return null;
  const iso = now.toISOString();
  let summary: SummaryPush | undefined;
  let outcome: string | undefined;
  const retryAt = result.kind === 'retry' ? nextRetryAt(current.attempts, now) : null;
  if (result.kind === 'retry' && retryAt) {
    summary = { ...current, state: 'pending', dueAt: retryAt, lastError: result.error };
  } else {
    outcome = result.kind === 'retry' ? 'failed' : result.kind;
  }
  const next = { ...budget, summary };
  return {
    summary,
    ...(outcome ? { lastSummary: { id: current.id, count: current.count, result: outcome, at: iso } } : {}),
    dueAt: budgetDueAt(next, now),
    updatedAt: iso,
  };
}
