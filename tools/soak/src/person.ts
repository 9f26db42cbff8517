/**
 * One person in a browser (or the app), as the pages drive Firebase: the stack's WebClient (the
 * Firebase JS SDK with App Check's local stand-in, the Auth emulator, the callables). A failed
 * call is tried again as a person would tap "Try again" (the pages never retry by themselves);
 * the soak counts every such retry.
 */
import { WebClient } from '@dayfocus/stack/testing';

/** Failures a person meets and tries again after: the server or the network, not their input. */
const TRANSIENT = new Set([
  'functions/internal',
  'functions/unavailable',
  'functions/deadline-exceeded',
  'functions/resource-exhausted',
  'functions/aborted',
  'functions/unknown',
  'auth/network-request-failed',
  'auth/internal-error',
]);

export function isTransient(error: unknown): boolean {
  const { code = '', message = '' } = error as { code?: string; message?: string };
  // "This request was already made once; reload the page and try again": the page says so.
  return TRANSIENT.has(code) || (code === 'functions/unauthenticated' && message.includes('already made once'));
}

/** What the soak counts of every person's calls. */
export const tally = { calls: 0, retries: 0, failures: 0 };

let serial = 0;

/** How many times a person taps before leaving: shared by a journey's browsers, raised when they come back. */
export interface Patience {
  tries: number;
}

/**
 * Runs `attempt`, again after a transient failure up to the person's patience in all (a person
 * tapping "Try again", or the app trying again), counting each call and retry in `tally`; the
 * last failure is thrown. `onRetry` hears of each failure that is tried again.
 */
export async function patiently<T>(
  patience: Patience,
  attempt: () => Promise<T>,
  onRetry: (error: unknown) => void = () => undefined,
): Promise<T> {
  const { tries } = patience;
  for (let made = 1; ; made++) {
    tally.calls++;
    try {
      return await attempt();
    } catch (error) {
      if (!isTransient(error) || made >= tries) {
        tally.failures++;
        throw error;
      }
      tally.retries++;
      onRetry(error);
      await new Promise((resolve) => setTimeout(resolve, 50 * made));
    }
  }
}

/** One person's browser (the stack's WebClient), each call tried again as the person would. */
export class Person extends WebClient {
  constructor(
    readonly runPrefix: string,
    private readonly patience: Patience,
  ) {
    super({ name: `${runPrefix}-person-${serial++}` });
  }

  /**
   * A callable, tried again after a transient failure up to the person's patience in all (a
   * person tapping "Try again"); the last failure is thrown.
   */
  override async call<T = unknown>(name: string, data: unknown): Promise<T> {
    return patiently(this.patience, () => super.call<T>(name, data, { timeoutMs: 60_000 }));
  }
}
