/**
 * The App Check fallback's switch (APP_CHECK_FALLBACK, a param read at each call): the real
 * `attestByChallenge`, run in this process as firebase-functions runs its handler, with the local
 * stack's composition, against the running stack's Firestore. The Functions emulator itself reads
 * the param from functions/.env.local once, at its start, so its own copy cannot be switched from
 * a test without restarting the stack that every other test shares.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collections } from '@dayfocus/contracts/records';
import { adminDb, LOCAL_WEB_APP_ID } from '@dayfocus/stack/testing';
import { altchaChallenges } from '../../src/attestation/adapters/altcha-challenges.js';
import { FALLBACK_OFF_MESSAGE } from '../../src/attestation/flows/attestation-flow.js';
import { solve } from '../attestation.js';

type Run = (request: unknown) => Promise<unknown>;
let run: Run;
const saved = { fallback: process.env.APP_CHECK_FALLBACK, emulator: process.env.FUNCTIONS_EMULATOR };

beforeAll(async () => {
  // The local stack's composition, as its entry point loads it (it exists only in the emulator).
  process.env.FUNCTIONS_EMULATOR = 'true';
  // The param the emulator reads from functions/.env.local.
  vi.stubEnv('WEB_APP_ID', LOCAL_WEB_APP_ID);
  await import('../../src/local/environment.js');
  const { attestByChallenge } = await import('../../src/entry-points/attestation-callables.js');
  run = (attestByChallenge as unknown as { run: Run }).run;
});
afterAll(() => {
  vi.unstubAllEnvs();
  if (saved.fallback === undefined) delete process.env.APP_CHECK_FALLBACK;
  else process.env.APP_CHECK_FALLBACK = saved.fallback;
  if (saved.emulator === undefined) delete process.env.FUNCTIONS_EMULATOR;
  else process.env.FUNCTIONS_EMULATOR = saved.emulator;
});

/** A call as Hosting's rewrite hands it over, from one address (`clientOf` reads its headers with `get`). */
const call = (data: Record<string, unknown>) =>
  run({
    data: { appId: LOCAL_WEB_APP_ID, ...data },
    rawRequest: { get: () => undefined, socket: { remoteAddress: '198.51.100.7' } },
  }).then(
    (result) => ({ result }),
    (error: unknown) => ({ error: error as { code?: string; message?: string } }),
  );

/** What the fallback wrote for this client and context: its limit's stamps, and the context's figures. */
async function written(client: string, context: string) {
  const limit = await adminDb
    .collection(collections.attestationLimits)
    .doc(altchaChallenges.limitKey('client', client))
    .get();
  const counts = await adminDb.collection(collections.attestationCounts).where('context', '==', context).get();
  return { limit: limit.exists, counts: counts.size };
}

describe('The App Check fallback switched off (APP_CHECK_FALLBACK=false)', () => {
  it('refuses a challenge and a solution alike with failed-precondition and writes nothing; on again, it serves', async () => {
    const client = randomBytes(16).toString('base64url');
    const context = `switch-${randomBytes(6).toString('hex')}`;

    process.env.APP_CHECK_FALLBACK = 'true';
    const asked = await call({ client, context });
    if (!('result' in asked)) throw new Error(`no challenge: ${JSON.stringify(asked)}`);
    const solution = await solve(asked.result as never);
    const before = await written(client, context);
    expect(before).toEqual({ limit: true, counts: 1 });

    process.env.APP_CHECK_FALLBACK = 'false';
    const refusal = { error: expect.objectContaining({ code: 'failed-precondition', message: FALLBACK_OFF_MESSAGE }) };
    expect(await call({ client, context })).toEqual(refusal);
    expect(await call({ client, context, solution })).toEqual(refusal);
    expect(await call({ client: randomBytes(16).toString('base64url'), context })).toEqual(refusal);
    expect(await written(client, context)).toEqual(before);

    // Switched on again (the default), the challenge asked before is still there to redeem, once.
    process.env.APP_CHECK_FALLBACK = 'true';
    const redeemed = await call({ client, context, solution });
    expect(redeemed).toMatchObject({ result: { token: expect.any(String) } });
  });
});
