/**
 * The one door into activation (functions/src/activation/flows/door.ts), attacked from
 * outside: a proof proves the address it was made for, for the account it was made for, and is
 * read for its own age. Whoever changes the account's address after the proof was made, presents
 * another account's proof, or refreshes the mailbox's newest mail gets nothing from it.
 */
import { signInWithEmailAndPassword, updateEmail } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { MAIL_CODE_REFUSAL } from '../../src/activation/flows/mail-code-way.js';
import { linkProofId } from '../../src/invites/domain/proof-ids.js';
import {
  adminAuth,
  adminDb,
  callAnonymously,
  friendsBetween,
  mailLogMovedBack,
  outboxIds,
  refusalOf,
  resentMail,
  signUpDoc,
  uniqueId,
  userDoc,
  verificationMail,
  signedUpWithMail,
  type SignedUpWithMail,
} from './support.js';

type Person = SignedUpWithMail;

/** The password `signedUpWithMail` signs up with (WebClient.signUpWithEmail's default). */
const SIGN_UP_PASSWORD = 'correct-horse';

const typed = (person: Person, code: string, extra: object = {}) =>
  person.browser.call<ActivationAnswer>('confirmEmailWithCode', { code, ...extra });

const oneRefusal = {
  code: 'functions/invalid-argument',
  message: `${MAIL_CODE_REFUSAL} [400]`,
  details: { mailCode: 'refused' },
};

/**
 * The account's own session moves it to another address (Auth's `accounts:update`), then signs in
 * again with it: the change may end the sessions signed in before it, and a fresh one must still
 * get nothing from a proof of the old address.
 */
async function moveTo(person: Person, address: string) {
  const current = person.browser.auth.currentUser;
  if (!current) throw new Error('the tab is signed out');
  await updateEmail(current, address);
  expect((await adminAuth.getUser(person.uid)).email).toBe(address);
  await signInWithEmailAndPassword(person.browser.auth, address, SIGN_UP_PASSWORD);
}

async function expectNothingProved(person: Person) {
  expect((await adminAuth.getUser(person.uid)).emailVerified).toBe(false);
  expect(await friendsBetween(person.inviter.userId, person.uid)).toEqual([]);
  expect((await signUpDoc(person.uid))?.signUpProvedAt).toBeUndefined();
  expect((await userDoc(person.uid))?.isActive).not.toBe(true);
}

/** The mail's link as our record of it keeps it: by a digest of its code, never the code. */
const linkRecord = (oobCode: string) => adminDb.collection('_addressProofs').doc(linkProofId(oobCode));

/** The mailbox's log and the link's own record moved two hours back: a mail sent long ago. */
async function mailedLongAgo(person: Person) {
  const earlier = await mailLogMovedBack(person.email);
  const record = linkRecord(person.mail.oobCode);
  expect((await record.get()).data()).toMatchObject({ uid: person.uid, address: person.email, kind: 'mail-link' });
  await record.update({ issuedAt: earlier });
}

describe('a proof is bound to the address it proves', () => {
  it("refuses the mail's code once the account holds another address: the stranger's stays unverified", async () => {
    const person = await signedUpWithMail();
    const stranger = `${uniqueId('stranger')}@example.com`;
    await moveTo(person, stranger);

    expect(await refusalOf(typed(person, person.mail.code, { platform: 'android' }))).toEqual(oneRefusal);
    expect((await adminAuth.getUser(person.uid)).email).toBe(stranger);
    await expectNothingProved(person);

    // Void for good: moved back to her own address, the code proves nothing either.
    await moveTo(person, person.email);
    expect(await refusalOf(typed(person, person.mail.code))).toEqual(oneRefusal);
    await expectNothingProved(person);
    await person.browser.close();
  });

  it("refuses the mail's link once the account holds another address, signed in or not", async () => {
    const person = await signedUpWithMail();
    await moveTo(person, `${uniqueId('stranger')}@example.com`);
    const link = { uid: person.uid, inviterId: person.inviter.userId, verificationCode: person.mail.oobCode };
    expect(await refusalOf(callAnonymously('activateAccount', link))).toMatchObject({ code: expect.any(String) });
    expect(await refusalOf(person.browser.call('activateAccount', link))).toMatchObject({
      code: 'functions/invalid-argument',
    });
    await expectNothingProved(person);
    await person.browser.close();
  });

  it('spends nothing for a session that no longer counts: signed in again, the same code proves the address', async () => {
    const person = await signedUpWithMail();
    // Revoked a second after the sign-in, as Auth counts: the tab's session predates it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await adminAuth.revokeRefreshTokens(person.uid);
    expect((await refusalOf(typed(person, person.mail.code))).code).toBe('functions/unauthenticated');
    await expectNothingProved(person);

    await signInWithEmailAndPassword(person.browser.auth, person.email, SIGN_UP_PASSWORD);
    expect(await typed(person, person.mail.code)).toMatchObject({ inviter: { inviterId: person.inviter.userId } });
    expect((await adminAuth.getUser(person.uid)).emailVerified).toBe(true);
    await person.browser.close();
  });

  it("refuses another account's session presenting her code", async () => {
    const person = await signedUpWithMail();
    const other = await signedUpWithMail();
    if (other.mail.code !== person.mail.code) {
      expect(await refusalOf(typed(other, person.mail.code))).toEqual(oneRefusal);
    }
    await expectNothingProved(person);
    await expectNothingProved(other);
    await Promise.all([person.browser.close(), other.browser.close()]);
  });
});

/** The mail's link opened on an Android phone where nobody is signed in: its page names the phone. */
const openedOnAndroid = (person: Person) =>
  callAnonymously<ActivationAnswer>('activateAccount', {
    uid: person.uid,
    inviterId: person.inviter.userId,
    verificationCode: person.mail.oobCode,
    platform: 'android',
  });

describe('what activation mints reads the proof’s own age', () => {
  it('mints no sign-in code from an old link when a stranger has just had a finishing mail sent to her', async () => {
    const person = await signedUpWithMail();
    await mailedLongAgo(person);
    const before = await outboxIds(person.email);
    expect(await callAnonymously('mailSignUpLink', { email: person.email, language: 'en' })).toMatchObject({
      status: 200,
    });
    await verificationMail(person.email, { after: before });

    const answer = await openedOnAndroid(person);
    // Activation itself holds: the link is hers and Auth still takes its code.
    expect(answer.inviter?.inviterId).toBe(person.inviter.userId);
    expect(answer.signIn).toBeUndefined();
    await person.browser.close();
  });

  it('mints none from an old link after "send the e-mail again" either; the new mail’s link would', async () => {
    const person = await signedUpWithMail();
    await mailedLongAgo(person);
    const newer = await resentMail(person);
    expect(newer.oobCode).not.toBe(person.mail.oobCode);

    const answer = await openedOnAndroid(person);
    expect(answer.inviter?.inviterId).toBe(person.inviter.userId);
    expect(answer.signIn).toBeUndefined();
    await person.browser.close();
  });

  it('mints one from a fresh link, once', async () => {
    const person = await signedUpWithMail();
    const first = await openedOnAndroid(person);
    expect(first.signIn).toMatchObject({ code: expect.any(String), platform: 'android' });
    const again = await openedOnAndroid(person);
    expect(again.inviter?.inviterId).toBe(person.inviter.userId);
    expect(again.signIn).toBeUndefined();
    await person.browser.close();
  });
});
