/**
 * The timing of owed pushes (a join's own, and the inviter's summary): the sender's lease, the
 * retries and their backoff. Kept apart so that push-claims.ts and push-budget.ts share it.
 */

/** A sender that claimed a push and did not settle it within this time is taken to have died. */
export const PUSH_LEASE_MS = 60_000;
/** Attempts at one push (the first by the join itself) before it is given up as `failed`. */
export const PUSH_MAX_ATTEMPTS = 6;
const RETRY_BASE_MS = 5 * 60_000;
const RETRY_MAX_MS = 6 * 60 * 60_000;

/** Delay before the next try after `attempts` failed ones: 5, 10, 20, 40, 80 minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** When a push that failed its `attempts`-th try is tried again, or null once it is given up. */
export function nextRetryAt(attempts: number, now: Date): string | null {
  return attempts >= PUSH_MAX_ATTEMPTS ? null : new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
}

/** Whether a due time has come (no due time: at once). */
export function isDue(dueAt: string | undefined, now: Date): boolean {
  return dueAt === undefined || Date.parse(dueAt) <= now.getTime();
}

export type PushResult =
  { kind: 'sent' } | { kind: 'no-token' } | { kind: 'token-removed'; error: string } | { kind: 'retry'; error: string };
