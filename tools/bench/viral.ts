/**
 * Benchmark: a viral inviter. One inviter, VIRAL_JOINS invitees (default 10,000) activated as the
 * welcome page calls `activateAccount`, started at VIRAL_RATE a second (default 17: 10,000 in
 * about ten minutes) on an open-loop schedule: each join starts at its time whatever the others
 * do, so that a slow stack shows as latency and errors, not as a lower rate. Prints each error
 * code's count, the latency percentiles, the writes a second of her two shared documents (polled,
 * src/viral-state.ts), and, once the owed work has settled, the friendships made, her history
 * entries, the pushes to her phone and the summary owed, then again after a sweep an hour later.
 * Writes .artifacts/viral.json.
 *
 * The stack runs our Firestore emulator with production's per-document write limit
 * (FIRESTORE_HOT_DOCUMENTS, default `production` here): the script starts such a stack, or reuses
 * one only in that mode, and refuses a stack without the model unless FIRESTORE_HOT_DOCUMENTS=off
 * asks for the comparison without it.
 *   npm run bench:viral
 *   VIRAL_JOINS=1000 tsx tools/bench/viral.ts                       (after a build)
 *   FIRESTORE_HOT_DOCUMENTS=off VIRAL_JOINS=1000 tsx tools/bench/viral.ts
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { collections } from '@dayfocus/contracts/records';
import { callableHeaders, repoRoot, runningStackIdentity, startStack, urls } from '@dayfocus/stack';
import { adminDb, createInviter, importVerifiedInvitees } from '@dayfocus/stack/testing';
import { activate, JOIN_TIMEOUT_MS, openLoop } from './src/viral-joins.js';
import { printReport, reportJson, type ViralReport } from './src/viral-report.js';
import { pollWrites, POLL_MS, readOutcome, settle } from './src/viral-state.js';

const joins = Number(process.env.VIRAL_JOINS ?? 10_000);
const rate = Number(process.env.VIRAL_RATE ?? 17);
const settleMs = Number(process.env.VIRAL_SETTLE_MS ?? 300_000);
process.env.FIRESTORE_HOT_DOCUMENTS ??= 'production';
const modelAsked = process.env.FIRESTORE_HOT_DOCUMENTS !== 'off' && process.env.FIRESTORE_HOT_DOCUMENTS !== '';

/** Firebase Auth imports at most 1,000 accounts a call. */
const IMPORT_CHUNK = 1_000;
const LOG_FILE = join(repoRoot, '.artifacts', 'viral-stack.log');

async function callable(name: string, data: unknown): Promise<unknown> {
  const response = await fetch(`${urls.functions}/${name}`, {
    method: 'POST',
    headers: callableHeaders(),
    body: JSON.stringify({ data }),
    // A backlog of joins can hold the emulator's answer; the function itself times out at 60 s.
    signal: AbortSignal.timeout(90_000),
  });
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { result?: unknown }).result;
}

/** The running stack's hot-document mode, or a clear refusal when it is not the one asked for. */
async function checkedMode(): Promise<string> {
  // The identity names its mode (tools/stack/src/stack.ts); a stack that names none has no model.
  const identity = (await runningStackIdentity()) as { hotDocuments?: string } | null;
  const mode = identity?.hotDocuments ?? 'hot documents: off (a stack without the model)';
  const modelOn = !mode.startsWith('hot documents: off');
  if (modelOn !== modelAsked) {
    throw new Error(
      `The running stack has ${mode}, but this run asks for ${modelAsked ? 'the model' : 'none'}: ` +
        'a viral run needs the hot-document model (FIRESTORE_HOT_DOCUMENTS=production; a stack started by ' +
        'npm run bench:viral has it), or FIRESTORE_HOT_DOCUMENTS=off for the comparison. Stop the running stack first.',
    );
  }
  return mode;
}

/** Her invitees, verified and ready to activate, imported a chunk at a time. */
async function inviteesOf(inviterId: string, count: number) {
  const invitees: { uid: string }[] = [];
  for (let start = 0; start < count; start += IMPORT_CHUNK) {
    const size = Math.min(IMPORT_CHUNK, count - start);
    invitees.push(...(await importVerifiedInvitees(Array.from({ length: size }, () => inviterId))));
  }
  return invitees;
}

/** Starts the functions' workers on inviters of their own, so that cold starts do not count. */
async function warmUp(): Promise<void> {
  const inviters = await Promise.all(Array.from({ length: 12 }, () => createInviter({ name: 'Warm-up Inviter' })));
  const invitees = await importVerifiedInvitees(inviters.map((inviter) => inviter.userId));
  await Promise.all(invitees.map((invitee) => activate(invitee.uid, invitee.inviterId)));
}

/** Lines of the functions' output since `offset` that tell of production's contention error, and of a function timed out. */
function loggedSince(offset: number): ViralReport['logged'] {
  try {
    const lines = readFileSync(LOG_FILE, 'utf8').slice(offset).split('\n');
    const count = (text: string) => lines.filter((line) => line.includes(text)).length;
    return { contention: count('Too much contention'), timedOut: count('Your function timed out') };
  } catch {
    return null;
  }
}

/** Her joins, run while her shared documents are polled, then what they left once settled. */
async function measure(mode: string, reusedStack: boolean): Promise<ViralReport> {
  await warmUp();
  const inviter = await createInviter({ name: 'Viral Inviter' });
  await callable('createAppLink', { inviterId: inviter.userId });
  const invitees = await inviteesOf(inviter.userId, joins);
  const logOffset = reusedStack ? -1 : statSync(LOG_FILE).size;
  const loadAverage = [loadavg()[0] ?? 0];
  console.log(
    `\nViral inviter on ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${mode}`,
  );
  console.log(`${joins} joins of ${inviter.userId} at ${rate}/s (open loop); each waits ${JOIN_TIMEOUT_MS / 1000} s`);
  const poll = pollWrites({
    history: adminDb.collection(collections.notificationHistory).doc(inviter.userId),
    budget: adminDb.collection(collections.pushBudgets).doc(inviter.userId),
  });
  const started = Date.now();
  const results = await openLoop(joins, rate, (i) => activate(invitees[i]?.uid ?? '', inviter.userId));
  const runMs = Date.now() - started;
  const writes = await poll.stop();
  loadAverage.push(loadavg()[0] ?? 0);
  let settledMs: number | null = null;
  let settleProblem: string | null = null;
  try {
    settledMs = await settle(inviter.userId, settleMs);
  } catch (error) {
    settleProblem = error instanceof Error ? error.message : String(error);
  }
  const ids = new Set(invitees.map((invitee) => invitee.uid));
  const token = inviter.fcmToken ?? '';
  const after = await readOutcome(inviter.userId, token, ids);
  const sweep = await callable('devSweepOwedPushes', { now: new Date(Date.now() + 61 * 60_000).toISOString() }).catch(
    (error: unknown) => ({
      failed: error instanceof Error ? `${error.message} (${String(error.cause ?? '')})` : error,
    }),
  );
  const afterSweep = await readOutcome(inviter.userId, token, ids);
  const logged = logOffset >= 0 ? loggedSince(logOffset) : null;
  return {
    ...{ joins, rateAsked: rate, results, runMs, mode, loadAverage, writes, pollMs: POLL_MS },
    ...{ settledMs, settleProblem, after, sweep, afterSweep, logged },
  };
}

const running = await startStack({ output: { logFile: LOG_FILE } });
let exitCode = 0;
try {
  const report = await measure(await checkedMode(), running.reused);
  printReport(report);
  mkdirSync(join(repoRoot, '.artifacts'), { recursive: true });
  writeFileSync(join(repoRoot, '.artifacts', 'viral.json'), `${JSON.stringify(reportJson(report), null, 2)}\n`);
  console.log('\nWritten to .artifacts/viral.json.');
  // The owed work that never settled is the run's failure, after its figures.
  if (report.settleProblem) exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await running.stop();
}
process.exit(exitCode);
