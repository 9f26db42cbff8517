/**
 * Benchmark: N concurrent activations (N = 1, 10, 100; one shared inviter, or one inviter
 * each) against the local stack, next to a baseline callable that does one document
 * write. Prints latency percentiles, throughput and the activation/baseline ratios.
 *   npm run bench            (starts the stack, or reuses a running one)
 *   BENCH_SIZES=1,10 npm run bench
 */
import { randomUUID } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { emailSignUpRecord } from '@dayfocus/functions/domain/records';
import { inviterRecord } from '@dayfocus/functions/testing';
import { clearStackData, emulatorEnv, repoRoot, stack, startStack, urls } from '@dayfocus/stack';

Object.assign(process.env, emulatorEnv);
const { initializeApp } = await import('firebase-admin/app');
const { getAuth } = await import('firebase-admin/auth');
const { getFirestore } = await import('firebase-admin/firestore');
const admin = initializeApp({ projectId: stack.projectId }, 'bench');
const db = getFirestore(admin);
const auth = getAuth(admin);

const sizes = (process.env.BENCH_SIZES ?? '1,10,100').split(',').map(Number);
/** Enough samples per size for percentiles: N=1 is repeated, larger N less so. */
const roundsFor = (n: number) => (n === 1 ? 20 : n <= 10 ? 5 : 1);

interface Sample {
  latencies: number[];
  wallMs: number;
  calls: number;
  failures: number;
}

async function call(name: string, data: unknown): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${urls.functions}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: { status?: number } };
  return { ok: response.ok && body.result?.status === 200, ms: performance.now() - started };
}

async function concurrently(requests: { name: string; data: unknown }[]): Promise<Sample> {
  const started = performance.now();
  const results = await Promise.all(requests.map((r) => call(r.name, r.data)));
  return {
    latencies: results.map((r) => r.ms),
    wallMs: performance.now() - started,
    calls: results.length,
    failures: results.filter((r) => !r.ok).length,
  };
}

function id(prefix: string) {
  return `${prefix}-${randomUUID().slice(0, 12)}`;
}

async function createInviters(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => id('bench-inviter'));
  const batch = db.batch();
  for (const uid of ids) batch.set(db.collection('Users').doc(uid), inviterRecord({ userId: uid, name: 'Bench Inviter', fcmToken: `dev-${uid}` }));
  await batch.commit();
  return ids;
}

/** Invitees in the state that sign-up and a followed verification link leave behind. */
async function createInvitees(inviterIds: string[]): Promise<string[]> {
  const now = new Date().toISOString();
  const invitees = inviterIds.map((inviterId, i) => ({ uid: id('bench-invitee'), inviterId, name: `Bench Friend ${i}` }));
  const imported = await auth.importUsers(invitees.map((i) => ({ uid: i.uid, email: `${i.uid}@bench.test`, emailVerified: true })));
  if (imported.failureCount > 0) throw new Error(`import failed: ${JSON.stringify(imported.errors[0])}`);
  const batch = db.batch();
  for (const i of invitees) {
    batch.set(db.collection('Users').doc(i.uid), {
      ...emailSignUpRecord({ userId: i.uid, email: `${i.uid}@bench.test`, name: i.name, now }),
      invitedBy: i.inviterId,
    });
  }
  await batch.commit();
  return invitees.map((i) => i.uid);
}

async function activationRound(n: number, sharedInviter: boolean): Promise<Sample> {
  const inviters = await createInviters(sharedInviter ? 1 : n);
  const inviterIds = Array.from({ length: n }, (_, i) => inviters[sharedInviter ? 0 : i] as string);
  const invitees = await createInvitees(inviterIds);
  return concurrently(invitees.map((uid) => ({ name: 'activateAccount', data: { uid } })));
}

function baselineRound(n: number): Promise<Sample> {
  return concurrently(Array.from({ length: n }, () => ({ name: 'devBaselineWrite', data: {} })));
}

async function measure(n: number, round: (n: number) => Promise<Sample>): Promise<Sample> {
  const total: Sample = { latencies: [], wallMs: 0, calls: 0, failures: 0 };
  for (let r = 0; r < roundsFor(n); r++) {
    const s = await round(n);
    total.latencies.push(...s.latencies);
    total.wallMs += s.wallMs;
    total.calls += s.calls;
    total.failures += s.failures;
  }
  return total;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

function summarize(s: Sample) {
  const sorted = [...s.latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    throughput: (s.calls / s.wallMs) * 1000,
    calls: s.calls,
    failures: s.failures,
  };
}

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

const running = await startStack({ output: { logFile: join(repoRoot, '.artifacts', 'bench-stack.log') } });
try {
  await clearStackData();
  // Warm-up: start the functions' workers so that cold starts do not count.
  await baselineRound(12);
  await activationRound(12, false);

  console.log(`\nActivation benchmark on ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  console.log(`Local stack: Functions emulator (at most ${stack.functionsMaxWorkers} workers per function), Node Firestore emulator\n`);
  const header = '| scenario | N | calls | p50 | p90 | p99 | max | throughput | p50 vs baseline | throughput vs baseline | failures |';
  console.log(header);
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const n of sizes) {
    const baseline = summarize(await measure(n, baselineRound));
    const row = (name: string, s: ReturnType<typeof summarize>, ratios: boolean) =>
      console.log(
        `| ${name} | ${n} | ${s.calls} | ${fmt(s.p50)} | ${fmt(s.p90)} | ${fmt(s.p99)} | ${fmt(s.max)} | ${s.throughput.toFixed(1)}/s | ${
          ratios ? `${(s.p50 / baseline.p50).toFixed(2)}x` : '1.00x'
        } | ${ratios ? `${(s.throughput / baseline.throughput).toFixed(2)}x` : '1.00x'} | ${s.failures} |`,
      );
    row('baseline: one write', baseline, false);
    row('activation, same inviter', summarize(await measure(n, (k) => activationRound(k, true))), true);
    row('activation, distinct inviters', summarize(await measure(n, (k) => activationRound(k, false))), true);
  }
} finally {
  await running.stop();
}
process.exit(0);
