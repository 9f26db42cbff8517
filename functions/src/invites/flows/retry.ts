/** The one loop that retries a join whose commit the store refused (the policy: domain/join-attempts.ts). */
import { FIRST_JOIN_ATTEMPT, nextJoinAttempt, retryDelayAfter, type JoinAttempt } from '../domain/join-attempts.js';
import { CommitRefused } from './ports.js';

export interface Retried<T> {
  value: T;
  /** The attempt that committed. */
  attempt: JoinAttempt;
  /** The refusals met before it, oldest first. */
  refusals: CommitRefused[];
}

export interface RetryClock {
  sleep(ms: number): Promise<void>;
  /** A number in [0, 1). */
  random(): number;
}

export const realRetryClock: RetryClock = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
};

/**
 * Runs `attempt` until the store commits it, trying again as the policy says after each
 * CommitRefused; a refusal the policy does not retry, and any other error, is thrown.
 */
export async function retryRefusedCommits<T>(
  run: (attempt: JoinAttempt) => Promise<T>,
  clock: RetryClock = realRetryClock,
): Promise<Retried<T>> {
  const refusals: CommitRefused[] = [];
  let attempt = FIRST_JOIN_ATTEMPT;
  for (;;) {
    try {
      return { value: await run(attempt), attempt, refusals };
    } catch (error) {
      if (!(error instanceof CommitRefused)) throw error;
      const next = nextJoinAttempt(attempt, error.reason);
      if (!next) throw error.cause;
      refusals.push(error);
      const pause = retryDelayAfter(error.reason, next, clock.random());
      if (pause > 0) await clock.sleep(pause);
      attempt = next;
    }
  }
}
