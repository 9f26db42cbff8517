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
import { addSample, concurrently, emptySample, summarize, tableHeader, tableRow, type Sample } from './src/stats.js';

Object.assign(process.env, emulatorEnv);
const { initializeApp } = await import('firebase-admin/app');
const { getAuth } = await import('firebase-admin/auth');
const { getFirestore } = await import('firebase-admin/firestore');
const admin = initializeApp({ projectId: stack.projectId }, 'bench');
const db = getFirestore(admin);
const auth = getAuth(admin);

const sizes = (process.env.BENCH_SIZES ?? '1,10,100').split(',').map(Number);
/** Enough samples per size for percentiles: N=1 is repeated, larger N less so. */
const roundsFor = (n: number) => (n === 1 ? 40 : n <= 10 ? 5 : 1);

async function call(name: string, data: unknown): Promise<boolean> {
  const response = await fetch(`${urls.functions}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: { status?: number } };
  return response.ok && body.result?.status === 200;
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
async function createInvitees(inviterIds: string[]) {
  const now = new Date().toISOString();
  const invitees = inviterIds.map((inviterId, i) => ({ uid: id('bench-invitee'), inviterId, name: `Bench Friend ${i}` }));
  // With a password, as an email sign-up leaves them (only then does their recorded inviter count).
  const imported = await auth.importUsers(
    invitees.map((i) => ({ uid: i.uid, email: `${i.uid}@bench.test`, emailVerified: true, passwordHash: Buffer.from('$2a$10$bench-password-hash') })),
    { hash: { algorithm: 'BCRYPT' } },
  );
  if (imported.failureCount > 0) throw new Error(`import failed: ${JSON.stringify(imported.errors[0])}`);
  const batch = db.batch();
  for (const i of invitees) {
    batch.set(db.collection('Users').doc(i.uid), {
      ...emailSignUpRecord({ userId: i.uid, email: `${i.uid}@bench.test`, name: i.name, now }),
      invitedBy: i.inviterId,
      invitedVia: 'password',
    });
  }
  await batch.commit();
  return invitees;
}

async function activationRound(n: number, sharedInviter: boolean): Promise<Sample> {
  const inviters = await createInviters(sharedInviter ? 1 : n);
  const inviterIds = Array.from({ length: n }, (_, i) => inviters[sharedInviter ? 0 : i] as string);
  const invitees = await createInvitees(inviterIds);
  // As the welcome page calls it: the invitee, and the inviter named in the verification link.
  return concurrently(invitees.map((i) => () => call('activateAccount', { uid: i.uid, inviterId: i.inviterId })));
}

function baselineRound(n: number): Promise<Sample> {
  return concurrently(Array.from({ length: n }, () => () => call('devBaselineWrite', {})));
}

/**
 * The three scenarios of one size, round by round in turn (baseline, then each activation),
 * so that a busy moment of this shared machine weighs on all three alike and the ratios hold.
 */
async function measureInTurn(n: number): Promise<{ baseline: Sample; same: Sample; distinct: Sample }> {
  const totals = { baseline: emptySample(), same: emptySample(), distinct: emptySample() };
  for (let r = 0; r < roundsFor(n); r++) {
    addSample(totals.baseline, await baselineRound(n));
    addSample(totals.same, await activationRound(n, true));
    addSample(totals.distinct, await activationRound(n, false));
  }
  return totals;
}

const running = await startStack({ output: { logFile: join(repoRoot, '.artifacts', 'bench-stack.log') } });
try {
  await clearStackData();
  // Warm-up: start the functions' workers so that cold starts do not count.
  await baselineRound(12);
  await activationRound(12, false);

  console.log(`\nActivation benchmark on ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  console.log(`Local stack: Functions emulator (at most ${stack.functionsMaxWorkers} workers per function), Node Firestore emulator\n`);
  console.log(tableHeader);
  for (const n of sizes) {
    const measured = await measureInTurn(n);
    const baseline = summarize(measured.baseline);
    console.log(tableRow('baseline: one write', n, baseline, null));
    console.log(tableRow('activation, same inviter', n, summarize(measured.same), baseline));
    console.log(tableRow('activation, distinct inviters', n, summarize(measured.distinct), baseline));
  }
} finally {
  await running.stop();
}
process.exit(0);
