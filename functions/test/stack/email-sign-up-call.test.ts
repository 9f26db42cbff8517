/**
 * The e-mail sign-up's one call (`signUpWithEmail`, invites/flows/email-sign-up-flow.ts), from a
 * browser where nobody is signed in, as the form makes it: the account, the record with its
 * inviter and the verification mail in one round trip, then the password she typed signs the tab
 * in. Every refusal changes nothing, and a taken address is told no more than Auth's own sign-up
 * tells.
 */
import { signInWithEmailAndPassword } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import type { EmailSignUpAnswer } from '@dayfocus/contracts/answers';
import { EMAIL_SIGN_UP_FIELDS } from '../email-sign-up.js';
import {
  adminAuth,
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  outboxIds,
  outcomeOf,
  refusalOf,
  signUpDoc,
  uniqueId,
  userDoc,
  verificationMail,
} from './support.js';

const MINUTE = 60_000;
const PASSWORD = 'correct-horse-7';

const request = (inviterId: string, email: string, more: Record<string, unknown> = {}) => ({
  inviterId,
  name: '  Mira Nair ',
  email,
  password: PASSWORD,
  language: 'hi',
  mail: true,
  ...more,
});

const newAddress = () => `${uniqueId('one-call')}@example.com`;

/** Whether Auth holds an account with this address. */
async function accountOf(email: string) {
  return adminAuth.getUserByEmail(email).catch(() => null);
}

describe('signUpWithEmail', () => {
  it('makes the account, its record with the inviter and the mail in one call; her password then signs the tab in', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const email = newAddress();
    const answer = await callAnonymously<EmailSignUpAnswer>(
      'signUpWithEmail',
      request(inviter.userId, email, { way: 'qr' }),
    );
    expect(answer).toEqual({ uid: expect.any(String), email, retryAfterMs: MINUTE });

    const account = await adminAuth.getUser(answer.uid);
    expect(account).toMatchObject({ email, emailVerified: false, displayName: undefined });
    expect(account.providerData.map((provider) => provider.providerId)).toEqual(['password']);
    const record = await userDoc(answer.uid);
    expect(Object.keys(record ?? {}).sort()).toEqual([...EMAIL_SIGN_UP_FIELDS].sort());
    expect(record).toMatchObject({ userId: answer.uid, email, name: 'Mira Nair', isDeleted: false });
    expect(await signUpDoc(answer.uid)).toMatchObject({
      invitedBy: inviter.userId,
      invitedVia: 'password',
      inviteWay: 'qr',
    });
    // The mail in the page's language, naming the inviter, its link to her welcome page.
    const mail = await verificationMail(email);
    expect(mail.subject).toBe('Asha Verma ने आपको Dayfocus पर आमंत्रित किया है');
    expect(mail.link).toContain(`/welcome/${answer.uid}/${inviter.userId}`);

    // The page's session: her password, as Auth checks it.
    const browser = new Browser();
    const { user } = await signInWithEmailAndPassword(browser.auth, email, PASSWORD);
    expect(user.uid).toBe(answer.uid);
    // "Send it again" from the check-mail page speaks for that session: within the minute, no mail.
    expect(await browser.call('sendVerificationEmail', { language: 'hi' })).toEqual({
      retryAfterMs: expect.any(Number),
    });
    expect(await outboxIds(email)).toHaveLength(1);
    await browser.close();
  });

  it('sends no mail when the browser proof is tried first (mail: false)', async () => {
    const inviter = await createInviter();
    const email = newAddress();
    const answer = await callAnonymously<EmailSignUpAnswer>(
      'signUpWithEmail',
      request(inviter.userId, email, { mail: false }),
    );
    expect(answer).toEqual({ uid: expect.any(String), email, retryAfterMs: null });
    expect(await signUpDoc(answer.uid)).toMatchObject({ invitedBy: inviter.userId });
    expect(await outboxIds(email)).toEqual([]);
  });

  it('answers a taken address as Auth does, whoever holds it, and changes nothing', async () => {
    const inviter = await createInviter();
    // One half-made sign-up (unverified, a password), one confirmed account, one Google account.
    const half = await callAnonymously<EmailSignUpAnswer>('signUpWithEmail', request(inviter.userId, newAddress()));
    const confirmed = await adminAuth.createUser({
      email: newAddress(),
      password: 'other-password-1',
      emailVerified: true,
    });
    const google = await adminAuth.createUser({ email: newAddress(), emailVerified: true });
    const refusals = [];
    for (const email of [half.email, confirmed.email ?? '', google.email ?? '']) {
      const mailsBefore = (await outboxIds(email)).length;
      refusals.push(await refusalOf(callAnonymously('signUpWithEmail', request(inviter.userId, email))));
      expect((await accountOf(email))?.uid).toBeDefined();
      expect(await outboxIds(email)).toHaveLength(mailsBefore);
    }
    // One answer for all three: the address is taken, nothing about whose or in what state.
    expect(refusals).toEqual(
      Array(3).fill({
        code: 'functions/already-exists',
        message: expect.stringMatching(/^This e-mail address is already registered/),
        details: { signUp: 'taken' },
      }),
    );
    // The password was not changed by a try with another one.
    await signInWithEmailAndPassword(new Browser().auth, half.email, PASSWORD);
  });

  it('refuses what the form refuses, and makes no account for it', async () => {
    const inviter = await createInviter();
    const tries: Record<string, unknown>[] = [
      { password: 'short' },
      { password: '        x' },
      // The spec's 20 characters at most.
      { password: 'long-password-0123456' },
      { name: 'N'.repeat(81) },
      { name: 'Visit https://win.example' },
      { email: 'not-an-address' },
      { mail: 'yes' },
      { inviterId: 'no such inviter/' },
    ];
    for (const more of tries) {
      const email = newAddress();
      const outcome = await outcomeOf(callAnonymously('signUpWithEmail', request(inviter.userId, email, more)));
      expect(outcome, JSON.stringify(more)).toBe('invalid-argument');
      expect(await accountOf(email)).toBeNull();
    }
  });

  it('makes no account for an inviter who takes nobody, or an invitation she closed', async () => {
    const inviter = await createInviter();
    const closed = await createInviter();
    await adminDb.collection('_inviteControls').doc(closed.userId).set({ paused: true });
    const unknown = uniqueId('nobody');
    for (const inviterId of [unknown, closed.userId]) {
      const email = newAddress();
      const refusal = await refusalOf(callAnonymously('signUpWithEmail', request(inviterId, email)));
      expect(refusal.code).toBe(inviterId === unknown ? 'functions/not-found' : 'functions/failed-precondition');
      expect(await accountOf(email)).toBeNull();
    }
    // The inviter who takes invitees still does.
    const email = newAddress();
    await callAnonymously('signUpWithEmail', request(inviter.userId, email));
    expect(await accountOf(email)).not.toBeNull();
  });

  it('makes nothing for a script without App Check', async () => {
    const inviter = await createInviter();
    const email = newAddress();
    const script = new Browser({ appCheck: false });
    const refusal = await refusalOf(script.call('signUpWithEmail', request(inviter.userId, email)));
    expect(refusal.code).toBe('functions/unauthenticated');
    expect(await accountOf(email)).toBeNull();
    await script.close();
  });
});
