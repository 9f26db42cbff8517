/**
 * Benchmark: N concurrent activations (N = 1, 10, 100; one shared inviter, or one inviter
 * each) against the local stack, next to a baseline callable that does one document
 * write. Prints latency percentiles, throughput and the activation/baseline ratios; then, for
 * reference, activation against the least a replay-protected write does (its token consumed
 * beside one transactional read, one commit).
 *   npm run bench            (starts the stack, or reuses this project's running one; it
 *                             works in ids of its own and deletes nothing)
 *   BENCH_SIZES=1,10 npm run bench
 */
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { callableHeaders, repoRoot, stack, startStack, urls } from '@dayfocus/stack';
import { createInviter, importVerifiedInvitees } from '@dayfocus/stack/testing';
import { addSample, concurrently, emptySample, summarize, tableHeader, tableRow, type Sample } from './src/stats.js';

const sizes = (process.env.BENCH_SIZES ?? '1,10,100').split(',').map(Number);
/** Enough samples per size for percentiles: N=1 is repeated, larger N less so. */
const roundsFor = (n: number) => (n === 1 ? 40 : n <= 10 ? 5 : 1);

async function call(name: string, data: unknown): Promise<boolean> {
  const response = await fetch(`${urls.functions}/${name}`, {
    method: 'POST',
    headers: callableHeaders(),
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: { status?: number } };
  return response.ok && body.result?.status === 200;
}

/** Inviters of this run only: the stack may be the one `npm run dev` runs, and its data stays. */
async function createInviters(count: number): Promise<string[]> {
  const inviters = await Promise.all(Array.from({ length: count }, () => createInviter({ name: 'Bench Inviter' })));
  // Each has shared a short link, as every inviter whose link brought an invitee has.
  await Promise.all(inviters.map((inviter) => call('createAppLink', { inviterId: inviter.userId })));
  return inviters.map((inviter) => inviter.userId);
}

async function activationRound(n: number, sharedInviter: boolean): Promise<Sample> {
  const inviters = await createInviters(sharedInviter ? 1 : n);
  const inviterIds = Array.from({ length: n }, (_, i) => inviters[sharedInviter ? 0 : i] as string);
  const invitees = await importVerifiedInvitees(inviterIds);
  // As the welcome page calls it: the invitee, and the inviter named in the verification link.
  return concurrently(invitees.map((i) => () => call('activateAccount', { uid: i.uid, inviterId: i.inviterId })));
}

/** N concurrent calls of an emulator-only reference callable, which takes no input. */
function referenceRound(name: 'devBaselineWrite' | 'devBaselineGuardedCommit', n: number): Promise<Sample> {
  return concurrently(Array.from({ length: n }, () => () => call(name, {})));
}

/**
 * The four scenarios of one size, round by round in turn (baseline, reference, then each
 * activation), so that a busy moment of this shared machine weighs on all alike and the ratios hold.
 */
async function measureInTurn(n: number) {
  const totals = { baseline: emptySample(), guarded: emptySample(), same: emptySample(), distinct: emptySample() };
  for (let r = 0; r < roundsFor(n); r++) {
    addSample(totals.baseline, await referenceRound('devBaselineWrite', n));
    addSample(totals.guarded, await referenceRound('devBaselineGuardedCommit', n));
    addSample(totals.same, await activationRound(n, true));
    addSample(totals.distinct, await activationRound(n, false));
  }
  return totals;
}

const running = await startStack({ output: { logFile: join(repoRoot, '.artifacts', 'bench-stack.log') } });
try {
  // Warm-up: start the functions' workers so that cold starts do not count.
  await referenceRound('devBaselineWrite', 12);
  await referenceRound('devBaselineGuardedCommit', 12);
  await activationRound(12, false);

  console.log(
    `\nActivation benchmark on ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  console.log(
    `Local stack: Functions emulator (at most ${stack.functionsMaxWorkers} workers per function), Node Firestore emulator\n`,
  );
  console.log(tableHeader);
  const references: string[] = [];
  for (const n of sizes) {
    const measured = await measureInTurn(n);
    const baseline = summarize(measured.baseline);
    const guarded = summarize(measured.guarded);
    const same = summarize(measured.same);
    const distinct = summarize(measured.distinct);
    console.log(tableRow('baseline: one write', n, baseline, null));
    console.log(tableRow('reference: guarded commit', n, guarded, baseline));
    console.log(tableRow('activation, same inviter', n, same, baseline));
    console.log(tableRow('activation, distinct inviters', n, distinct, baseline));
    const ratio = (s: { p50: number }) => `${(s.p50 / guarded.p50).toFixed(2)}x`;
    references.push(`| ${n} | ${ratio(same)} | ${ratio(distinct)} |`);
  }
  console.log('\nActivation p50 against the guarded commit (token consumed beside one read, one commit):\n');
  console.log('| N | same inviter | distinct inviters |\n|---|---|---|');
  console.log(references.join('\n'));
} finally {
  await running.stop();
}
process.exit(0);
