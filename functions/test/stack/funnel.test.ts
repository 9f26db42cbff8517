/**
 * The invite funnel per inviter and day (domain/funnel.ts), counted through the real calls:
 * the invitation's view beacon through Hosting, email sign-ups, activations and social
 * sign-ups, 20 at once, exactly; replays count nothing more. And `npm run report`.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { InvitationCounts } from '@dayfocus/contracts/inviter-view-functions';
import { repoRoot, verificationMail } from '@dayfocus/stack/testing';
import { userAgents } from '@dayfocus/stack/user-agents';
import { FunnelStore } from '../../src/invites/adapters/funnel-store.js';
import {
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  existingAppUser,
  fetchRaw,
  importVerifiedInvitees,
  tryAgainWhenUnavailable,
} from './support.js';

/**
 * 20 at once is four events per shard on average (FUNNEL_SHARD_COUNT = 5): increments that race.
 * Each concurrent call is a Node process of its own in the Functions emulator (it ignores
 * `concurrency`), and starting them is most of this test's time: 31-37 s with 20 and 35 s with
 * 50 on a quiet 2-core machine, on either Firestore emulator; past 60 s with 50 under load.
 */
const N = 20;
/** Room for the process starts above on a loaded machine; the usual 60 s is not enough there. */
const CONCURRENT_FUNNEL_TIMEOUT_MS = 180_000;
/**
 * Room for the report's runs (a tsx process each) on a loaded machine: past 60 s in a slow hour,
 * 128 s in a fresh npm test of 2026-12-02 (a page fault at 15.8 µs).
 */
const REPORT_TIMEOUT_MS = 360_000;
const today = () => new Date().toISOString().slice(0, 10);

const funnelOf = (inviterId: string) => new FunnelStore(adminDb).funnelOf(inviterId);

describe("an inviter's funnel", () => {
  it(
    `counts ${N} concurrent views, ${N} email sign-ups and ${N} joins exactly, and replays not at all`,
    async () => {
      const inviter = await createInviter();

      const views = await Promise.all(
        Array.from({ length: N }, () => fetchRaw(`/feedback/${inviter.userId}/en`, { method: 'POST' })),
      );
      expect(views.map((v) => v.status)).toEqual(Array(N).fill(204));

      const browsers = Array.from({ length: N }, () => new Browser());
      await Promise.all(
        browsers.map(async (browser, i) => {
          await browser.signUpWithEmail();
          await tryAgainWhenUnavailable(() =>
            browser.call('registerInvitee', { inviterId: inviter.userId, name: `Friend ${i}` }),
          );
        }),
      );
      // A resumed sign-up names the inviter again: not a second sign-up.
      await browsers[0]?.call('registerInvitee', { inviterId: inviter.userId, name: 'Friend 0' });
      await Promise.all(browsers.map((browser) => browser.close()));

      const invitees = await importVerifiedInvitees(inviter.userId, N);
      await Promise.all(
        invitees.map((i) =>
          tryAgainWhenUnavailable(() => callAnonymously('activateAccount', { uid: i.uid, inviterId: inviter.userId })),
        ),
      );
      // Activating again (a second tap on the e-mail's link): not a second join.
      await callAnonymously('activateAccount', { uid: invitees[0]?.uid, inviterId: inviter.userId });

      expect(await funnelOf(inviter.userId)).toEqual([{ day: today(), views: N, signUps: N, joins: N }]);
    },
    CONCURRENT_FUNNEL_TIMEOUT_MS,
  );

  it('counts a social sign-up as a sign-up and a join, once', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    await browser.signInWith('google.com');
    await browser.call('completeSocialSignUp', { inviterId: inviter.userId });
    await browser.call('completeSocialSignUp', { inviterId: inviter.userId });
    await browser.close();
    expect(await funnelOf(inviter.userId)).toEqual([{ day: today(), views: 0, signUps: 1, joins: 1 }]);
  });

  it('counts an email sign-up finished with Google once, and no join for a pair that were friends already', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira Nair' });
    await browser.close();
    // The address's owner signs in with Google (the unverified password account is taken over).
    const google = new Browser();
    await google.signInWith('google.com', { email: user.email ?? '' });
    await google.call('completeSocialSignUp', { inviterId: inviter.userId });
    await google.close();
    expect(await funnelOf(inviter.userId)).toEqual([{ day: today(), views: 0, signUps: 1, joins: 1 }]);

    const friend = await createInviter();
    const existing = await existingAppUser('google.com');
    await adminDb.collection('Friends').add({ userId: friend.userId, friendId: existing.uid, friendName: 'Leela I.' });
    const app = new Browser();
    await app.signInWith('google.com', { sub: existing.sub, email: existing.email });
    const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: friend.userId });
    await app.call('acceptInvite', { code: shortLink.slice(shortLink.lastIndexOf('/') + 1) });
    await app.close();
    expect(await funnelOf(friend.userId)).toEqual([]);
  });

  it('counts no view for an inviter who does not exist, and writes nothing for one', async () => {
    const response = await fetchRaw('/feedback/nobody-at-all-here/en', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await funnelOf('nobody-at-all-here')).toEqual([]);
  });

  it('counts no view for a HEAD, a prefetch or any crawler, and one for the person after them', async () => {
    const inviter = await createInviter();
    const path = `/feedback/${inviter.userId}/en`;
    const iPhone = userAgents.ios['Safari on iPhone (iOS 17)'];
    const previews = [
      fetchRaw(path, { method: 'HEAD', userAgent: iPhone }),
      ...['sec-purpose', 'purpose', 'x-moz'].map((header) =>
        fetchRaw(path, { method: 'POST', userAgent: iPhone, headers: { [header]: 'prefetch' } }),
      ),
      fetchRaw(path, { method: 'POST', userAgent: iPhone, headers: { 'sec-purpose': 'prefetch;prerender' } }),
      ...Object.values(userAgents.crawler).map((userAgent) => fetchRaw(path, { method: 'POST', userAgent })),
    ];
    const answers = await Promise.all(previews);
    // Answered as a view would be: a crawler learns nothing from the answer.
    expect(answers.slice(1).map((a) => a.status)).toEqual(answers.slice(1).map(() => 204));
    expect(await funnelOf(inviter.userId)).toEqual([]);

    expect((await fetchRaw(path, { method: 'POST', userAgent: iPhone })).status).toBe(204);
    expect(await funnelOf(inviter.userId)).toEqual([{ day: today(), views: 1, signUps: 0, joins: 0 }]);
  });

  it(
    '`npm run report -- <inviterId>` prints the funnel from the stack, confirmed addresses and ways in too',
    async () => {
      const inviter = await createInviter();
      await Promise.all(
        Array.from({ length: 2 }, () => fetchRaw(`/feedback/${inviter.userId}/hi`, { method: 'POST' })),
      );
      await fetchRaw(`/feedback/${inviter.userId}/hi?via=qr`, { method: 'POST' });
      // An e-mail sign-up from the page her QR code opened, confirmed with the mail's code: she has a friend.
      const browser = new Browser();
      const user = await browser.signUpWithEmail();
      await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira Nair', way: 'qr' });
      await browser.call('sendVerificationEmail', { language: 'hi' });
      await browser.call('confirmEmailWithCode', { code: (await verificationMail(user.email ?? '')).code });
      await browser.close();

      const report = async (...flags: string[]) =>
        (
          await promisify(execFile)(
            join(repoRoot, 'node_modules', '.bin', 'tsx'),
            [join(repoRoot, 'functions', 'scripts', 'report.mts'), inviter.userId, ...flags],
            { cwd: repoRoot },
          )
        ).stdout;
      const counts = (c: Partial<InvitationCounts>) => ({ views: 0, signUps: 0, confirmed: 0, joins: 0, ...c });
      const figures = {
        all: counts({ views: 3, signUps: 1, confirmed: 1, joins: 1 }),
        byWay: {
          link: counts({}),
          qr: counts({ views: 1, signUps: 1, confirmed: 1, joins: 1 }),
          plain: counts({ views: 2 }),
          card: counts({}),
        },
      };
      expect(JSON.parse(await report('--json'))).toEqual({
        inviterId: inviter.userId,
        days: [{ day: today(), ...figures }],
        total: figures,
      });
      const table = await report();
      expect(table).toContain('| day | views | sign-ups | confirmed | joins |');
      expect(table).toContain(`| ${today()} | 3 | 1 | 1 | 1 | 33% | 100% | 100% |`);
      expect(table).toContain('| qr | 1 | 1 | 1 | 1 |');
      expect(table).toContain('| plain | 2 | 0 | 0 | 0 |');
    },
    REPORT_TIMEOUT_MS,
  );
});
