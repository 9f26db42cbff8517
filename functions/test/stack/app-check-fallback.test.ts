/**
 * The App Check fallback on the running stack (functions/src/attestation/): a visitor whose first
 * attestation failed asks `attestByChallenge` for a challenge without any App Check token, solves
 * it and gets a token the callables take, for the companion's own web app only. A solution redeems
 * once; a client gets a dozen challenges an hour; a wrong or forged solution gets nothing.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { adminDb, LOCAL_WEB_APP_ID, readDoc, repoRoot, urls } from '@dayfocus/stack/testing';
import type { AttestationAnswer } from '@dayfocus/contracts/answers';
import { collections } from '@dayfocus/contracts/records';
import { altchaChallenges } from '../../src/attestation/adapters/altcha-challenges.js';
import { solve } from '../attestation.js';
import { createInviter } from './support.js';

/** A raw callable request with no App Check token, as a page whose attestation failed sends it. */
async function call(name: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${urls.functions}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { status?: string; message?: string } };
  return { status: response.status, body };
}

const newClient = () => randomBytes(16).toString('base64url');

/** Another web app of the local project (an admin console, say): the fallback is not its to attest. */
const ADMIN_CONSOLE = LOCAL_WEB_APP_ID.replace(/:web:.*$/, ':web:ad000000000000000000c0');

/** The tokens minted in an arrival context, summed over its day's shards. */
async function tokensCounted(context: string): Promise<number> {
  const shards = await adminDb.collection(collections.attestationCounts).where('context', '==', context).get();
  return shards.docs.reduce((sum, shard) => sum + ((shard.data().tokens as number | undefined) ?? 0), 0);
}

async function challengeFor(client: string, context?: string) {
  const { status, body } = await call('attestByChallenge', { appId: LOCAL_WEB_APP_ID, client, context });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result as AttestationAnswer;
}

async function redeem(client: string, solution: string, context?: string) {
  return call('attestByChallenge', { appId: LOCAL_WEB_APP_ID, client, solution, context });
}

describe('The App Check fallback', () => {
  it('a solved challenge, without any App Check token, mints one that a callable takes', async () => {
    const inviter = await createInviter();
    const refused = await call('getInviter', { inviterId: inviter.userId });
    expect(refused.status).toBe(401);

    const client = newClient();
    const redeemed = await redeem(client, await solve(await challengeFor(client)));
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const { token, expireTimeMillis } = redeemed.body.result as { token: string; expireTimeMillis: number };
    // The Admin SDK's shortest life, 30 minutes.
    expect(expireTimeMillis - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(expireTimeMillis - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const admitted = await call('getInviter', { inviterId: inviter.userId }, { 'x-firebase-appcheck': token });
    expect(admitted.status, JSON.stringify(admitted.body)).toBe(200);
    expect(admitted.body.result).toMatchObject({ inviterId: inviter.userId });
  });

  it('a solution redeems once: its replay, at once or later, gets no second token', async () => {
    const client = newClient();
    const solution = await solve(await challengeFor(client));
    const [first, second] = await Promise.all([redeem(client, solution), redeem(client, solution)]);
    expect([first.status, second.status].sort()).toEqual([200, 403]);
    const later = await redeem(newClient(), solution);
    expect(later.status).toBe(403);
    expect(later.body.error?.status).toBe('PERMISSION_DENIED');
  });

  it('a wrong, forged or unknown solution gets nothing, and a bad request is refused as such', async () => {
    const client = newClient();
    const answer = await challengeFor(client);
    const solved = JSON.parse(await solve(answer)) as {
      challenge: { parameters: { cost: number } };
      solution: { counter: number };
    };
    const wrong = { ...solved, solution: { ...solved.solution, counter: solved.solution.counter + 1 } };
    expect((await redeem(client, JSON.stringify(wrong))).status).toBe(403);
    // Easier work written into the challenge breaks its signature.
    const forged = {
      ...solved,
      challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 0 } },
    };
    expect((await redeem(client, JSON.stringify(forged))).status).toBe(403);
    expect((await redeem(client, 'not json')).status).toBe(403);
    // The untouched solution still redeems: the refusals spent nothing of it.
    expect((await redeem(client, JSON.stringify(solved))).status).toBe(200);

    const bad = await call('attestByChallenge', { appId: 'not-an-app', client });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.status).toBe('INVALID_ARGUMENT');
  });

  it("mints for the companion's web app alone: another web app of the project is refused, nothing minted", async () => {
    const client = newClient();
    const context = `other-app-${randomBytes(6).toString('hex')}`;
    const answer = await challengeFor(client, context);
    const { id } = (answer as { challenge: { parameters: { data: { id: string } } } }).challenge.parameters.data;
    const solution = await solve(answer);

    const refused = await call('attestByChallenge', { appId: ADMIN_CONSOLE, client, solution, context });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.error?.status).toBe('PERMISSION_DENIED');
    expect(refused.body.result).toBeUndefined();
    expect((await readDoc(collections.attestationChallenges, id))?.redeemedAt).toBeUndefined();
    expect(await tokensCounted(context)).toBe(0);

    // No challenge for it either, and nothing counted against the client that asked.
    const stranger = newClient();
    const asked = await call('attestByChallenge', { appId: ADMIN_CONSOLE, client: stranger, context });
    expect(asked.status).toBe(403);
    const limit = adminDb.collection(collections.attestationLimits).doc(altchaChallenges.limitKey('client', stranger));
    expect((await limit.get()).exists).toBe(false);

    // The refusal spent nothing: the solution still redeems for the companion's own app.
    expect((await redeem(client, solution, context)).status).toBe(200);
    expect(await tokensCounted(context)).toBe(1);
  });

  it('a client gets twelve challenges an hour, then a refusal; another client is not held by it', async () => {
    const client = newClient();
    for (let n = 0; n < 12; n += 1) await challengeFor(client);
    const thirteenth = await call('attestByChallenge', { appId: LOCAL_WEB_APP_ID, client });
    expect(thirteenth.status).toBe(429);
    expect(thirteenth.body.error?.status).toBe('RESOURCE_EXHAUSTED');
    await challengeFor(newClient());
  });

  it('`npm run report -- --attestation` prints the figures of each day and arrival context', async () => {
    // A context of this test's own: other tests count in theirs meanwhile.
    const context = `report-${randomBytes(6).toString('hex')}`;
    const client = newClient();
    const asked = await Promise.all([1, 2, 3].map(() => challengeFor(client, context)));
    const [first] = asked;
    if (!first) throw new Error('no challenge');
    expect((await redeem(client, await solve(first), context)).status).toBe(200);
    const { stdout } = await promisify(execFile)(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      [join(repoRoot, 'functions', 'scripts', 'report.mts'), '--attestation', '--json'],
      { cwd: repoRoot },
    );
    const { days } = JSON.parse(stdout) as { days: { context: string }[] };
    expect(days.filter((day) => day.context === context)).toEqual([
      { day: new Date().toISOString().slice(0, 10), context, challenges: 3, tokens: 1, unredeemed: 2 },
    ]);
    // A bound, not its expected time: the report is a tsx process; 67 s in a fresh npm test of 2026-12-02.
  }, 240_000);
});
