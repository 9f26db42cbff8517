/**
 * Only the proven owner of an account chooses its inviter. Driven through the Auth emulator
 * as people do it: it merges accounts by address the way production does (a Google or
 * Apple sign-in takes over an unverified password account: same uid, password dropped).
 */
import { describe, expect, it } from 'vitest';
import {
  adminAuth,
  Browser,
  callAnonymously,
  createInviter,
  friendsBetween,
  historyOf,
  ok,
  pushesTo,
  joinsDelivered,
  uniqueId,
  signUpDoc,
  userDoc,
  openVerificationLink,
} from './support.js';

/** Someone signs up with `email` (not theirs) from `inviterId`'s link and never verifies it. */
async function squat(email: string, inviterId: string): Promise<string> {
  const browser = new Browser();
  const user = await browser.signUpWithEmail(email, 'attacker-password');
  await browser.call('registerInvitee', { inviterId, name: 'Not The Owner' });
  await browser.close();
  return user.uid;
}

async function providersOf(uid: string): Promise<string[]> {
  return (await adminAuth.getUser(uid)).providerData.map((p) => p.providerId).sort();
}

async function expectNothingFor(inviter: { userId: string; fcmToken?: string | null }, inviteeId: string) {
  expect(await friendsBetween(inviter.userId, inviteeId)).toEqual([]);
  expect(await historyOf(inviter.userId)).toEqual([]);
  await joinsDelivered(inviter.userId);
  expect(await pushesTo(inviter.fcmToken ?? '')).toEqual([]);
}

describe('an unverified email sign-up taken over by the address owner', () => {
  it.each(['google.com', 'apple.com'] as const)(
    "the owner signing in with %s on a friend's link befriends the friend, never the squatter",
    async (provider) => {
      const squatter = await createInviter({ name: 'Mallory' });
      const friend = await createInviter();
      const email = `${uniqueId('owner')}@example.com`;
      const uid = await squat(email, squatter.userId);

      const owner = new Browser();
      const signedIn = await owner.signInWith(provider, { email, name: 'Real Owner' });
      expect(signedIn.uid).toBe(uid);
      expect(await providersOf(uid)).toEqual([provider]);

      // The answer greets with the friend of the link, never the squatter's inviter.
      expect(await owner.call('completeSocialSignUp', { inviterId: friend.userId })).toMatchObject({
        ...ok,
        inviter: { inviterId: friend.userId },
      });
      expect(await friendsBetween(friend.userId, uid)).toHaveLength(1);
      expect(await historyOf(friend.userId)).toHaveLength(1);
      await joinsDelivered(friend.userId);
      expect(await pushesTo(friend.fcmToken ?? '')).toHaveLength(1);
      await expectNothingFor(squatter, uid);
      expect(await userDoc(uid)).toMatchObject({ isActive: true });
      expect(await signUpDoc(uid)).toMatchObject({ invitedBy: friend.userId, invitedVia: provider });

      // The verification link of the squatter's sign-up, or an anonymous replay, changes nothing.
      expect(await callAnonymously('activateAccount', { uid, inviterId: squatter.userId })).toMatchObject(ok);
      await expectNothingFor(squatter, uid);
      expect(await friendsBetween(friend.userId, uid)).toHaveLength(1);
      await owner.close();
    },
  );

  it('an anonymous activation after the takeover activates the owner but befriends nobody', async () => {
    const squatter = await createInviter({ name: 'Mallory' });
    const email = `${uniqueId('owner')}@example.com`;
    const uid = await squat(email, squatter.userId);
    const owner = new Browser();
    await owner.signInWith('google.com', { email }); // in the app, say: no companion call
    await owner.close();

    expect(await callAnonymously('activateAccount', { uid, inviterId: squatter.userId })).toMatchObject(ok);
    await expectNothingFor(squatter, uid);
    expect(await userDoc(uid)).toMatchObject({ isActive: true, isVerified: true });
  });
});

describe('the other orders of the same address', () => {
  it('Apple first, then an email sign-up with the same address: refused by Auth, nothing recorded', async () => {
    const first = await createInviter();
    const second = await createInviter();
    const email = `${uniqueId('apple')}@example.com`;
    const browser = new Browser();
    const user = await browser.signInWith('apple.com', { email });
    await browser.call('completeSocialSignUp', { inviterId: first.userId });
    await browser.close();

    const other = new Browser();
    await expect(other.signUpWithEmail(email)).rejects.toMatchObject({ code: 'auth/email-already-in-use' });
    await other.close();
    expect(await signUpDoc(user.uid)).toMatchObject({ invitedBy: first.userId, invitedVia: 'apple.com' });
    await expectNothingFor(second, user.uid);
  });

  it("email verified, then Google linked: the recorded inviter still counts, and the link's inviter joins too", async () => {
    const emailInviter = await createInviter();
    const googleInviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    await browser.call('registerInvitee', { inviterId: emailInviter.userId, name: 'Mira Nair' });
    const { sendEmailVerification } = await import('firebase/auth');
    await sendEmailVerification(user);
    await browser.close();
    expect(await openVerificationLink(user.email ?? '', user.uid)).toMatchObject(ok);

    const google = new Browser();
    const signedIn = await google.signInWith('google.com', { email: user.email ?? '' });
    expect(signedIn.uid).toBe(user.uid);
    expect(await providersOf(user.uid)).toEqual(['google.com', 'password']);
    await google.call('completeSocialSignUp', { inviterId: googleInviter.userId });
    await google.close();
    expect(await callAnonymously('activateAccount', { uid: user.uid })).toMatchObject(ok);

    expect(await friendsBetween(emailInviter.userId, user.uid)).toHaveLength(1);
    expect(await friendsBetween(googleInviter.userId, user.uid)).toHaveLength(1);
    expect(await userDoc(user.uid)).toMatchObject({ name: 'Mira Nair' });
    expect(await signUpDoc(user.uid)).toMatchObject({ invitedBy: emailInviter.userId, invitedVia: 'password' });
  });

  it("the mobile app made the record first: the companion fills in what is missing and befriends the link's inviter", async () => {
    const friend = await createInviter();
    const browser = new Browser();
    const user = await browser.signInWith('google.com', { name: 'Ravi Das' });
    const { adminDb } = await import('./support.js');
    // The app's own first record: fewer fields than ours, its own name.
    const appRecord = {
      userId: user.uid,
      email: user.email,
      name: 'Ravi',
      language: 'hi',
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    await adminDb.collection('Users').doc(user.uid).set(appRecord);
    await browser.call('completeSocialSignUp', { inviterId: friend.userId });
    const record = await userDoc(user.uid);
    expect(record).toMatchObject({
      ...appRecord,
      isActive: true,
      isVerified: true,
      isDeleted: false,
      country: 'asia',
      appVersion: '1.0.0',
    });
    expect(record?.typeOfTask).toHaveLength(6);
    expect(await friendsBetween(friend.userId, user.uid)).toEqual([expect.objectContaining({ friendName: 'Ravi' })]);
    await browser.close();
  });
});
