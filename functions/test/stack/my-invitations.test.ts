/**
 * `myInvitations` (docs/invite-funnel.md, "Her own view"): the inviter's numbers by way in after
 * real journeys through the stack (her short link opened, its QR code, her plain invitation, the
 * app's "accept"), the people who joined, paged newest first, nothing of anyone who did not join;
 * and the refusals: only she reads hers, only the mobile app, never anonymously.
 */
import { signInWithCustomToken } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import type { InvitationCounts, MyInvitations } from '@dayfocus/contracts/inviter-view-functions';
import { LOCAL_WEB_APP_ID, mintLocalToken, SimulatedMobileApp, urls, verificationMail } from '@dayfocus/stack/testing';
import { userAgents } from '@dayfocus/stack/user-agents';
import { decodeQrSvg } from '../qr-code.js';
import {
  adminAuth,
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  eventually,
  existingAppUser,
  fetchRaw,
  joinOf,
  outcomeOf,
} from './support.js';

/** Five sign-ups through the functions, each a few calls: room on a loaded machine. */
const JOURNEYS_TIMEOUT_MS = 180_000;
const today = () => new Date().toISOString().slice(0, 10);
const counts = (c: Partial<InvitationCounts> = {}): InvitationCounts => ({
  views: 0,
  signUps: 0,
  confirmed: 0,
  joins: 0,
  ...c,
});

/** An inviter with an account (the app signs her in) and a short link. */
async function inviterWithLink(name = 'Asha Verma') {
  const inviter = await createInviter({ name });
  await adminAuth.createUser({ uid: inviter.userId, email: `${inviter.userId}@example.com`, emailVerified: true });
  const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: inviter.userId });
  const path = new URL(shortLink).pathname;
  return { inviterId: inviter.userId, shortLink, path, code: path.slice(path.lastIndexOf('/') + 1) };
}

/** The Android app, signed in as `uid`. */
async function appAs(uid: string) {
  const app = new SimulatedMobileApp('android');
  await signInWithCustomToken(app.auth, await adminAuth.createCustomToken(uid));
  return app;
}

/** Her invitation as the short link's "Continue on the web" gives it: the path and query a browser opens. */
async function continueOnTheWeb(linkPath: string): Promise<string> {
  const page = await fetchRaw(linkPath);
  const href = /href="([^"]*\/feedback\/[^"]*)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
  if (!href) throw new Error(`No "Continue on the web" on ${linkPath}: ${page.status}`);
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}

/** The invitation page's beacon as its app sends it: to its own address, query and all. */
async function view(pageAddress: string) {
  expect((await fetchRaw(pageAddress, { method: 'POST' })).status).toBe(204);
}

/** An e-mail sign-up that the mail's code then confirms (the door), as the page does it. */
async function emailSignUpConfirmed(inviterId: string, way: string, name: string) {
  const browser = new Browser();
  const user = await browser.signUpWithEmail();
  await browser.call('registerInvitee', { inviterId, name, way });
  await browser.call('sendVerificationEmail', { language: 'en' });
  await browser.call('confirmEmailWithCode', { code: (await verificationMail(user.email ?? '')).code });
  await browser.close();
  return user.uid;
}

describe('myInvitations', () => {
  it(
    'counts views, sign-ups, confirmations and joins by way in, and lists only the people who joined',
    async () => {
      const asha = await inviterWithLink();

      // Her short link opened, then "Continue on the web": an e-mail sign-up, confirmed.
      const byLink = await continueOnTheWeb(asha.path);
      expect(byLink).toBe(`/feedback/${asha.inviterId}/en?via=link&link=${asha.code}`);
      await view(byLink);
      const mira = await emailSignUpConfirmed(asha.inviterId, 'link', 'Mira Nair');

      // Her QR code, scanned: it says `?src=qr`, and the page it leads to says so too. Google sign-up.
      const scanned = decodeQrSvg((await fetchRaw(`${asha.path}/qr.svg`)).body);
      expect(scanned).toBe(`${asha.shortLink}?src=qr`);
      const byQr = await continueOnTheWeb(`${asha.path}?src=qr`);
      expect(byQr).toBe(`/feedback/${asha.inviterId}/en?via=qr&link=${asha.code}`);
      await view(byQr);
      const google = new Browser();
      const ravi = await google.signInWith('google.com', { name: 'Ravi Kumar' });
      await google.call('completeSocialSignUp', { inviterId: asha.inviterId, way: 'qr' });
      await google.close();

      // Her plain invitation: a sign-up that never confirmed its address, so never a friend.
      await view(`/feedback/${asha.inviterId}/en`);
      const stranger = new Browser();
      await stranger.signUpWithEmail();
      await stranger.call('registerInvitee', { inviterId: asha.inviterId, name: 'Never Confirmed', way: 'plain' });
      await stranger.close();

      // A chat's preview card that opens the page's og:url: served as it is, not sent elsewhere.
      const card = /property="og:url" content="[^"]*(\/feedback\/[^"]*)"/.exec(
        (await fetchRaw(`/feedback/${asha.inviterId}/en`, { userAgent: userAgents.crawler.WhatsApp })).body,
      )?.[1];
      expect(card).toBe(`/feedback/${asha.inviterId}/en?via=card`);
      expect((await fetchRaw(card ?? '')).status).toBe(200);
      await view(card ?? '');

      // Someone who has the app accepts her short link's code there.
      const leela = await existingAppUser('google.com');
      const leelaApp = await appAs(leela.uid);
      await leelaApp.call('acceptInvite', { code: asha.code });

      const app = await appAs(asha.inviterId);
      const answer = await app.call<MyInvitations>('myInvitations', {});
      const expectedTotal = {
        all: counts({ views: 4, signUps: 3, confirmed: 2, joins: 3 }),
        byWay: {
          link: counts({ views: 1, signUps: 1, confirmed: 1, joins: 2 }),
          qr: counts({ views: 1, signUps: 1, confirmed: 1, joins: 1 }),
          plain: counts({ views: 1, signUps: 1 }),
          card: counts({ views: 1 }),
        },
      };
      expect(answer.numbers?.total).toEqual(expectedTotal);
      expect(answer.numbers?.days).toHaveLength(30);
      expect(answer.numbers?.days.at(-1)).toEqual({ day: today(), ...expectedTotal });
      expect(answer.numbers?.days.slice(0, -1).every((day) => day.all.views === 0)).toBe(true);
      expect(answer.people.map(({ userId, name, way }) => ({ userId, name, way }))).toEqual([
        { userId: leela.uid, name: 'Leela I.', way: 'link' },
        { userId: ravi.uid, name: 'Ravi Kumar', way: 'qr' },
        { userId: mira, name: 'Mira Nair', way: 'link' },
      ]);
      expect(answer.nextCursor).toBeNull();
      // Nothing in the answer names the sign-up that did not join.
      expect(JSON.stringify(answer)).not.toContain('Never Confirmed');
      await Promise.all([app.close(), leelaApp.close()]);
    },
    JOURNEYS_TIMEOUT_MS,
  );

  it(
    'counts a sign-up begun before her pause and confirmed after as confirmed, and not as a friend',
    async () => {
      const asha = await inviterWithLink();
      const app = await appAs(asha.inviterId);
      // Two e-mail sign-ups on her plain invitation, their mails sent while it was open.
      const begun = async (name: string) => {
        const browser = new Browser();
        const user = await browser.signUpWithEmail();
        await browser.call('registerInvitee', { inviterId: asha.inviterId, name, way: 'plain' });
        await browser.call('sendVerificationEmail', { language: 'en' });
        return { browser, uid: user.uid, mail: await verificationMail(user.email ?? '') };
      };
      const mira = await begun('Mira Nair');
      const lena = await begun('Lena Roy');
      await app.call('pauseInvitations', { paused: true });

      // One types the mail's code where she signed up; the other opens the mail's link elsewhere.
      expect(await mira.browser.call('confirmEmailWithCode', { code: mira.mail.code })).toMatchObject({
        invitationClosed: true,
      });
      const activation = { uid: lena.uid, inviterId: asha.inviterId, verificationCode: lena.mail.oobCode };
      expect(await callAnonymously('activateAccount', activation)).toMatchObject({ invitationClosed: true });

      // Her numbers say what happened: two addresses confirmed through her invitation, no friend.
      const answer = await app.call<MyInvitations>('myInvitations', {});
      const plain = counts({ signUps: 2, confirmed: 2 });
      expect(answer.numbers?.total).toEqual({
        all: plain,
        byWay: { link: counts(), qr: counts(), plain, card: counts() },
      });
      expect(answer.people).toEqual([]);
      await Promise.all([app.close(), mira.browser.close(), lena.browser.close()]);
    },
    JOURNEYS_TIMEOUT_MS,
  );

  it('pages the people newest first, 50 at a time, leaving out pairs that were friends already', async () => {
    const asha = await inviterWithLink();
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const batch = adminDb.batch();
    for (let i = 0; i < 55; i++) {
      // Two joins in the same millisecond: the cursor orders them by invitee.
      const createdAt = new Date(start + Math.floor(i / 2) * 60_000).toISOString();
      const inviteeId = `paged-${String(i).padStart(2, '0')}-${asha.inviterId}`;
      batch.set(adminDb.collection('_friendJoins').doc(`${asha.inviterId}_${inviteeId}`), {
        inviterId: asha.inviterId,
        inviteeId,
        inviteeName: `Friend ${i}`,
        friendship: i === 54 ? 'existed' : 'created',
        createdAt,
        updatedAt: createdAt,
      });
    }
    await batch.commit();

    const app = await appAs(asha.inviterId);
    const first = await app.call<MyInvitations>('myInvitations', {});
    expect(first.people).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await app.call<MyInvitations>('myInvitations', { cursor: first.nextCursor });
    expect(second.numbers).toBeNull();
    expect(second.nextCursor).toBeNull();
    const names = [...first.people, ...second.people].map((person) => person.name);
    const expected = Array.from({ length: 54 }, (_, i) => i)
      .sort((a, b) => Math.floor(b / 2) - Math.floor(a / 2) || b - a)
      .map((i) => `Friend ${i}`);
    expect(names).toEqual(expected);
    expect(first.people[0]).toEqual({
      userId: `paged-53-${asha.inviterId}`,
      name: 'Friend 53',
      joinedAt: new Date(start + 26 * 60_000).toISOString(),
      way: null,
    });
    expect(await outcomeOf(app.call('myInvitations', { cursor: 'bm90LW91cnM' }))).toBe('invalid-argument');
    await app.close();
  });

  it(
    'leaves out a person whose account was deleted, and keeps no name of hers, her numbers as they were',
    async () => {
      const asha = await inviterWithLink();
      const mira = await emailSignUpConfirmed(asha.inviterId, 'plain', 'Mira Nair');
      const lena = await emailSignUpConfirmed(asha.inviterId, 'plain', 'Lena Roy');
      const app = await appAs(asha.inviterId);
      const before = await app.call<MyInvitations>('myInvitations', {});
      expect(before.people.map((person) => person.name)).toEqual(['Lena Roy', 'Mira Nair']);

      // Mira deletes her account: the Auth emulator's deletion runs the real account trigger.
      await adminAuth.deleteUser(mira);
      const after = await eventually(
        () => app.call<MyInvitations>('myInvitations', {}),
        (answer) => answer.people.length === 1,
        { what: "Mira's deletion to take her out of Asha's list" },
      );
      expect(after.people).toEqual([expect.objectContaining({ userId: lena, name: 'Lena Roy' })]);
      expect(JSON.stringify(after)).not.toContain(mira);
      expect(after.numbers?.total).toEqual(before.numbers?.total);
      const record = await joinOf(asha.inviterId, mira);
      expect(record).toMatchObject({ inviteeName: '', friendship: 'created', inviteeDeletedAt: expect.any(String) });
      expect(JSON.stringify(record)).not.toContain('Mira');
      await app.close();
    },
    JOURNEYS_TIMEOUT_MS,
  );

  it("answers another signed-in inviter her own numbers, never someone else's", async () => {
    const asha = await inviterWithLink();
    await view(`/feedback/${asha.inviterId}/en`);
    const ravi = await inviterWithLink('Ravi Kumar');
    const app = await appAs(ravi.inviterId);
    const answer = await app.call<MyInvitations>('myInvitations', {});
    expect(answer.numbers?.total.all).toEqual(counts());
    expect(answer.people).toEqual([]);
    // No field names an inviter.
    expect(await outcomeOf(app.call('myInvitations', { inviterId: asha.inviterId }))).toBe('invalid-argument');
    await app.close();
  });

  it('refuses an anonymous app, a web App Check token, and an app without App Check', async () => {
    const asha = await inviterWithLink();
    const anonymous = new SimulatedMobileApp('ios');
    expect(await outcomeOf(anonymous.call('myInvitations', {}))).toBe('unauthenticated');

    // Signed in as her, but with the web app's App Check token (a page of ours in her browser).
    const app = await appAs(asha.inviterId);
    const idToken = (await app.auth.currentUser?.getIdToken()) ?? '';
    const response = await fetch(`${urls.functions}/myInvitations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${idToken}`,
        'x-firebase-appcheck': mintLocalToken(LOCAL_WEB_APP_ID).token,
      },
      body: JSON.stringify({ data: {} }),
    });
    expect([response.status, ((await response.json()) as { error?: { status?: string } }).error?.status]).toEqual([
      403,
      'PERMISSION_DENIED',
    ]);

    const unattested = new SimulatedMobileApp('android', { appCheck: false });
    await signInWithCustomToken(unattested.auth, await adminAuth.createCustomToken(asha.inviterId));
    expect(await outcomeOf(unattested.call('myInvitations', {}))).toBe('unauthenticated');
    await Promise.all([anonymous.close(), app.close(), unattested.close()]);
  });
});
