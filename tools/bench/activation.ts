/**
 * Benchmark: N concurrent activations (N = 1, 10, 100; one shared inviter, or one inviter
 * each) against the local stack, next to a baseline callable that does one document
 * write. Prints latency percentiles, throughput and the ratios of activation to the baseline; then, for
 * reference, activation against the least a replay-protected write does (its token consumed
 * beside one transactional read, one commit). At N=1 also a sign-in handoff's redemption
 * (`redeemSignInHandoff`, a fresh code minted before each, untimed) against the same reference,
 * activation with its token consumed before the handler (the framework's way) against the gate, and
 * an e-mail sign-up's one call (`signUpWithEmail`: the account, the record, the mail) against the reference.
 *   npm run bench            (starts the stack, or reuses this project's running one; it
 *                             works in ids of its own and deletes nothing)
 *   BENCH_SIZES=1,10 npm run bench
 */
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { callableHeaders, repoRoot, stack, startStack, urls } from '@dayfocus/stack';
import { createInviter, importVerifiedInvitees, LOCAL_ANDROID_APP_ID, mintLocalToken } from '@dayfocus/stack/testing';
import { addSample, concurrently, emptySample, summarize, tableHeader, tableRow, type Sample } from './src/stats.js';

const sizes = (process.env.BENCH_SIZES ?? '1,10,100').split(',').map(Number);
/** Enough samples per size for percentiles: N=1 is repeated, larger N less so. */
const roundsFor = (n: number) => (n === 1 ? 40 : n <= 10 ? 5 : 1);

/** A callable's result, or undefined when it failed; `headers` beside the web app's App Check token. */
async function post<T>(name: string, data: unknown, headers: Record<string, string> = {}): Promise<T | undefined> {
  const response = await fetch(`${urls.functions}/${name}`, {
    method: 'POST',
    headers: { ...callableHeaders(), ...headers },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T };
  return response.ok ? body.result : undefined;
}

/** A write callable, true when it wrote. */
async function call(name: string, data: unknown): Promise<boolean> {
  return (await post<{ status?: number }>(name, data))?.status === 200;
}

/** Inviters of this run only: the stack may be the one `npm run dev` runs, and its data stays. */
async function createInviters(count: number): Promise<string[]> {
  const inviters = await Promise.all(Array.from({ length: count }, () => createInviter({ name: 'Bench Inviter' })));
  // Each has shared a short link, as every inviter whose link brought an invitee has.
  await Promise.all(inviters.map((inviter) => call('createAppLink', { inviterId: inviter.userId })));
  return inviters.map((inviter) => inviter.userId);
}

/**
 * `devActivateConsumingFirst` is activation with its token consumed before the handler starts, as
 * the framework's `consumeAppCheckToken: true` would: what the write gate saves is their difference.
 */
async function activationRound(
  n: number,
  sharedInviter: boolean,
  callable: 'activateAccount' | 'devActivateConsumingFirst' = 'activateAccount',
): Promise<Sample> {
  const inviters = await createInviters(sharedInviter ? 1 : n);
  const inviterIds = Array.from({ length: n }, (_, i) => inviters[sharedInviter ? 0 : i] as string);
  const invitees = await importVerifiedInvitees(inviterIds);
  // As the welcome page calls it: the invitee, and the inviter named in the verification link.
  return concurrently(invitees.map((i) => () => call(callable, { uid: i.uid, inviterId: i.inviterId })));
}

/**
 * An activated account's session on the welcome page, as the stack tests make one (a Google
 * sign-in on the Auth emulator, then `completeSocialSignUp` on an inviter's link), and what mints
 * a fresh handoff code with it.
 */
async function handoffMinter(): Promise<() => Promise<string>> {
  // One account mints at most 5 codes an hour: a new account (untimed) for each 5.
  let account: (() => Promise<string>) | undefined;
  let minted = 0;
  return async () => {
    if (!account || minted % 5 === 0) account = await signedUpMinter();
    minted += 1;
    return account();
  };
}

async function signedUpMinter(): Promise<() => Promise<string>> {
  const inviter = await createInviter({ name: 'Bench Inviter' });
  const sub = `bench-${randomBytes(8).toString('hex')}`;
  const idp = JSON.stringify({ sub, email: `${sub}@example.com`, email_verified: true, name: 'Bench Invitee' });
  const response = await fetch(
    `${urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(idp)}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  const { idToken } = (await response.json()) as { idToken: string };
  const session = { authorization: `Bearer ${idToken}` };
  if (!(await post('completeSocialSignUp', { inviterId: inviter.userId }, session))) throw new Error('No sign-up');
  return async () => {
    const minted = await post<{ code: string }>('createSignInHandoff', { platform: 'android' }, session);
    if (!minted) throw new Error('createSignInHandoff failed');
    return minted.code;
  };
}

/**
 * One redemption of a code minted just before (untimed), by an Android app's installation: its
 * App Check token names the Android app ID, and the callable consumes it.
 */
async function redemptionRound(mint: () => Promise<string>): Promise<Sample> {
  const code = await mint();
  const installationId = randomBytes(16).toString('base64url');
  const retryKey = randomBytes(32).toString('base64url');
  return concurrently([
    async () => {
      const headers = { 'x-firebase-appcheck': mintLocalToken(LOCAL_ANDROID_APP_ID).token };
      const answer = await post<{ customToken?: string }>(
        'redeemSignInHandoff',
        { code, installationId, retryKey },
        headers,
      );
      return typeof answer?.customToken === 'string';
    },
  ]);
}

/**
 * One e-mail sign-up as the form makes it (`signUpWithEmail`: the account, the record, the mail),
 * a new inviter and address each time (the inviter made untimed).
 */
async function signUpRound(): Promise<Sample> {
  const [inviterId] = await createInviters(1);
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  return concurrently([
    async () => {
      const request = { inviterId, name: 'Bench Invitee', email, password: 'bench-pass-7', language: 'en', mail: true };
      const answer = await post<{ uid?: string }>('signUpWithEmail', request);
      return typeof answer?.uid === 'string';
    },
  ]);
}

/** N concurrent calls of an emulator-only reference callable, which takes no input. */
function referenceRound(name: 'devBaselineWrite' | 'devBaselineGuardedCommit', n: number): Promise<Sample> {
  return concurrently(Array.from({ length: n }, () => () => call(name, {})));
}

/**
 * The scenarios of one size, round by round in turn (baseline, reference, then each
 * activation, and at N=1 a redemption), so that a busy moment of this shared machine weighs on
 * all alike and the ratios hold.
 */
async function measureInTurn(n: number, mint: () => Promise<string>) {
  const totals = {
    baseline: emptySample(),
    guarded: emptySample(),
    same: emptySample(),
    distinct: emptySample(),
    consumedFirst: emptySample(),
    redemption: emptySample(),
    signUp: emptySample(),
  };
  for (let r = 0; r < roundsFor(n); r++) {
    addSample(totals.baseline, await referenceRound('devBaselineWrite', n));
    addSample(totals.guarded, await referenceRound('devBaselineGuardedCommit', n));
    addSample(totals.same, await activationRound(n, true));
    addSample(totals.distinct, await activationRound(n, false));
    addSample(totals.consumedFirst, await activationRound(n, false, 'devActivateConsumingFirst'));
    if (n === 1) addSample(totals.redemption, await redemptionRound(mint));
    if (n === 1) addSample(totals.signUp, await signUpRound());
  }
  return totals;
}

const running = await startStack({ output: { logFile: join(repoRoot, '.artifacts', 'bench-stack.log') } });
try {
  // Warm-up: start the functions' workers so that cold starts do not count.
  await referenceRound('devBaselineWrite', 12);
  await referenceRound('devBaselineGuardedCommit', 12);
  await activationRound(12, false);
  await activationRound(12, false, 'devActivateConsumingFirst');
  const mint = await handoffMinter();
  for (let i = 0; i < 3; i++) await redemptionRound(mint);
  for (let i = 0; i < 3; i++) await signUpRound();

  console.log(
    `\nActivation benchmark on ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  console.log(
    `Local stack: Functions emulator (at most ${stack.functionsMaxWorkers} workers per function), Node Firestore emulator\n`,
  );
  console.log(tableHeader);
  const references: string[] = [];
  let redemptionLine = '';
  for (const n of sizes) {
    const measured = await measureInTurn(n, mint);
    const baseline = summarize(measured.baseline);
    const guarded = summarize(measured.guarded);
    const same = summarize(measured.same);
    const distinct = summarize(measured.distinct);
    console.log(tableRow('baseline: one write', n, baseline, null));
    console.log(tableRow('reference: guarded commit', n, guarded, baseline));
    console.log(tableRow('activation, same inviter', n, same, baseline));
    console.log(tableRow('activation, distinct inviters', n, distinct, baseline));
    const consumedFirst = summarize(measured.consumedFirst);
    console.log(tableRow('activation, token consumed first', n, consumedFirst, baseline));
    const ratio = (s: { p50: number }) => `${(s.p50 / guarded.p50).toFixed(2)}x`;
    const gate = `${(consumedFirst.p50 / distinct.p50).toFixed(2)}x`;
    references.push(`| ${n} | ${ratio(same)} | ${ratio(distinct)} | ${ratio(consumedFirst)} | ${gate} |`);
    if (n === 1) {
      const redemption = summarize(measured.redemption);
      console.log(tableRow('redemption: sign-in handoff', n, redemption, baseline));
      const ms = (value: number) => `${value.toFixed(0)} ms`;
      const signUp = summarize(measured.signUp);
      console.log(tableRow('e-mail sign-up: signUpWithEmail', n, signUp, baseline));
      redemptionLine =
        `\nRedemption at N=1: p50 ${ms(redemption.p50)}, p95 ${ms(redemption.p95)}, max ${ms(redemption.max)};` +
        ` p50 against the guarded commit ${ratio(redemption)} (${redemption.failures} failures)` +
        `\nE-mail sign-up at N=1: p50 ${ms(signUp.p50)}, p95 ${ms(signUp.p95)}, max ${ms(signUp.max)};` +
        ` p50 against the guarded commit ${ratio(signUp)} (${signUp.failures} failures)`;
    }
  }
  console.log('\nActivation p50 against the guarded commit (token consumed beside one read, one commit),');
  console.log('and the token consumed first against the write gate (distinct inviters):\n');
  console.log(
    '| N | same inviter | distinct inviters | consumed first | consumed first / gate |\n|---|---|---|---|---|',
  );
  console.log(references.join('\n'));
  if (redemptionLine) console.log(redemptionLine);
} finally {
  await running.stop();
}
process.exit(0);
