/**
 * Only a proof made by the person who chose the inviter validates the choice (docs/joins.md, B):
 * an inviter recorded by an email sign-up counts once that sign-up's own verification e-mail,
 * opened on the companion, proved the address. A password reset, an e-mail-link sign-in or an
 * administrator proves the address too, for someone else: the recorded inviter stays void.
 * Driven through the Auth emulator as people do it, then read back from Firestore.
 */
import {
  confirmPasswordReset,
  sendEmailVerification,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailLink,
} from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import {
  adminAuth,
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  friendsBetween,
  historyOf,
  latestEmail,
  ok,
  openVerificationLink,
  outcomeOf,
  pushesTo,
  joinsDelivered,
  uniqueId,
  signUpDoc,
  userDoc,
  expectNoJoin,
} from './support.js';

/** Someone signs up with `email` from `inviterId`'s link and asks for the verification e-mail; it goes to the address. */
async function emailSignUp(email: string, inviterId: string): Promise<string> {
  const browser = new Browser();
  const user = await browser.signUpWithEmail(email, 'typed-at-sign-up');
  await browser.call('registerInvitee', { inviterId, name: 'Mira Nair' });
  await sendEmailVerification(user);
  await browser.close();
  return user.uid;
}

/** The address's owner uses "forgot password": Auth's reset code, then a new password. */
async function resetPassword(email: string): Promise<void> {
  const browser = new Browser();
  await sendPasswordResetEmail(browser.auth, email);
  const { oobCode } = await latestEmail(email, 'PASSWORD_RESET');
  await confirmPasswordReset(browser.auth, oobCode, 'the-owners-new-password');
  await browser.close();
}

/** The address's owner signs in by an e-mail link. */
async function signInByEmailLink(email: string): Promise<void> {
  const browser = new Browser();
  await sendSignInLinkToEmail(browser.auth, email, { url: 'https://dayfocus.app/finish', handleCodeInApp: true });
  const { oobLink } = await latestEmail(email, 'EMAIL_SIGNIN');
  await signInWithEmailLink(browser.auth, email, oobLink);
  await browser.close();
}

describe("only the sign-up's own verification e-mail validates the inviter it recorded", () => {
  it('its link, opened on the companion: the inviter joins, and the proof is recorded', async () => {
    const inviter = await createInviter();
    const email = `${uniqueId('own')}@example.com`;
    const uid = await emailSignUp(email, inviter.userId);

    expect(await openVerificationLink(email, uid, inviter.userId)).toMatchObject(ok);
    expect(await friendsBetween(inviter.userId, uid)).toHaveLength(1);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
    expect(await userDoc(uid)).toMatchObject({ isActive: true, isVerified: true });
    expect(await signUpDoc(uid)).toMatchObject({ signUpProvedAt: expect.any(String) });
    expect((await adminAuth.getUser(uid)).emailVerified).toBe(true);
  });

  it.each([
    ['a password reset', resetPassword],
    ['an e-mail-link sign-in', signInByEmailLink],
    [
      'an administrator',
      (email: string) =>
        adminAuth.getUserByEmail(email).then((u) => adminAuth.updateUser(u.uid, { emailVerified: true })),
    ],
  ] as const)('an address proved by %s: no join, now or from the sign-up link later', async (_how, prove) => {
    const squatter = await createInviter({ name: 'Mallory' });
    const email = `${uniqueId('owner')}@example.com`;
    const uid = await emailSignUp(email, squatter.userId); // not the address's owner
    await prove(email);
    expect((await adminAuth.getUser(uid)).emailVerified).toBe(true);

    // An anonymous activation (the squatter's script) activates the account it made, joins nobody.
    expect(await callAnonymously('activateAccount', { uid, inviterId: squatter.userId })).toMatchObject({
      ...ok,
      inviter: null,
    });
    // The sign-up's verification link opened afterwards finds the address verified already: void for good.
    expect(await openVerificationLink(email, uid, squatter.userId)).toMatchObject({ ...ok, inviter: null });
    await expectNoJoin(squatter, uid);
    expect(await signUpDoc(uid)).not.toHaveProperty('signUpProvedAt');
  });

  it('proof fields a client writes on its own Users record count for nothing (shared-project rules)', async () => {
    // In the app's project its rules let an owner write their own Users record. A squatter who
    // signed up with someone else's address writes every field an earlier version trusted, then
    // the owner resets the password: the recorded inviter must stay void.
    const squatter = await createInviter({ name: 'Mallory' });
    const email = `${uniqueId('forged')}@example.com`;
    const uid = await emailSignUp(email, squatter.userId);
    const forged = {
      signUpProvedAt: new Date().toISOString(),
      mailboxProvedAt: new Date().toISOString(),
      mailboxProvedAddress: email,
      invitedBy: squatter.userId,
      invitedVia: 'password',
    };
    await adminDb.collection('Users').doc(uid).update(forged);
    await resetPassword(email);

    expect(await callAnonymously('activateAccount', { uid, inviterId: squatter.userId })).toMatchObject({
      ...ok,
      inviter: null,
    });
    await expectNoJoin(squatter, uid);
    // What the client wrote is its own data: kept, never read as a proof.
    expect(await userDoc(uid)).toMatchObject(forged);
  });

  it('a verification link of another account is refused, with nothing applied or written', async () => {
    const inviter = await createInviter();
    const victim = await emailSignUp(`${uniqueId('victim')}@example.com`, inviter.userId);
    const ownEmail = `${uniqueId('attacker')}@example.com`;
    await emailSignUp(ownEmail, inviter.userId);
    const before = await userDoc(victim);
    const { oobCode } = await latestEmail(ownEmail, 'VERIFY_EMAIL');

    // Anonymously, the one refusal every account state gets (a distinct answer would say the uid exists).
    expect(await outcomeOf(callAnonymously('activateAccount', { uid: victim, verificationCode: oobCode }))).toBe(
      'failed-precondition',
    );
    expect(await userDoc(victim)).toEqual(before);
    expect((await adminAuth.getUserByEmail(ownEmail)).emailVerified).toBe(false);
  });

  it('two tabs opening the same link at once: one join, and both welcome with the inviter', async () => {
    const inviter = await createInviter();
    const email = `${uniqueId('tabs')}@example.com`;
    const uid = await emailSignUp(email, inviter.userId);

    const answers = await Promise.all([
      openVerificationLink<{ inviter: unknown }>(email, uid, inviter.userId),
      openVerificationLink<{ inviter: unknown }>(email, uid, inviter.userId),
    ]);
    for (const answer of answers) expect(answer.inviter).toMatchObject({ inviterId: inviter.userId });
    expect(await friendsBetween(inviter.userId, uid)).toHaveLength(1);
    expect(await historyOf(inviter.userId)).toHaveLength(1);
  });
});
