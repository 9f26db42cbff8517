/**
 * How a join tries again when the store refuses its commit (flows/retry.ts runs the loop; the
 * store retries plain contention itself, as Firestore's transactions do):
 * - The inviter's push budget changed between its read and the commit (another join counted a
 *   push meanwhile): decide again on fresh reads. After BUDGET_CONFLICT_RETRIES such changes the
 *   join stops contending: its push is held for the inviter's summary instead (docs/joins.md H).
 * - Firestore refused the write as invalid: most likely the inviter's history document has no
 *   room left. Join once more without the entry, which is then owed and appended with the
 *   oldest entries dropped (docs/joins.md D). A second refusal stands.
 */

/**
 * How often a join decides again on a budget that changed under it. In a burst each join meets
 * at most about FRIEND_JOIN_PUSHES_PER_HOUR such changes.
 */
export const BUDGET_CONFLICT_RETRIES = 10;

export interface JoinAttempt {
  /** The history entry goes in the join's commit (false: it is owed, appended after). */
  historyInCommit: boolean;
  /** The join may count a push of its own in the budget (false: it holds it for the summary). */
  mayClaimPush: boolean;
  /** Budget changes met so far. */
  budgetConflicts: number;
}

export const FIRST_JOIN_ATTEMPT: JoinAttempt = { historyInCommit: true, mayClaimPush: true, budgetConflicts: 0 };

export type CommitRefusal = 'budget-changed' | 'invalid-argument';

/** The attempt after a refused one, or null when the refusal stands. */
export function nextJoinAttempt(attempt: JoinAttempt, refusal: CommitRefusal): JoinAttempt | null {
  if (refusal === 'budget-changed') {
    const budgetConflicts = attempt.budgetConflicts + 1;
    return { ...attempt, budgetConflicts, mayClaimPush: budgetConflicts < BUDGET_CONFLICT_RETRIES };
  }
  if (!attempt.historyInCommit) return null;
  return { ...FIRST_JOIN_ATTEMPT, historyInCommit: false };
}

/**
 * The pause before deciding again after a budget change: a random share (`random` in [0, 1))
 * of a window that grows with each change, so that a burst's joins spread out. None otherwise.
 */
export function retryDelayAfter(refusal: CommitRefusal, next: JoinAttempt, random: number): number {
  return refusal === 'budget-changed' ? random * 50 * next.budgetConflicts : 0;
}
