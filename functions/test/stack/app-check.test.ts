/**
 * App Check on the running stack (its local stand-in, see domain/app-check.ts): a call
 * without a token, or with one that is not the stand-in's, is refused with nothing written;
 * a token of a replay-protected call works once. The short link stays open to plain browsers.
 */
import { describe, expect, it } from 'vitest';
import { callableHeaders, localAppCheckToken, urls } from '@dayfocus/stack/testing';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import {
  adminDb,
  Browser,
  createInviter,
  eventually,
  firestoreFaults,
  OUR_EMULATOR,
  friendsBetween,
  historyOf,
  openTransactionsReading,
  outcomeOf,
  pushesTo,
  joinsDelivered,
  signUpDoc,
  userDoc,
  verifiedEmailInvitee,
} from './support.js';

/** A raw callable request, as a script would send it. */
async function rawCall(name: string, data: unknown, headers: Record<string, string>) {
  const response = await fetch(`${urls.functions}/${name}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ data }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { result?: unknown; error?: { status?: string } },
  };
}

/** The path of the stand-in's record of a token's consumption (adapters/dev-app-check.ts). */
function consumptionOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { jti: string };
  return `_devAppCheckTokens/${payload.jti}`;
}

/**
 * An invitee of a new inviter, and the headers of a fresh App Check token whose consumption's
 * commit meets `fault` once while `run` calls with them; the fault must have fired. Cleared after.
 */
async function withConsumptionFault(
  fault: { code: string; when?: 'after' },
  run: (call: Awaited<ReturnType<typeof newInvitee>> & { headers: Record<string, string> }) => Promise<void>,
) {
  const party = await newInvitee();
  const token = localAppCheckToken();
  await firestoreFaults({ faults: [{ rpc: 'Commit', ...fault, count: 1, match: consumptionOf(token) }] });
  try {
    await run({ ...party, headers: { 'content-type': 'application/json', 'x-firebase-appcheck': token } });
    expect((await firestoreFaults()).faults.map((planned) => planned.fired)).toEqual([1]);
  } finally {
    await firestoreFaults(null);
  }
  return party;
}

async function newInvitee() {
  const inviter = await createInviter();
  return { inviter, invitee: await verifiedEmailInvitee(inviter.userId) };
}

describe('App Check on every callable', () => {
  it.each([['getInviter'], ['createAppLink'], ['activateAccount']])(
    'refuses %s from a script without a token, before it reads or writes anything',
    async (name) => {
      const inviter = await createInviter();
      const invitee = await verifiedEmailInvitee(inviter.userId);
      const data = name === 'activateAccount' ? { uid: invitee.uid } : { inviterId: inviter.userId };
      const answer = await rawCall(name, data, { 'content-type': 'application/json' });
      expect([answer.status, answer.body.error?.status]).toEqual([401, 'UNAUTHENTICATED']);
      expect((await userDoc(invitee.uid))?.isActive).not.toBe(true);
      expect(await friendsBetween(inviter.userId, invitee.uid)).toEqual([]);
      expect((await adminDb.collection('_appLinkOwners').doc(inviter.userId).get()).exists).toBe(false);
    },
  );

  it('refuses the signed-in calls of a browser without App Check, with nothing written', async () => {
    const inviter = await createInviter();
    const browser = new Browser({ appCheck: false });
    const user = await browser.signUpWithEmail();
    expect(await outcomeOf(browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira' }))).toBe(
      'unauthenticated',
    );
    const social = new Browser({ appCheck: false });
    const google = await social.signInWith('google.com');
    expect(await outcomeOf(social.call('completeSocialSignUp', { inviterId: inviter.userId }))).toBe('unauthenticated');
    expect((await signUpDoc(user.uid))?.invitedBy).toBeUndefined();
    expect(await friendsBetween(inviter.userId, google.uid)).toEqual([]);
    expect(await historyOf(inviter.userId)).toEqual([]);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken as string)).toEqual([]);
    await Promise.all([browser.close(), social.close()]);
  });

  it('refuses a token that the stand-in did not mint (the emulator does not verify tokens itself)', async () => {
    const inviter = await createInviter();
    const forged = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1:0:web:0"}').toString('base64url')}.x`;
    const answer = await rawCall(
      'getInviter',
      { inviterId: inviter.userId },
      { 'content-type': 'application/json', 'x-firebase-appcheck': forged },
    );
    expect(answer.status).toBe(401);
  });

  it('lets a browser with App Check through', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const answer = await rawCall('getInviter', { inviterId: inviter.userId }, callableHeaders());
    expect(answer).toMatchObject({ status: 200, body: { result: { inviterId: inviter.userId, name: 'Asha Verma' } } });
  });

  it('takes a replay-protected call once per token: the replay is refused, and the join happened once', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    const headers = { 'content-type': 'application/json', 'x-firebase-appcheck': localAppCheckToken() };
    expect(await rawCall('activateAccount', { uid: invitee.uid }, headers)).toMatchObject({
      status: 200,
      body: { result: writeSucceeded },
    });
    const replay = await rawCall('activateAccount', { uid: invitee.uid }, headers);
    expect([replay.status, replay.body.error?.status]).toEqual([401, 'UNAUTHENTICATED']);
    expect(await historyOf(inviter.userId)).toHaveLength(1);
  });

  it(
    'is not fooled by its own consumption whose answer was lost: the call goes through, once',
    OUR_EMULATOR,
    async () => {
      // The consumption's write lands, its answer is lost, and firebase-admin tries the create again.
      const fault = { code: 'UNAVAILABLE', when: 'after' } as const;
      const { inviter } = await withConsumptionFault(fault, async ({ invitee, headers }) => {
        expect(await rawCall('activateAccount', { uid: invitee.uid }, headers)).toMatchObject({
          status: 200,
          body: { result: writeSucceeded },
        });
        const replay = await rawCall('activateAccount', { uid: invitee.uid }, headers);
        expect([replay.status, replay.body.error?.status]).toEqual([401, 'UNAUTHENTICATED']);
      });
      expect(await historyOf(inviter.userId)).toHaveLength(1);
    },
  );

  /** Two invitees of one inviter, and the headers of an App Check token the first one's activation has spent. */
  async function oneActivationSpent() {
    const inviter = await createInviter();
    const [first, second] = await Promise.all([
      verifiedEmailInvitee(inviter.userId, 'Mira Nair'),
      verifiedEmailInvitee(inviter.userId, 'Zed Roy'),
    ]);
    const headers = { 'content-type': 'application/json', 'x-firebase-appcheck': localAppCheckToken() };
    expect((await rawCall('activateAccount', { uid: first.uid, inviterId: inviter.userId }, headers)).status).toBe(200);
    return { inviter, second, headers };
  }

  it('refuses a replay that names another account, though its reads ran beside the consumption', async () => {
    const { inviter, second, headers } = await oneActivationSpent();
    // The same token again, for an account that could activate: refused, and nothing of it written.
    const replay = await rawCall('activateAccount', { uid: second.uid, inviterId: inviter.userId }, headers);
    expect([replay.status, replay.body.error?.status]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await userDoc(second.uid))?.isActive).not.toBe(true);
    expect(await friendsBetween(inviter.userId, second.uid)).toEqual([]);
    expect(await historyOf(inviter.userId)).toHaveLength(1);
  });

  it('answers a refused replay only once its handler has ended: no transaction left open', OUR_EMULATOR, async () => {
    const { inviter, second, headers } = await oneActivationSpent();
    // The replay's transactional read of the second invitee answers late: its transaction is open meanwhile.
    await firestoreFaults({
      faults: [{ rpc: 'BatchGetDocuments', delayMs: 1500, when: 'after', count: 1, match: `Users/${second.uid}` }],
    });
    try {
      const replay = await rawCall('activateAccount', { uid: second.uid, inviterId: inviter.userId }, headers);
      expect([replay.status, replay.body.error?.status]).toEqual([401, 'UNAUTHENTICATED']);
      // The SDK sends its rollback without waiting for it: a moment, never the held read's 1.5 s.
      await eventually(
        () => openTransactionsReading(`Users/${second.uid}`),
        (open) => open === 0,
        { timeoutMs: 300, intervalMs: 25, what: `no transaction reading Users/${second.uid} open after the answer` },
      );
    } finally {
      await firestoreFaults(null);
    }
    expect((await userDoc(second.uid))?.isActive).not.toBe(true);
  });

  it('refuses a replayed social sign-up that names another inviter, with nothing of it written', async () => {
    const [first, second] = await Promise.all([createInviter(), createInviter()]);
    const social = new Browser();
    const user = await social.signInWith('google.com');
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${await user.getIdToken()}`,
      'x-firebase-appcheck': localAppCheckToken(),
    };
    expect((await rawCall('completeSocialSignUp', { inviterId: first.userId }, headers)).status).toBe(200);
    const replay = await rawCall('completeSocialSignUp', { inviterId: second.userId }, headers);
    expect([replay.status, replay.body.error?.status]).toEqual([401, 'UNAUTHENTICATED']);
    expect(await friendsBetween(second.userId, user.uid)).toEqual([]);
    expect(await historyOf(second.userId)).toEqual([]);
    expect(await friendsBetween(first.userId, user.uid)).toHaveLength(1);
    await social.close();
  });

  it(
    'answers unavailable, with nothing written, when the token cannot be consumed; a new try works',
    OUR_EMULATOR,
    async () => {
      const fault = { code: 'INTERNAL' };
      const { inviter, invitee } = await withConsumptionFault(fault, async ({ inviter, invitee, headers }) => {
        const failed = await rawCall('activateAccount', { uid: invitee.uid, inviterId: inviter.userId }, headers);
        expect([failed.status, failed.body.error?.status]).toEqual([503, 'UNAVAILABLE']);
      });
      expect((await userDoc(invitee.uid))?.isActive).not.toBe(true);
      expect(await friendsBetween(inviter.userId, invitee.uid)).toEqual([]);
      const again = await rawCall(
        'activateAccount',
        { uid: invitee.uid, inviterId: inviter.userId },
        callableHeaders(),
      );
      expect(again.status).toBe(200);
      expect(await friendsBetween(inviter.userId, invitee.uid)).toHaveLength(1);
    },
  );

  it("consumes the benchmark's guarded-commit reference's token too, though no client calls it", async () => {
    const headers = { 'content-type': 'application/json', 'x-firebase-appcheck': localAppCheckToken() };
    expect(await rawCall('devBaselineGuardedCommit', {}, headers)).toMatchObject({
      status: 200,
      body: { result: writeSucceeded },
    });
    const replay = await rawCall('devBaselineGuardedCommit', {}, headers);
    expect([replay.status, replay.body.error?.status]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('lets ordinary tokens be reused on the calls that do not consume them', async () => {
    const inviter = await createInviter();
    const headers = callableHeaders();
    for (let i = 0; i < 2; i += 1)
      expect((await rawCall('getInviter', { inviterId: inviter.userId }, headers)).status).toBe(200);
  });

  it('leaves the short link open to plain browsers', async () => {
    const { shortLink } = (
      await rawCall('createAppLink', { inviterId: (await createInviter()).userId }, callableHeaders())
    ).body.result as { shortLink: string };
    const response = await fetch(shortLink, { redirect: 'manual', headers: { 'user-agent': 'curl/8.5.0' } });
    expect(response.status).toBeLessThan(400);
  });
});
