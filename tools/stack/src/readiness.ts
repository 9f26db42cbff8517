/** Polling until a service answers. */
import { createConnection } from 'node:net';

/**
 * Calls `check` until it says yes, `timeoutMs` at most. `check` gets a signal that aborts after
 * `attemptMs` (30 s unless given), or at the deadline if that comes first: a request a service
 * has taken is waited for rather than given up on after a moment and sent again, as a service goes
 * on with a request whose client has left (tools/stack/test/readiness.test.ts: repeated requests
 * piled up in a Functions worker still starting and made the emulator start a second one). Within
 * the stack's 120 s that is four requests at most, fewer than a worker takes at once; and a request
 * the service lost is not waited for until the deadline. A check that fails at once (nothing
 * listens yet) is tried again after 250 ms.
 */
export async function waitFor(
  what: string,
  check: (signal: AbortSignal) => Promise<boolean>,
  timeoutMs: number,
  until: {
    /** Why to stop waiting, checked before each attempt (a process that exited), or null. */
    isAborted: () => string | null;
    /** Ends an attempt at once when aborted (a Ctrl-C while the stack starts). */
    stop?: AbortSignal;
    /** An attempt's bound; 30 s unless given. */
    attemptMs?: number;
  },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const aborted = until.isAborted();
    if (aborted) throw new Error(`${what}: ${aborted}`);
    const attempt = AbortSignal.timeout(Math.max(1, Math.min(until.attemptMs ?? 30_000, deadline - Date.now())));
    const signal = until.stop ? AbortSignal.any([attempt, until.stop]) : attempt;
    if (await check(signal).catch(() => false)) return;
    if (Date.now() >= deadline) throw new Error(`${what} was not ready within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Whether `url` answers, with anything but a server error, before `signal` aborts. */
export async function httpAnswers(url: string, signal: AbortSignal): Promise<boolean> {
  const response = await fetch(url, { signal });
  return response.status < 500;
}

export function portInUse(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
