// A sign-up left half-way (the account made, the sign-up recorded, the address never confirmed)
// can always be finished by whoever holds the mailbox, with any password: mailSignUpLink mails
// a link that sets a new one (docs/threat-model-sign-up.md: never a password without the
// mailbox), and finishSignUp takes that link's code and the new password, confirms the address as
// the sign-up's own mail would, and befriends the inviter. Every other address gets the same
// answer and no mail.
import { signInWithEmailAndPassword } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import {
  adminAuth,
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  friendsBetween,
  halfMadeSignUp,
  outboxIds,
  signUpLinkRequestsSettled,
  uniqueId,
  verificationMail,
  verifiedEmailInvitee,
} from './support.js';

/** The mails in the outbox to `email` once the requests that named it (or its account) are done with. */
async function mailsAfterCall(email: string, account?: { uid: string }) {
  await signUpLinkRequestsSettled(account ?? { email });
  return outboxIds(email);
}

describe('mailSignUpLink', () => {
  it('mails a half-made sign-up a link in her language, and it finishes with another password', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const { uid, email } = await halfMadeSignUp(inviter.userId);
    // Whoever typed the first password is still signed in somewhere.
    const first = new Browser();
    await signInWithEmailAndPassword(first.auth, email, 'first-password-1');
    // Revocations count by the second, as checkRevoked's do: hers comes a second later at least.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await callAnonymously('mailSignUpLink', { email, language: 'hi' })).toEqual(writeSucceeded);

    const mail = await verificationMail(email);
    expect(mail.subject).toBe('Asha Verma के निमंत्रण पर Dayfocus में साइन अप पूरा करें');
    expect(mail.html).toContain('<html lang="hi" dir="ltr">');
    const link = new URL(mail.link);
    expect(link.pathname).toBe(`/sign-up/${inviter.userId}`);
    // The page's mark, so that its first paint is the finish; the code only in the fragment.
    expect(Object.fromEntries(link.searchParams)).toEqual({ lg: 'hi', finish: '1' });
    // The code is in the fragment, which no request carries.
    const fragment = new URLSearchParams(link.hash.slice(1));
    expect(fragment.get('mode')).toBe('resetPassword');
    const resetCode = fragment.get('oobCode') ?? '';

    // The link opened in another browser: nobody signed in there.
    const answer = await callAnonymously('finishSignUp', {
      resetCode,
      password: 'second-password-2',
      language: 'hi',
    });
    expect(answer).toMatchObject({ status: 200, uid, inviter: { inviterId: inviter.userId } });
    expect(await friendsBetween(inviter.userId, uid)).toHaveLength(1);
    expect((await adminAuth.getUser(uid)).emailVerified).toBe(true);
    expect((await adminDb.collection('_signUps').doc(uid).get()).data()).toMatchObject({
      signUpProvedAt: expect.any(String),
    });

    // The first password's session is over: the companion takes nothing more from it.
    await expect(first.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira Nair' })).rejects.toThrow(
      /session has ended/,
    );
    await first.close();

    // Her new password signs in; the one typed first no longer does.
    const browser = new Browser();
    await expect(signInWithEmailAndPassword(browser.auth, email, 'first-password-1')).rejects.toThrow(
      /invalid-credential|wrong-password/,
    );
    expect((await signInWithEmailAndPassword(browser.auth, email, 'second-password-2')).user.uid).toBe(uid);
    await browser.close();

    // The link is spent.
    await expect(
      callAnonymously('finishSignUp', { resetCode, password: 'third-password-3', language: 'hi' }),
    ).rejects.toThrow(/link/i);
  });

  it('answers an unknown, a confirmed and a non-companion address the same, and mails none of them', async () => {
    const inviter = await createInviter();
    const unknown = `${uniqueId('nobody')}@example.com`;
    const verified = await verifiedEmailInvitee(inviter.userId);
    // An account of the app's own (never a companion sign-up): no registerInvitee record.
    const stranger = await adminAuth.createUser({
      email: `${uniqueId('app')}@example.com`,
      password: 'app-password-1',
    });
    const disabled = await halfMadeSignUp(inviter.userId);
    await adminAuth.updateUser(disabled.uid, { disabled: true });

    for (const email of [unknown, verified.email, stranger.email ?? '', disabled.email]) {
      expect(await callAnonymously('mailSignUpLink', { email, language: 'en' })).toEqual(writeSucceeded);
    }
    for (const email of [unknown, verified.email, stranger.email ?? '', disabled.email]) {
      expect(await mailsAfterCall(email)).toEqual([]);
    }
  });

  it("by account (an expired link's page, which knows no address): mails a half-made sign-up's own address, and nobody else", async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const { uid, email } = await halfMadeSignUp(inviter.userId);
    const verified = await verifiedEmailInvitee(inviter.userId);
    const stranger = await adminAuth.createUser({
      email: `${uniqueId('app')}@example.com`,
      password: 'app-password-1',
    });
    for (const other of [uniqueId('nobody'), verified.uid, stranger.uid]) {
      expect(await callAnonymously('mailSignUpLinkByAccount', { uid: other, language: 'ta' })).toEqual(writeSucceeded);
    }
    expect(await callAnonymously('mailSignUpLinkByAccount', { uid, language: 'ta' })).toEqual(writeSucceeded);
    const mail = await verificationMail(email);
    expect(mail.to).toBe(email);
    expect(mail.html).toContain('<html lang="ta"');
    for (const other of [verified, { uid: stranger.uid, email: stranger.email ?? '' }])
      expect(await mailsAfterCall(other.email, other)).toEqual([]);
  });

  it('answers the link opened again after she finished as done: friends, no password asked, nothing minted', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const { uid, email } = await halfMadeSignUp(inviter.userId);
    await callAnonymously('mailSignUpLink', { email, language: 'ta' });
    const resetCode = new URLSearchParams(new URL((await verificationMail(email)).link).hash.slice(1)).get('oobCode');
    if (!resetCode) throw new Error('the mail carries no code');
    // Without a password, a link that still works is no "again": the page asks for one.
    await expect(callAnonymously('finishSignUp', { resetCode, language: 'ta' })).rejects.toThrow(/password/i);
    expect((await adminAuth.getUser(uid)).emailVerified).toBe(false);

    await callAnonymously('finishSignUp', { resetCode, password: 'second-password-2', language: 'ta' });
    const again = await callAnonymously('finishSignUp', { resetCode, platform: 'android', language: 'ta' });
    expect(again).toMatchObject({
      status: 200,
      uid,
      email,
      inviter: { inviterId: inviter.userId, name: 'Asha Verma' },
    });
    expect(again).not.toHaveProperty('signIn');
    expect(await friendsBetween(inviter.userId, uid)).toHaveLength(1);
    // Her password is the one she chose: a reopened link sets nothing.
    const browser = new Browser();
    expect((await signInWithEmailAndPassword(browser.auth, email, 'second-password-2')).user.uid).toBe(uid);
    await browser.close();
  });

  it('refuses, without a password, a code we never mailed, and changes nothing', async () => {
    const inviter = await createInviter();
    const { uid } = await halfMadeSignUp(inviter.userId);
    const refusal = await callAnonymously('finishSignUp', { resetCode: 'not-a-real-code', language: 'en' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ code: 'functions/invalid-argument', details: { finishLink: 'used-or-invalid' } });
    expect((await adminAuth.getUser(uid)).emailVerified).toBe(false);
    expect(await friendsBetween(inviter.userId, uid)).toHaveLength(0);
  });

  it('refuses a code that is not its own kind, and changes nothing', async () => {
    const inviter = await createInviter();
    const { uid } = await halfMadeSignUp(inviter.userId);
    await expect(
      callAnonymously('finishSignUp', { resetCode: 'not-a-real-code', password: 'second-password-2', language: 'en' }),
    ).rejects.toThrow(/link/i);
    expect((await adminAuth.getUser(uid)).emailVerified).toBe(false);
    expect(await friendsBetween(inviter.userId, uid)).toHaveLength(0);
  });
});
