/**
 * The mobile app's side of an invite (docs/app-contract.md): `resolveAppLink` before sign-in,
 * `acceptInvite` after, with the invite code the app got from a link, the install referrer or
 * the clipboard. Called through the real Firebase JS SDK against the stack.
 */
import { describe, expect, it } from 'vitest';
import {
  adminAuth,
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  existingAppUser,
  friendsBetween,
  historyOf,
  joinOf,
  outcomeOf,
  pushesTo,
  joinsDelivered,
  userDoc,
} from './support.js';

const PICTURE = 'https://images.dayfocus.test/asha.png';

async function inviterWithLink(overrides: Parameters<typeof createInviter>[0] = {}) {
  const inviter = await createInviter({ name: 'Asha Verma', profileImage: PICTURE, ...overrides });
  const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: inviter.userId });
  return { inviter, shortLink, code: shortLink.slice(shortLink.lastIndexOf('/') + 1) };
}

/** An app user with a record, signed in (Google) in a browser of their own. */
async function signedInAppUser() {
  const existing = await existingAppUser('google.com');
  const browser = new Browser();
  await browser.signInWith('google.com', { sub: existing.sub, email: existing.email, name: 'Leela Iyer' });
  return { ...existing, browser };
}

const badCodes: [string, unknown][] = [
  ['no request', null],
  ['no code', {}],
  ['a number', { code: 1234567890 }],
  ['too short', { code: 'abc' }],
  ['too long', { code: 'a'.repeat(33) }],
  ['a path', { code: '../../Users' }],
  ['a URL', { code: 'https://dayfocus.app/l/AbCdEf1234' }],
  ['an unknown field', { code: 'AbCdEf1234', inviterId: 'x' }],
];

describe('resolveAppLink', () => {
  it("answers the inviter's card and the link's target, to anyone", async () => {
    const { inviter, code } = await inviterWithLink();
    expect(await callAnonymously('resolveAppLink', { code })).toEqual({
      code,
      inviter: { inviterId: inviter.userId, name: 'Asha Verma', photoUrl: PICTURE },
      target: expect.stringContaining(`userId=${inviter.userId}`),
    });
  });

  it('answers not-found for a code nobody made, and for the link of a deleted inviter', async () => {
    expect(await outcomeOf(callAnonymously('resolveAppLink', { code: 'NoSuchCode1' }))).toBe('not-found');
    const { inviter, code } = await inviterWithLink();
    await adminDb.collection('Users').doc(inviter.userId).update({ isDeleted: true });
    expect(await outcomeOf(callAnonymously('resolveAppLink', { code }))).toBe('not-found');
  });

  it.each(badCodes)('refuses %s with invalid-argument', async (_, data) => {
    expect(await outcomeOf(callAnonymously('resolveAppLink', data))).toBe('invalid-argument');
  });
});

describe('acceptInvite', () => {
  it("makes the friendship, the history entry and the push once, keeps the account's record, and answers the inviter's card", async () => {
    const { inviter, code } = await inviterWithLink();
    const user = await signedInAppUser();
    const before = await userDoc(user.uid);

    const answer = await user.browser.call('acceptInvite', { code });
    expect(answer).toEqual({ inviter: { inviterId: inviter.userId, name: 'Asha Verma', photoUrl: PICTURE } });
    expect(await friendsBetween(inviter.userId, user.uid)).toHaveLength(1);
    expect(await historyOf(inviter.userId)).toEqual([expect.objectContaining({ userId: user.uid })]);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
    expect(await userDoc(user.uid)).toEqual(before);

    // Again (a retry, a second tap): the same answer, nothing new.
    expect(await user.browser.call('acceptInvite', { code })).toEqual(answer);
    expect(await friendsBetween(inviter.userId, user.uid)).toHaveLength(1);
    expect(await historyOf(inviter.userId)).toHaveLength(1);
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
    await user.browser.close();
  });

  it('refuses an invite to oneself with invalid-argument, writing nothing', async () => {
    const user = await signedInAppUser();
    const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: user.uid });
    const code = shortLink.slice(shortLink.lastIndexOf('/') + 1);
    expect(await outcomeOf(user.browser.call('acceptInvite', { code }))).toBe('invalid-argument');
    expect(await joinOf(user.uid, user.uid)).toBeUndefined();
    await user.browser.close();
  });

  it('refuses a caller who is not signed in (unauthenticated) and an address not proved (failed-precondition), writing nothing', async () => {
    const { inviter, code } = await inviterWithLink();
    expect(await outcomeOf(callAnonymously('acceptInvite', { code }))).toBe('unauthenticated');

    const browser = new Browser();
    const unverified = await browser.signUpWithEmail();
    await adminAuth.getUser(unverified.uid); // the account exists, its address is not verified
    expect(await outcomeOf(browser.call('acceptInvite', { code }))).toBe('failed-precondition');
    expect(await joinOf(inviter.userId, unverified.uid)).toBeUndefined();
    expect(await friendsBetween(inviter.userId, unverified.uid)).toEqual([]);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toEqual([]);
    await browser.close();
  });

  it('answers not-found for an unknown code, and invalid-argument for bad input, writing nothing', async () => {
    const user = await signedInAppUser();
    const before = await userDoc(user.uid);
    expect(await outcomeOf(user.browser.call('acceptInvite', { code: 'NoSuchCode1' }))).toBe('not-found');
    for (const [what, data] of badCodes) {
      expect(await outcomeOf(user.browser.call('acceptInvite', data)), what).toBe('invalid-argument');
    }
    expect(await userDoc(user.uid)).toEqual(before);
    await user.browser.close();
  });

  it('refuses a deleted account', async () => {
    const { inviter, code } = await inviterWithLink();
    const user = await signedInAppUser();
    await adminDb.collection('Users').doc(user.uid).update({ isDeleted: true });
    expect(await outcomeOf(user.browser.call('acceptInvite', { code }))).toBe('failed-precondition');
    expect(await friendsBetween(inviter.userId, user.uid)).toEqual([]);
    await user.browser.close();
  });
});
