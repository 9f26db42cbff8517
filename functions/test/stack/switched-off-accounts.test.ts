/**
 * Accounts the companion did not make, accounts an administrator disabled, and sessions that
 * were revoked (docs/joins.md, B and C). Driven through the Auth emulator and the Admin SDK as
 * an administrator does it, then read back from Firestore.
 */
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '@dayfocus/contracts/records';
import {
  adminAuth,
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  eventually,
  existingAppUser,
  friendsBetween,
  ok,
  outcomeOf,
  readDoc,
  signUpDoc,
  userDoc,
  verifiedEmailInvitee,
  expectNoJoin,
} from './support.js';

async function linkCodeOf(inviterId: string): Promise<string> {
  const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId });
  return shortLink.slice(shortLink.lastIndexOf('/') + 1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an account the app switched off', () => {
  it('an anonymous activation writes nothing: no flag switched on, no notification defaults', async () => {
    const { uid } = await existingAppUser('google.com', { isActive: false, isVerified: true });
    const before = await userDoc(uid);

    expect(await outcomeOf(callAnonymously('activateAccount', { uid }))).toBe('failed-precondition');
    expect(await userDoc(uid)).toEqual(before);
    expect(await readDoc('Notifications', uid)).toBeUndefined();
  });

  it('signed in, accepting an invitation: the two become friends, and the account stays off', async () => {
    const inviter = await createInviter();
    const existing = await existingAppUser('google.com', { isActive: false, isVerified: false });
    const browser = new Browser();
    await browser.signInWith('google.com', { sub: existing.sub, email: existing.email });

    expect(await browser.call('completeSocialSignUp', { inviterId: inviter.userId })).toMatchObject({
      ...ok,
      inviter: { inviterId: inviter.userId },
    });
    await browser.close();
    expect(await friendsBetween(inviter.userId, existing.uid)).toHaveLength(1);
    expect(await userDoc(existing.uid)).toMatchObject({ isActive: false, isVerified: false });
    expect(await readDoc('Notifications', existing.uid)).toBeUndefined(); // the app keeps its users' settings
  });
});

describe('an account an administrator disabled', () => {
  it('is never activated or joined anonymously', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    await adminAuth.updateUser(invitee.uid, { disabled: true });
    const before = await userDoc(invitee.uid);

    expect(await outcomeOf(callAnonymously('activateAccount', { uid: invitee.uid, inviterId: inviter.userId }))).toBe(
      'failed-precondition',
    );
    await expectNoJoin(inviter, invitee.uid);
    expect(await userDoc(invitee.uid)).toEqual(before);
    expect(await readDoc('Notifications', invitee.uid)).toBeUndefined();
  });

  it('is refused with an ID token issued before it was disabled', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signInWith('google.com');
    await adminAuth.updateUser(user.uid, { disabled: true });

    expect(await outcomeOf(browser.call('completeSocialSignUp', { inviterId: inviter.userId }))).toBe(
      'failed-precondition',
    );
    expect(await outcomeOf(browser.call('acceptInvite', { code: await linkCodeOf(inviter.userId) }))).toBe(
      'failed-precondition',
    );
    await browser.close();
    await expectNoJoin(inviter, user.uid);
  });
});

describe('an email sign-up (registerInvitee) of a switched-off session', () => {
  /** The account trigger's base record, once it has landed: what must stay as it is. */
  const triggersRecord = (uid: string) =>
    eventually(
      () => userDoc(uid),
      (record) => record !== undefined,
      { what: `the account trigger's record of ${uid}` },
    );

  it('is refused for a disabled account, with nothing written', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    await triggersRecord(user.uid);
    await adminAuth.updateUser(user.uid, { disabled: true });
    const before = await userDoc(user.uid);

    expect(await outcomeOf(browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira' }))).toBe(
      'failed-precondition',
    );
    await browser.close();
    expect(await userDoc(user.uid)).toEqual(before);
    expect(await signUpDoc(user.uid)).toBeUndefined();
  });

  it('is refused with an ID token issued before the sessions were revoked, with nothing written', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    await triggersRecord(user.uid);
    await sleep(1100);
    await adminAuth.revokeRefreshTokens(user.uid);
    const before = await userDoc(user.uid);

    expect(await outcomeOf(browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira' }))).toBe(
      'unauthenticated',
    );
    await browser.close();
    expect(await userDoc(user.uid)).toEqual(before);
    expect(await signUpDoc(user.uid)).toBeUndefined();
  });
});

describe('revoked sessions', () => {
  it('an ID token issued before the sessions were revoked makes no friendship', async () => {
    const inviter = await createInviter();
    const { uid, sub, email } = await existingAppUser('google.com');
    const browser = new Browser();
    await browser.signInWith('google.com', { sub, email });
    // Revocation is to the second, like the token's sign-in time.
    await sleep(1100);
    await adminAuth.revokeRefreshTokens(uid);
    const before = await userDoc(uid);

    expect(await outcomeOf(browser.call('completeSocialSignUp', { inviterId: inviter.userId }))).toBe(
      'unauthenticated',
    );
    expect(await outcomeOf(browser.call('acceptInvite', { code: await linkCodeOf(inviter.userId) }))).toBe(
      'unauthenticated',
    );
    await browser.close();
    await expectNoJoin(inviter, uid);
    expect(await userDoc(uid)).toEqual(before);

    // Signed in again, the same person is welcome.
    const again = new Browser();
    await again.signInWith('google.com', { sub, email });
    expect(await again.call('completeSocialSignUp', { inviterId: inviter.userId })).toMatchObject({
      ...ok,
      inviter: { inviterId: inviter.userId },
    });
    await again.close();
    expect(await friendsBetween(inviter.userId, uid)).toHaveLength(1);
  });
});

describe('an inviter the app switched off, or Auth disabled', () => {
  it.each([
    [
      'switched off by the app (isActive: false)',
      (inviter: UserRecord) => adminDb.collection('Users').doc(inviter.userId).update({ isActive: false }),
    ],
    [
      'disabled in Auth',
      (inviter: UserRecord) => adminAuth.createUser({ uid: inviter.userId, email: inviter.email, disabled: true }),
    ],
  ] as const)('%s: no new friend and no push, whoever arrives', async (_how, switchOff) => {
    const inviter = await createInviter();
    // An invitee whose e-mail sign-up named them before the switch, proved since: activated, joined to nobody.
    const earlier = await verifiedEmailInvitee(inviter.userId);
    await switchOff(inviter);
    expect(await callAnonymously('activateAccount', { uid: earlier.uid, inviterId: inviter.userId })).toMatchObject({
      ...ok,
      inviter: null,
    });
    expect(await userDoc(earlier.uid)).toMatchObject({ isActive: true });
    await expectNoJoin(inviter, earlier.uid);

    // Google on their link, and a new e-mail sign-up: the inviter is not found, nothing written.
    const social = new Browser();
    const google = await social.signInWith('google.com');
    expect(await outcomeOf(social.call('completeSocialSignUp', { inviterId: inviter.userId }))).toBe('not-found');
    await social.close();
    await expectNoJoin(inviter, google.uid);
    const email = new Browser();
    const mira = await email.signUpWithEmail();
    expect(await outcomeOf(email.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira' }))).toBe(
      'not-found',
    );
    await email.close();
    expect(await signUpDoc(mira.uid)).toBeUndefined();
  });
});
