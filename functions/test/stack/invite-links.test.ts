/**
 * Her links, one per chat (docs/inviter-view.md, "Her links"): `createInviteLink`, `myInviteLinks`,
 * `updateInviteLink` and `retireInviteLink`, called by the mobile app signed in as her (the Firebase
 * JS SDK under the app's own ID, SimulatedMobileApp); a friend joining through one with the app's
 * `acceptInvite`, by its code or the code she says; and every caller who is not her refused.
 */
import { describe, expect, it } from 'vitest';
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import type { EmailSignUpAnswer } from '@dayfocus/contracts/answers';
import type { CreatedInviteLink, InviteLink, MyInviteLinks } from '@dayfocus/contracts/invite-links';
import { SimulatedMobileApp } from '@dayfocus/stack/testing';
import {
  adminDb,
  signedInApp,
  Browser,
  callAnonymously,
  eventually,
  fetchRaw,
  friendsBetween,
  openVerificationLink,
  outcomeOf,
  readDoc,
  refusalOf,
  uniqueId,
} from './support.js';

const CLOSED = { code: 'functions/failed-precondition', details: { invitation: 'closed' } };

describe('her links, one per chat', () => {
  it('are made, listed with their numbers, joined through by code or spoken code, changed and retired', async () => {
    const asha = await signedInApp();
    const made = await asha.app.call<CreatedInviteLink>('createInviteLink', { name: 'Family chat', maxJoins: 2 });
    expect(made.url).toMatch(new RegExp(`/l/${made.code}$`));
    expect(made.spokenCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    // The link's page names her, as her own link's does.
    const page = await fetchRaw(new URL(made.url).pathname);
    expect(page.status).toBe(200);

    // Two friends through it: one by the link, one by the code said aloud and typed in lower case.
    const ravi = await signedInApp('ios');
    expect(await ravi.app.call('acceptInvite', { code: made.code })).toMatchObject({
      inviter: { inviterId: asha.uid },
    });
    const lena = await signedInApp();
    const typed = made.spokenCode.toLowerCase().replace('-', ' ');
    expect(await callAnonymously('resolveAppLink', { code: typed })).toMatchObject({
      code: made.code,
      inviter: { inviterId: asha.uid },
    });
    await lena.app.call('acceptInvite', { code: typed });
    expect(await friendsBetween(asha.uid, ravi.uid)).not.toEqual([]);
    expect(await friendsBetween(asha.uid, lena.uid)).not.toEqual([]);

    // Its limit of 2 is reached: a third is refused with the closed invitation's one answer.
    const vikram = await signedInApp('ios');
    expect(await refusalOf(vikram.app.call('acceptInvite', { code: made.code }))).toMatchObject(CLOSED);
    expect(await friendsBetween(asha.uid, vikram.uid)).toEqual([]);

    const list = await asha.app.call<MyInviteLinks>('myInviteLinks', {});
    expect(list.links.map((link) => [link.own, link.name])).toEqual([
      [true, null],
      [false, 'Family chat'],
    ]);
    expect(list.links[1]).toMatchObject({ joinsSinceLimit: 2, closed: 'exhausted', numbers: { joins: 2 } });

    // A new limit starts a new count; a new name is hers to give.
    expect(
      await asha.app.call<InviteLink>('updateInviteLink', { code: made.code, maxJoins: 3, name: 'Cousins' }),
    ).toMatchObject({ name: 'Cousins', maxJoins: 3, joinsSinceLimit: 0, closed: null });
    await vikram.app.call('acceptInvite', { code: made.code });

    // Retired: from then on it admits nobody. Within a minute (what an instance keeps of a link,
    // as for a link retired by hand) the app hears of no such code and its page names no one.
    expect(await asha.app.call<InviteLink>('retireInviteLink', { code: made.code })).toMatchObject({
      closed: 'retired',
    });
    const priya = await signedInApp();
    expect(['not-found', 'failed-precondition']).toContain(
      await outcomeOf(priya.app.call('acceptInvite', { code: made.code })),
    );
    expect(await friendsBetween(asha.uid, priya.uid)).toEqual([]);
    await eventually(
      () => outcomeOf(callAnonymously('resolveAppLink', { code: made.spokenCode })),
      (outcome) => outcome === 'not-found',
      { what: 'the retired link to stop resolving', timeoutMs: 60_000, intervalMs: 1_000 },
    );
    const retiredPage = await eventually(
      () => fetchRaw(new URL(made.url).pathname),
      (answer) => answer.status === 404,
      { what: "the retired link's page to name no one", timeoutMs: 60_000, intervalMs: 1_000 },
    );
    expect(retiredPage.body).not.toContain(asha.uid);
    await eventually(
      () => outcomeOf(priya.app.call('acceptInvite', { code: made.code })),
      (outcome) => outcome === 'not-found',
      { what: "the app's accept to hear of no such code", timeoutMs: 60_000, intervalMs: 1_000 },
    );
    expect(await friendsBetween(asha.uid, priya.uid)).toEqual([]);
    expect((await asha.app.call<MyInviteLinks>('myInviteLinks', {})).links).toHaveLength(1);
    for (const person of [asha, ravi, lena, vikram, priya]) await person.app.close();
  }, 120_000);

  it.each([
    ['a name with markup', { name: '<b>Chat</b>' }],
    ['a name too long', { name: 'x'.repeat(61) }],
    ['no name', {}],
    ['a limit of 0', { name: 'Chat', maxJoins: 0 }],
    ['an expiry without its offset', { name: 'Chat', expiresAt: '2026-12-31T10:00' }],
    ['an inviter named', { name: 'Chat', inviterId: 'someone-else' }],
  ])('createInviteLink refuses %s with invalid-argument, writing nothing', async (_what, data) => {
    const asha = await signedInApp();
    expect(await outcomeOf(asha.app.call('createInviteLink', data))).toBe('invalid-argument');
    expect((await adminDb.collection('_appLinks').where('inviterId', '==', asha.uid).get()).size).toBe(0);
    await asha.app.close();
  });
});

describe("a link's own numbers", () => {
  it('count each step through it: the view, the sign-up, its confirmation and the friend; a code not hers, nothing', async () => {
    const asha = await signedInApp();
    const club = await asha.app.call<CreatedInviteLink>('createInviteLink', { name: 'Book club' });
    // Her page's view beacon, as the page sends it: with the link it came through.
    const view = await fetchRaw(`/feedback/${asha.uid}/en?via=link&link=${club.code}`, { method: 'POST' });
    expect(view.status).toBe(204);
    const madeUp = await fetchRaw(`/feedback/${asha.uid}/en?via=link&link=madeUpCode1`, { method: 'POST' });
    expect(madeUp.status).toBe(204);

    const email = `${uniqueId('club')}@example.com`;
    const signUp = { inviterId: asha.uid, name: 'Mira Nair', email, password: 'correct-horse-7', language: 'en' };
    const { uid } = await callAnonymously<EmailSignUpAnswer>('signUpWithEmail', {
      ...signUp,
      mail: true,
      link: club.code,
    });
    await openVerificationLink(email, uid, asha.uid);
    expect(await friendsBetween(asha.uid, uid)).not.toEqual([]);

    // A sign-up naming a code she does not have keeps none, and counts for no link.
    const other = `${uniqueId('made-up')}@example.com`;
    const made = await callAnonymously<EmailSignUpAnswer>('signUpWithEmail', {
      ...signUp,
      email: other,
      mail: true,
      link: 'madeUpCode1',
    });
    expect((await readDoc('_signUps', made.uid))?.inviteLink ?? null).toBeNull();

    const { links } = await asha.app.call<MyInviteLinks>('myInviteLinks', {});
    const numbers = links.find((link) => link.code === club.code)?.numbers;
    expect(numbers).toEqual({ views: 1, signUps: 1, confirmed: 1, joins: 1 });
    expect((await adminDb.collection('_appLinks/madeUpCode1/linkCounts').get()).size).toBe(0);
    await asha.app.close();
  });
});

describe('her links are hers alone, in the mobile app', () => {
  it.each([
    ['createInviteLink', { name: 'Chat' }],
    ['myInviteLinks', {}],
  ] as const)('%s: refused anonymously, with a web App Check token, and without one', async (name, data) => {
    const asha = await signedInApp();
    const anonymous = new SimulatedMobileApp('android');
    expect(await outcomeOf(anonymous.call(name, data))).toBe('unauthenticated');
    const web = new Browser();
    await web.signInWith('google.com', { sub: asha.sub, email: asha.email });
    expect(await outcomeOf(web.call(name, data))).toBe('permission-denied');
    const unattested = new SimulatedMobileApp('ios', { appCheck: false });
    await signInWithCredential(
      unattested.auth,
      GoogleAuthProvider.credential(JSON.stringify({ sub: asha.sub, email: asha.email, email_verified: true })),
    );
    expect(['unauthenticated', 'permission-denied']).toContain(await outcomeOf(unattested.call(name, data)));
    expect(await readDoc('_appLinkOwners', asha.uid)).toBeUndefined();
    for (const client of [asha.app, anonymous, web, unattested]) await client.close();
  });

  it("answers another inviter's code as one nobody has, and changes nothing of it", async () => {
    const asha = await signedInApp();
    const made = await asha.app.call<CreatedInviteLink>('createInviteLink', { name: 'Family chat' });
    const ravi = await signedInApp('ios');
    expect(await outcomeOf(ravi.app.call('updateInviteLink', { code: made.code, name: 'Mine' }))).toBe('not-found');
    expect(await outcomeOf(ravi.app.call('retireInviteLink', { code: made.code }))).toBe('not-found');
    const list = await ravi.app.call<MyInviteLinks>('myInviteLinks', {});
    expect(list.links.map((link) => link.code)).not.toContain(made.code);
    expect(await readDoc('_appLinks', made.code)).toMatchObject({ name: 'Family chat' });
    expect(await readDoc('_appLinks', made.code)).not.toHaveProperty('retiredAt');
    await Promise.all([asha.app.close(), ravi.app.close()]);
  });
});
