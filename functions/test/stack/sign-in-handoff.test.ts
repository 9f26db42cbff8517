/**
 * Signed in on arrival (docs/signed-in-on-arrival.md, section 6): the welcome page's session mints a
 * handoff code on "Get the app", and the app (the Firebase JS SDK under a mobile app's ID, with
 * App Check's stand-in) redeems it once for a custom token of the same account. Every refusal is
 * one answer; a second redemption ends the account's sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HANDOFF_RETRY_MS } from '@dayfocus/contracts/sign-in-handoff';
import { LOCAL_ANDROID_APP_ID, mintLocalToken, SimulatedMobileApp, urls } from '@dayfocus/stack/testing';
import {
  adminAuth,
  adminDb,
  Browser,
  createInviter,
  firestoreFaults,
  friendsBetween,
  OUR_EMULATOR,
  outcomeOf,
  readDoc,
  uniqueId,
} from './support.js';

const digestOf = (code: string) => createHash('sha256').update(code).digest('hex');
const newInstallation = () => uniqueId('inst').replace(/[^A-Za-z0-9_-]/g, '');
/** A redemption's request as an app sends it: the code, its installation, and its own retry key. */
const redemptionOf = (code: string) => ({
  code,
  installationId: newInstallation(),
  retryKey: randomBytes(32).toString('base64url'),
});

/** A person who signed up with Google through an invitation, still signed in on the welcome page. */
async function welcomedInvitee() {
  const inviter = await createInviter({ name: 'Asha Verma' });
  const browser = new Browser();
  const user = await browser.signInWith('google.com', { name: 'Mira Nair' });
  await browser.call('completeSocialSignUp', { inviterId: inviter.userId });
  return { inviter, browser, uid: user.uid };
}

/** The refusal every unusable code gets: its code and message. */
async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code: code.replace(/^functions\//, ''), message };
  }
  throw new Error('The redemption was granted');
}

/**
 * The refusal of `redeem()`, asked again (a new call, a new App Check token) while the answer is
 * `unavailable`, as the app does: the token's consumption can fail on a machine busy with other
 * suites, and the call then says to try again. Any other answer is the refusal.
 */
async function finalRefusalOf(redeem: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  for (let attempt = 1; ; attempt++) {
    const refusal = await refusalOf(redeem());
    if (refusal.code !== 'unavailable' || attempt === 3) return refusal;
  }
}

/** Waits into the next second: Auth keeps revocations to the second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 10));

describe('redeemSignInHandoff: the app signed in on arrival', () => {
  it("signs the app in as the same account, already the inviter's friend, with the handoff claim", async () => {
    const { inviter, browser, uid } = await welcomedInvitee();
    const minted = await browser.call<{ code: string; expiresAt: string }>('createSignInHandoff', {
      platform: 'android',
    });
    expect(minted.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(minted.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    // Kept only as its digest.
    expect(await readDoc('_signInHandoffs', minted.code)).toBeUndefined();
    expect(await readDoc('_signInHandoffs', digestOf(minted.code))).toMatchObject({ uid, platform: 'android' });

    const app = new SimulatedMobileApp('android');
    const signedIn = await app.signInOnArrival(minted.code);
    expect(signedIn.uid).toBe(uid);
    expect((await signedIn.getIdTokenResult()).claims.handoff).toBe(true);
    expect(await friendsBetween(inviter.userId, uid)).toHaveLength(1);
    await Promise.all([app.close(), browser.close()]);
  });

  it('answers a lost answer again to the same installation within two minutes', async () => {
    const { browser, uid } = await welcomedInvitee();
    const { code } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'ios' });
    const app = new SimulatedMobileApp('ios');
    await app.redeem(code);
    expect((await app.signInOnArrival(code)).uid).toBe(uid);
    await Promise.all([app.close(), browser.close()]);
  });

  it('refuses every unusable code with one answer, writing nothing but the attempt', async () => {
    const { browser, uid } = await welcomedInvitee();
    const android = new SimulatedMobileApp('android');
    const ios = new SimulatedMobileApp('ios');
    const web = {
      redeem: (code: string) => new Browser().call('redeemSignInHandoff', redemptionOf(code)),
    };

    const { code: expired } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'android' });
    await adminDb
      .collection('_signInHandoffs')
      .doc(digestOf(expired))
      .update({ expiresAt: new Date(Date.now() - 1).toISOString() });
    const { code: replaced } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'android' });
    const { code: live } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'android' });
    const before = await readDoc('_signInHandoffs', digestOf(live));

    const refusals = await Promise.all([
      finalRefusalOf(() => android.redeem(expired)),
      finalRefusalOf(() => android.redeem(replaced)),
      finalRefusalOf(() => android.redeem(randomBytes(32).toString('base64url'))), // unknown
      finalRefusalOf(() => android.redeem('not-a-code')), // malformed
      finalRefusalOf(() => android.redeem(`${live}x`)),
      finalRefusalOf(() => ios.redeem(live)), // a code of another platform
      finalRefusalOf(() => web.redeem(live)), // a web app
    ]);
    const expected = { code: 'permission-denied', message: refusals[0]?.message };
    expect(refusals).toEqual(refusals.map(() => expected));
    expect(await readDoc('_signInHandoffs', digestOf(live))).toEqual(before);

    // Disabled, then sessions revoked since the code was made: the same answer.
    await adminAuth.updateUser(uid, { disabled: true });
    expect(await refusalOf(android.redeem(live))).toEqual(expected);
    await adminAuth.updateUser(uid, { disabled: false });
    await nextSecond();
    await adminAuth.revokeRefreshTokens(uid);
    expect(await refusalOf(android.redeem(live))).toEqual(expected);
    expect(await readDoc('_signInHandoffs', digestOf(live))).toEqual(before);
    await Promise.all([android.close(), ios.close(), browser.close()]);
  });

  it('refuses an app without App Check', async () => {
    const { browser } = await welcomedInvitee();
    const { code } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'android' });
    const script = new SimulatedMobileApp('android', { appCheck: false });
    expect(await outcomeOf(script.call('redeemSignInHandoff', redemptionOf(code)))).toBe('unauthenticated');
    await Promise.all([script.close(), browser.close()]);
  });

  it('refuses a captured request sent again: its App Check token is spent', async () => {
    const { browser } = await welcomedInvitee();
    const { code } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'android' });
    const request = {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-firebase-appcheck': mintLocalToken(LOCAL_ANDROID_APP_ID).token,
      },
      body: JSON.stringify({ data: redemptionOf(code) }),
    };
    const first = await fetch(`${urls.functions}/redeemSignInHandoff`, request);
    expect(first.status).toBe(200);
    const replay = await fetch(`${urls.functions}/redeemSignInHandoff`, request);
    expect([replay.status, ((await replay.json()) as { error?: { status?: string } }).error?.status]).toEqual([
      401,
      'UNAUTHENTICATED',
    ]);
    // Refused before the code was looked at: no reuse, no session ended.
    expect(await readDoc('_signInHandoffs', digestOf(code))).not.toHaveProperty('revokedAt');
    await browser.close();
  });

  it('refuses a second installation and signs the first session out (a forwarded code)', async () => {
    const { browser, uid } = await welcomedInvitee();
    const { code } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'android' });
    const first = new SimulatedMobileApp('android');
    const idToken = await (await first.signInOnArrival(code)).getIdToken();
    await expect(adminAuth.verifyIdToken(idToken, true)).resolves.toMatchObject({ uid });

    const second = new SimulatedMobileApp('android');
    expect(await outcomeOf(second.redeem(code))).toBe('permission-denied');
    // Locked, not only signed out (handoff-takeover.test.ts follows what else that stops).
    await expect(adminAuth.verifyIdToken(idToken, true)).rejects.toMatchObject({ code: 'auth/user-disabled' });
    // The code is spent for good, the first installation's retry too.
    expect(await outcomeOf(first.redeem(code))).toBe('permission-denied');
    expect(await readDoc('_signInHandoffs', digestOf(code))).toMatchObject({ revokedAt: expect.any(String) });
    await Promise.all([first.close(), second.close(), browser.close()]);
  });

  it('refuses the same installation after two minutes, and locks nothing: it is the first redeemer itself', async () => {
    const { browser, uid } = await welcomedInvitee();
    const { code } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'android' });
    const app = new SimulatedMobileApp('android');
    const session = await app.signInOnArrival(code);
    const redeemedAt = new Date(Date.now() - HANDOFF_RETRY_MS - 1_000).toISOString();
    await adminDb.collection('_signInHandoffs').doc(digestOf(code)).update({ redeemedAt });
    expect(await outcomeOf(app.redeem(code))).toBe('permission-denied');
    await expect(adminAuth.verifyIdToken(await session.getIdToken(), true)).resolves.toMatchObject({ uid });
    expect((await adminAuth.getUser(uid)).disabled).toBe(false);
    expect(await readDoc('_accountLocks', uid)).toBeUndefined();
    await Promise.all([app.close(), browser.close()]);
  });

  it('lets exactly one of two apps redeeming one code at once in', async () => {
    const { browser } = await welcomedInvitee();
    const { code } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'ios' });
    const apps = [new SimulatedMobileApp('ios'), new SimulatedMobileApp('ios')];
    const outcomes = await Promise.all(apps.map((app) => outcomeOf(app.redeem(code))));
    expect(outcomes.sort()).toEqual(['ok', 'permission-denied']);
    await Promise.all([...apps.map((app) => app.close()), browser.close()]);
  });

  it('limits the attempts on codes of one prefix', async () => {
    const app = new SimulatedMobileApp('android');
    const prefix = randomBytes(3).toString('base64url');
    const guess = () => prefix + randomBytes(30).toString('base64url').slice(0, 39);
    const outcomes: string[] = [];
    for (let i = 0; i < 11; i += 1) outcomes.push(await outcomeOf(app.redeem(guess())));
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill('permission-denied'));
    expect(outcomes[10]).toBe('resource-exhausted');
    await app.close();
  });
});

describe('createSignInHandoff', () => {
  it('refuses a caller not signed in, an unconfirmed address, and a handoff session', async () => {
    expect(await outcomeOf(new Browser().call('createSignInHandoff', { platform: 'android' }))).toBe('unauthenticated');

    const unconfirmed = new Browser();
    await unconfirmed.signUpWithEmail();
    expect(await outcomeOf(unconfirmed.call('createSignInHandoff', { platform: 'android' }))).toBe(
      'failed-precondition',
    );

    const { browser } = await welcomedInvitee();
    const { code } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'android' });
    const app = new SimulatedMobileApp('android');
    await app.signInOnArrival(code);
    expect(await outcomeOf(app.call('createSignInHandoff', { platform: 'android' }))).toBe('permission-denied');
    expect(await outcomeOf(browser.call('createSignInHandoff', { platform: 'windows' }))).toBe('invalid-argument');
    await Promise.all([unconfirmed.close(), app.close(), browser.close()]);
  });
});

describe('createSignInHandoff when the commit lands but its answer is lost', () => {
  it(
    'answers the code it kept, which redeems, with no earlier code of its own marked replaced',
    OUR_EMULATOR,
    async () => {
      const { browser, uid } = await welcomedInvitee();
      await firestoreFaults({
        faults: [{ rpc: 'Commit', code: 'UNAVAILABLE', when: 'after', count: 1, match: `_signInHandoffOwners/${uid}` }],
      });
      let code: string;
      try {
        ({ code } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'android' }));
        expect((await firestoreFaults()).faults.map((planned) => planned.fired)).toEqual([1]);
      } finally {
        await firestoreFaults(null);
      }
      expect(await readDoc('_signInHandoffs', digestOf(code))).not.toHaveProperty('replacedAt');
      const app = new SimulatedMobileApp('android');
      expect((await app.signInOnArrival(code)).uid).toBe(uid);
      await Promise.all([app.close(), browser.close()]);
    },
  );
});

describe('revokeSignInHandoff: "Not you?"', () => {
  it('ends the handoff session, and is refused to any other session', async () => {
    const { browser, uid } = await welcomedInvitee();
    expect(await outcomeOf(browser.call('revokeSignInHandoff', {}))).toBe('permission-denied');
    const { code } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'ios' });
    const app = new SimulatedMobileApp('ios');
    const idToken = await (await app.signInOnArrival(code)).getIdToken();
    expect(await app.call('revokeSignInHandoff', {})).toEqual({ revoked: true });
    await expect(adminAuth.verifyIdToken(idToken, true)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
    expect((await adminAuth.getUser(uid)).disabled).toBe(false);
    await Promise.all([app.close(), browser.close()]);
  });
});
