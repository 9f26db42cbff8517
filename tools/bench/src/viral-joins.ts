/**
 * The joins of `viral.ts`: activations of one inviter's invitees started on an open-loop
 * schedule (each at its own time, whatever the others do), so that a slow stack shows as
 * latency and errors rather than as a lower rate; each join's answer is kept with its error code.
 */
import { callableHeaders, urls } from '@dayfocus/stack';

/**
 * How long a join waits for its answer: the web app's callable timeout (apps/web/src/lib/firebase.ts),
 * after which the welcome page sees `deadline-exceeded`.
 */
export const JOIN_TIMEOUT_MS = 30_000;

export interface JoinResult {
  /** `ok`, or the error code the caller saw (the callable's status, lower case), `deadline-exceeded` or `network`. */
  code: string;
  ms: number;
  /** When it started, from the first join's scheduled start. */
  startedAtMs: number;
  /** How late it started against its schedule. */
  lagMs: number;
}

/** One activation as the welcome page calls it: the invitee and the inviter of the verification link. */
export async function activate(uid: string, inviterId: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${urls.functions}/activateAccount`, {
      method: 'POST',
      headers: callableHeaders(),
      body: JSON.stringify({ data: { uid, inviterId } }),
      signal: AbortSignal.timeout(JOIN_TIMEOUT_MS),
    });
  } catch (error) {
    return error instanceof Error && error.name === 'TimeoutError' ? 'deadline-exceeded' : 'network';
  }
  const text = await response.text().catch(() => '');
  let body: { result?: { status?: number }; error?: { status?: string } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not a callable's answer (the emulator's own error page): the HTTP status names it.
  }
  if (response.ok && body.result?.status === 200) return 'ok';
  return body.error?.status?.toLowerCase().replaceAll('_', '-') ?? `http-${response.status}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Starts `run(i)` for i = 0..count-1 at `perSecond` a second, each at its scheduled time (never
 * waiting for earlier ones), and settles with every result once all have answered.
 */
export async function openLoop(
  count: number,
  perSecond: number,
  run: (i: number) => Promise<string>,
): Promise<JoinResult[]> {
  const t0 = performance.now();
  const pending: Promise<JoinResult>[] = [];
  for (let i = 0; i < count; i++) {
    const due = (i * 1000) / perSecond;
    await sleep(t0 + due - performance.now());
    const started = performance.now();
    pending.push(
      run(i)
        .catch(() => 'network')
        .then((code) => ({
          code,
          ms: performance.now() - started,
          startedAtMs: started - t0,
          lagMs: Math.max(0, started - t0 - due),
        })),
    );
  }
  return Promise.all(pending);
}

/** The joins' counts by code, `ok` first, then the most frequent. */
export function countByCode(results: readonly JoinResult[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const { code } of results) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => (a === 'ok' ? -1 : b === 'ok' ? 1 : y - x));
}

/** The rate the joins were started at: starts a second between the first and the last. */
export function achievedRate(results: readonly JoinResult[]): number {
  const starts = results.map((r) => r.startedAtMs);
  const span = Math.max(...starts) - Math.min(...starts);
  return span > 0 ? ((results.length - 1) * 1000) / span : NaN;
}
