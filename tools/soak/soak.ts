/**
 * The fault soak (docs/reliability.md): seeded sign-up journeys against the local stack while
 * Firestore and FCM fail now and then, then the sweep until nothing is owed, then the
 * invariants of docs/joins.md checked for every journey. Then the same seed without faults,
 * for the time it takes. Ids carry the run's prefix; nothing is deleted.
 *
 *   npm run soak -- --journeys 1000 --seed 7
 *   npm run soak -- --journeys 1000 --seed 7 --viral   # and a viral inviter, her joins in bursts
 *
 * Prints a report; its last line is the report as JSON. Exits 1 on any violation.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { callableHeaders, firestoreDescription, repoRoot, startStack, urls } from '@dayfocus/stack';
import { createInviter, joinsDelivered } from '@dayfocus/stack/testing';
import { clearFirestoreFaults, injected, planFirestoreFaults, setCrashPoints } from './src/faults.js';
import type { InvariantResult } from './src/invariant.js';
import { Burst } from './src/burst.js';
import { makeClosedInviters, planClosedJourneys } from './src/closed-journeys.js';
import { checkInvariants } from './src/invariants.js';
import { planJourneys, type Inviter, type JourneyOutcome, type JourneyPlan } from './src/journeys.js';
import { runJourney } from './src/run-journey.js';
import { tally } from './src/person.js';
import { Rng } from './src/random.js';
import { adminDb, steadily } from './src/store.js';
import { describeViral, viralFigures } from './src/viral-figures.js';

/** Journeys at once: a person each, as many people arrive at once in production. */
const WAVE = 8;
/**
 * Journeys at once with `--viral`: about 40% of them are the viral inviter's, so that each wave
 * brings her tens of joins together (their activations wait for each other: burst.ts).
 */
const VIRAL_WAVE = 25;

const { values } = parseArgs({
  // A `--` that a script runner passed along is not an argument.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    journeys: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    'no-baseline': { type: 'boolean', default: false },
    viral: { type: 'boolean', default: false },
  },
});
const viral = values.viral;
const journeyCount = Number(values.journeys);
const seed = Number(values.seed);
if (!Number.isInteger(journeyCount) || journeyCount < 1 || !Number.isSafeInteger(seed)) {
  console.error('Usage: npm run soak -- --journeys N --seed S [--viral] [--no-baseline]   (N ≥ 1, S an integer)');
  process.exit(2);
}

async function call<T>(name: string, data: unknown): Promise<T> {
  const response = await fetch(`${urls.functions}/${name}`, {
    method: 'POST',
    headers: callableHeaders(),
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body.error)}`);
  return body.result as T;
}

/** An inviter with her phone's token, who has shared a short link. */
async function makeInviter(userId: string, token: string, name: string, popular: boolean): Promise<Inviter> {
  await steadily(() => createInviter({ userId, fcmToken: token, name }));
  const { shortLink } = await call<{ shortLink: string }>('createAppLink', { inviterId: userId });
  return { userId, token, code: shortLink.slice(shortLink.lastIndexOf('/') + 1), popular };
}

/**
 * A few popular inviters (40% of journeys) and many ordinary ones; some with phones FCM cannot
 * reach for a while. With `--viral`, one viral inviter too, whose phone FCM always reaches (drawn
 * from nothing, so the others are as the seed made them without her).
 */
async function makeInviters(rng: Rng, prefix: string) {
  const make = (popular: boolean, i: number): Promise<Inviter> => {
    const userId = `${prefix}-${popular ? 'popular' : 'inviter'}-${i}`;
    const outage = rng.chance(popular ? 0.34 : 0.2);
    const token = `${outage ? 'dev-outage' : 'dev-token'}-${userId}`;
    return makeInviter(userId, token, popular ? 'Popular Priya' : 'Asha Verma', popular);
  };
  const popular = await Promise.all([0, 1, 2].map((i) => make(true, i)));
  const ordinaryCount = Math.max(5, Math.ceil(journeyCount / 8));
  const ordinary = await Promise.all(Array.from({ length: ordinaryCount }, (_, i) => make(false, i)));
  const viralId = `${prefix}-viral`;
  const viralInviter = viral ? await makeInviter(viralId, `dev-token-${viralId}`, 'Viral Vani', false) : undefined;
  return { popular, ordinary, viral: viralInviter };
}

/** FCM down for the outage inviters' phones while `down`. */
async function setOutage(inviters: readonly Inviter[], down: boolean): Promise<void> {
  for (const inviter of inviters.filter((i) => i.token.startsWith('dev-outage'))) {
    const ref = adminDb.collection('_devFcmOutages').doc(inviter.token);
    await steadily(() => (down ? ref.set({ since: new Date().toISOString() }) : ref.delete()));
  }
}

/** The sweep, at later and later times, until no join or budget of these inviters owes anything. */
async function sweepUntilNothingOwed(inviters: readonly Inviter[]): Promise<number> {
  const ids = inviters.map((inviter) => inviter.userId);
  const owed = async () => {
    let count = 0;
    for (let i = 0; i < ids.length; i += 30) {
      const chunk = ids.slice(i, i + 30);
      const joins = await adminDb.collection('_friendJoins').where('inviterId', 'in', chunk).get();
      count += joins.docs.filter((doc) => doc.data()['dueAt'] !== undefined).length;
    }
    for (const id of ids) if ((await adminDb.collection('_pushBudgets').doc(id).get()).data()?.['dueAt']) count++;
    return count;
  };
  let sweeps = 0;
  // The backoff is 5, 10, 20, 40 and 80 minutes, a lease one minute: stand 30 minutes later each time.
  for (let step = 1; step <= 24 && (await owed()) > 0; step++) {
    await call('devSweepOwedPushes', { now: new Date(Date.now() + step * 30 * 60_000).toISOString() });
    sweeps++;
  }
  return sweeps;
}

interface RunResult {
  prefix: string;
  seconds: number;
  outcomes: JourneyOutcome[];
  inviters: Inviter[];
  sweeps: number;
  journeysEnded: string;
  /** The viral inviter, with `--viral`, and the activations each wave's burst let go together. */
  viral?: Inviter;
  bursts: number[];
}

/** One wave's journeys at once; its viral journeys activate together (burst.ts). */
async function runWave(wave: readonly JourneyPlan[], prefix: string) {
  const burst = new Burst();
  // Every member of the burst is made before any journey of the wave runs.
  const plans = wave.map((plan) => (plan.kind === 'viral' ? { ...plan, burst: burst.member() } : plan));
  const outcomes = await Promise.all(
    plans.map(async (plan) => {
      try {
        return await runJourney(plan, prefix);
      } finally {
        plan.burst?.leave();
      }
    }),
  );
  return { outcomes, burst: burst.together };
}

async function soakRun(withFaults: boolean): Promise<RunResult> {
  const rng = new Rng(seed);
  const prefix = `soak${seed}-${withFaults ? 'f' : 'c'}${Date.now().toString(36)}`;
  const started = Date.now();
  const made = await makeInviters(rng, prefix);
  const closed = await makeClosedInviters(journeyCount, (name) =>
    makeInviter(`${prefix}-${name}`, `dev-token-${prefix}-${name}`, 'Closed Chitra', false),
  );
  const inviters = [...made.popular, ...made.ordinary, ...(made.viral ? [made.viral] : []), ...closed.inviters];
  const plans = planJourneys(rng, journeyCount, made);
  const closedPlans = planClosedJourneys(seed, journeyCount, closed.inviterOf);
  const outcomes: JourneyOutcome[] = [];
  const bursts: number[] = [];
  let down = false;
  await setCrashPoints(withFaults);
  const size = viral ? VIRAL_WAVE : WAVE;
  const waves = Math.ceil(plans.length / size);
  // The closed journeys spread over the waves, so that the waves (and their fault plans) stay the seed's.
  const closedOf = (wave: number) =>
    closedPlans.filter((_, j) => Math.floor((j * waves) / closedPlans.length) === wave);
  // Journeys run in waves at once, each wave under a fault plan of its own seed.
  for (let start = 0; start < plans.length; start += size) {
    // FCM comes and goes in stretches of waves.
    if (withFaults && rng.chance(0.2) !== down) {
      down = !down;
      await setOutage(inviters, down);
    }
    await planFirestoreFaults(rng, withFaults);
    const wave = await runWave([...plans.slice(start, start + size), ...closedOf(start / size)], prefix);
    outcomes.push(...wave.outcomes);
    bursts.push(wave.burst);
    if (Math.floor((start + size) / 100) > Math.floor(start / 100)) {
      console.log(`  ${Math.min(start + size, plans.length)} of ${plans.length} journeys`);
    }
  }
  // Those who gave up come back later, once, under faults still.
  await planFirestoreFaults(rng, withFaults);
  await Promise.all(outcomes.map((outcome) => outcome.resume?.()));
  const journeysEnded = new Date().toISOString();
  await clearFirestoreFaults();
  await setCrashPoints(false);
  if (down) await setOutage(inviters, false);
  // Pushes their triggers are still sending get a moment to settle; a claim whose trigger died stays, for
  // the sweep to take over once its lease has run out (the sweep stands later than that).
  await Promise.all(
    inviters.map((inviter) => joinsDelivered(inviter.userId, { timeoutMs: 10_000 }).catch(() => undefined)),
  );
  const sweeps = await sweepUntilNothingOwed(inviters);
  const seconds = (Date.now() - started) / 1000;
  return { prefix, seconds, outcomes, inviters, sweeps, journeysEnded, viral: made.viral, bursts };
}

const running = await startStack({ output: { logFile: join(repoRoot, '.artifacts', 'soak-stack.log') } });
let exitCode = 0;
try {
  // Which Firestore, and whether it refuses a document's writes beyond production's rate.
  console.log(`Soak: ${journeyCount} journeys, seed ${seed}, with faults; Firestore: ${firestoreDescription()}`);
  const faulty = await soakRun(true);
  const retries = tally.retries;
  const checked = await checkInvariants(faulty.outcomes, faulty.inviters, faulty.journeysEnded);
  const viralInviter = faulty.viral
    ? await viralFigures(faulty.viral, faulty.outcomes, faulty.bursts, faulty.journeysEnded)
    : null;
  let calm: RunResult | undefined;
  if (!values['no-baseline']) {
    console.log(`Soak: the same seed without faults`);
    calm = await soakRun(false);
  }

  const byKind: Record<string, number> = {};
  for (const outcome of faulty.outcomes) byKind[outcome.plan.kind] = (byKind[outcome.plan.kind] ?? 0) + 1;
  const report = {
    runPrefix: faulty.prefix,
    seed,
    journeys: journeyCount,
    firestore: firestoreDescription(),
    journeysByKind: byKind,
    unfinished: faulty.outcomes
      .filter((o) => !o.finished)
      .map((o) => `${o.plan.index} ${o.plan.kind}: ${o.error ?? ''}`),
    faultsInjected: Object.fromEntries(injected),
    retries,
    gaveUpAndCameBack: faulty.outcomes.filter((o) => o.gaveUpOnce).length,
    duplicatesDelivered: checked.duplicates,
    closedInvitations: checked.closed,
    viralInviter,
    sweeps: faulty.sweeps,
    seconds: { withFaults: faulty.seconds, withoutFaults: calm?.seconds ?? null },
    invariants: checked.invariants.map(({ name, checked: count, violations, examples }: InvariantResult) => ({
      name,
      checked: count,
      violations,
      examples,
    })),
  };
  const violations = checked.invariants.reduce((sum, invariant) => sum + invariant.violations, 0);
  console.log(`\nJourneys by kind: ${JSON.stringify(byKind)}`);
  console.log(`Unfinished journeys: ${report.unfinished.length}`);
  for (const line of report.unfinished.slice(0, 10)) console.log(`  ${line}`);
  console.log(`Faults injected: ${JSON.stringify(report.faultsInjected)}`);
  console.log(`Retries (a person tapping "Try again"): ${retries}; gave up and came back: ${report.gaveUpAndCameBack}`);
  console.log(`Duplicate pushes delivered (same collapse key): ${checked.duplicates}; sweeps: ${faulty.sweeps}`);
  console.log(`Through a closed invitation (answers, and her friends): ${JSON.stringify(checked.closed)}`);
  if (viralInviter) console.log(describeViral(viralInviter));
  console.log(
    `Time: ${faulty.seconds.toFixed(0)} s with faults, ${calm ? `${calm.seconds.toFixed(0)} s` : 'not measured'} without`,
  );
  for (const invariant of checked.invariants) {
    console.log(
      `${invariant.violations === 0 ? 'ok  ' : 'FAIL'} ${invariant.name}: ${invariant.violations} of ${invariant.checked}`,
    );
    for (const example of invariant.examples) console.log(`       ${example}`);
  }
  if (violations > 0) {
    const hot = process.env.FIRESTORE_HOT_DOCUMENTS
      ? `FIRESTORE_HOT_DOCUMENTS=${process.env.FIRESTORE_HOT_DOCUMENTS} `
      : '';
    const replay = `${hot}npm run soak -- --journeys ${journeyCount} --seed ${seed}${viral ? ' --viral' : ''}`;
    console.log(`\n${violations} violations: replay with ${replay}`);
    exitCode = 1;
  }
  console.log(JSON.stringify(report));
} finally {
  await running.stop();
}
process.exit(exitCode);
