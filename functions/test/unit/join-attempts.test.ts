/** The retry policy of a refused join commit (domain/join-attempts.ts) and the loop that runs it (flows/retry.ts). */
import { describe, expect, it } from 'vitest';
import {
  BUDGET_CONFLICT_RETRIES,
  FIRST_JOIN_ATTEMPT,
  nextJoinAttempt,
  retryDelayAfter,
  type JoinAttempt,
} from '../../src/invites/domain/join-attempts.js';
import { CommitRefused } from '../../src/invites/flows/ports.js';
import { retryRefusedCommits } from '../../src/invites/flows/retry.js';

const refused = (reason: CommitRefused['reason']) => new CommitRefused(reason, { cause: new Error(reason) });

describe('the policy', () => {
  it('decides again on a changed budget, and stops contending after BUDGET_CONFLICT_RETRIES changes', () => {
    let attempt: JoinAttempt = FIRST_JOIN_ATTEMPT;
    const mayClaim: boolean[] = [];
    for (let i = 0; i < BUDGET_CONFLICT_RETRIES + 2; i++) {
      const next = nextJoinAttempt(attempt, 'budget-changed');
      if (!next) throw new Error('a budget change is always tried again');
      attempt = next;
      mayClaim.push(attempt.mayClaimPush);
    }
    expect(mayClaim.filter(Boolean)).toHaveLength(BUDGET_CONFLICT_RETRIES - 1);
    expect(mayClaim.slice(-3)).toEqual([false, false, false]);
    expect(attempt.historyInCommit).toBe(true);
  });

  it('joins once more without the history entry when the commit is refused as invalid, and only once', () => {
    const second = nextJoinAttempt({ ...FIRST_JOIN_ATTEMPT, budgetConflicts: 4 }, 'invalid-argument');
    expect(second).toEqual({ historyInCommit: false, mayClaimPush: true, budgetConflicts: 0 });
    expect(second && nextJoinAttempt(second, 'invalid-argument')).toBeNull();
  });

  it('pauses a growing random share after a budget change, and not at all after an invalid commit', () => {
    const after = (conflicts: number) => ({ ...FIRST_JOIN_ATTEMPT, budgetConflicts: conflicts });
    expect(retryDelayAfter('budget-changed', after(1), 0.5)).toBe(25);
    expect(retryDelayAfter('budget-changed', after(4), 0.5)).toBe(100);
    expect(retryDelayAfter('budget-changed', after(4), 0)).toBe(0);
    expect(retryDelayAfter('invalid-argument', after(0), 0.9)).toBe(0);
  });
});

describe('retryRefusedCommits', () => {
  const clock = () => {
    const pauses: number[] = [];
    return { pauses, sleep: async (ms: number) => void pauses.push(ms), random: () => 0.5 };
  };

  it('runs the attempts the policy gives until one commits, and reports what it met', async () => {
    const seen: JoinAttempt[] = [];
    const refusals = [refused('budget-changed'), refused('invalid-argument'), refused('budget-changed')];
    const time = clock();
    const result = await retryRefusedCommits(async (attempt) => {
      seen.push(attempt);
      const refusal = refusals.shift();
      if (refusal) throw refusal;
      return 'committed';
    }, time);
    expect(result.value).toBe('committed');
    expect(seen.map((a) => [a.historyInCommit, a.budgetConflicts])).toEqual([
      [true, 0],
      [true, 1],
      [false, 0],
      [false, 1],
    ]);
    expect(result.attempt).toEqual(seen.at(-1));
    expect(result.refusals.map((r) => r.reason)).toEqual(['budget-changed', 'invalid-argument', 'budget-changed']);
    expect(time.pauses).toEqual([25, 25]);
  });

  it('throws the cause of a refusal that stands, and any other error at once', async () => {
    const invalid = refused('invalid-argument');
    await expect(retryRefusedCommits(async () => Promise.reject(invalid), clock())).rejects.toBe(invalid.cause);
    let runs = 0;
    const broken = new Error('UNAVAILABLE');
    await expect(
      retryRefusedCommits(async () => {
        runs++;
        throw broken;
      }, clock()),
    ).rejects.toBe(broken);
    expect(runs).toBe(1);
  });
});
