/**
 * The verification mail's short code, typed in the tab that signed up (functions/src/invites/
 * domain/mail-codes.ts): through the Firebase JS SDK as the web page calls it. A right code proves
 * the address as the mail's link does and joins the inviter once, whichever of the two comes first;
 * every code that does not work hears the same refusal and changes nothing but the counts.
 */
import { describe, expect, it } from 'vitest';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { callableHeaders, urls } from '@dayfocus/stack/testing';
import { MAIL_CODE_OLDER, MAIL_CODE_REFUSAL } from '../../src/activation/flows/mail-code-way.js';
import { mailLogKey } from '../../src/invites/domain/mail-limits.js';
import { ACCOUNT_WRONG_TRIES, WRONG_TRIES_PER_CODE } from '../../src/invites/domain/mail-codes.js';
import {
  adminAuth,
  adminDb,
  Browser,
  callAnonymously,
  friendsBetween,
  joinsDelivered,
  outboxIds,
  pushesTo,
  readDoc,
  refusalOf,
  signUpDoc,
  userDoc,
  verificationMail,
  signedUpWithMail,
  type SignedUpWithMail,
} from './support.js';

type Person = SignedUpWithMail;

const typed = (person: Person, code: string) => person.browser.call<ActivationAnswer>('confirmEmailWithCode', { code });

const oneRefusal = {
  code: 'functions/invalid-argument',
  message: `${MAIL_CODE_REFUSAL} [400]`,
  details: { mailCode: 'refused' },
};

/** An older mail's code: refused as any other, but told apart from a typo, for the page to say which mail's works. */
const olderRefusal = {
  code: 'functions/invalid-argument',
  message: `${MAIL_CODE_OLDER} [400]`,
  details: { mailCode: 'older' },
};

/** Another six digits than `code`. */
const wrongFor = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

/** "Send the e-mail again" once its minute is up (the mailbox's log moved back), answering the new mail. */
async function mailAgain(person: Person) {
  const after = await outboxIds(person.email);
  const earlier = new Date(Date.now() - 2 * 60_000).toISOString();
  await adminDb
    .collection('_mailLogs')
    .doc(mailLogKey(person.email))
    .set({ sentAt: [earlier], plainSentAt: [earlier] });
  await person.browser.call('sendVerificationEmail', { language: 'en' });
  return verificationMail(person.email, { after });
}

/** Nothing proved, nobody joined: the account as it was before the try. */
async function expectNothingProved(person: Person) {
  expect((await adminAuth.getUser(person.uid)).emailVerified).toBe(false);
  expect(await friendsBetween(person.inviter.userId, person.uid)).toEqual([]);
  expect((await signUpDoc(person.uid))?.signUpProvedAt).toBeUndefined();
  expect((await userDoc(person.uid))?.isActive).not.toBe(true);
}

/** The inviter's pushes once her joins are delivered. */
async function pushesOf(inviter: { userId: string; fcmToken?: string | null }) {
  await joinsDelivered(inviter.userId);
  return pushesTo(inviter.fcmToken ?? '');
}

describe('confirmEmailWithCode', () => {
  it('proves the address with the code from the mail, in the same tab: verified, and friends with the inviter', async () => {
    const person = await signedUpWithMail('hi');
    expect(person.mail.code).toMatch(/^\d{6}$/);
    // Both ways, in the page's language: the button, or the code.
    expect(person.mail.text).toContain('या जिस पेज पर आपने साइन अप किया था, वहाँ यह कोड लिखें:');
    expect(person.mail.text).toContain(`\n\n${person.mail.code}\n\n`);
    expect(person.mail.html).toMatch(new RegExp(`font-size:32px[^>]*>${person.mail.code}</p>`));
    // Only its keyed digest is kept.
    const stored = await readDoc('_mailCodes', person.uid);
    expect(JSON.stringify(stored)).not.toContain(person.mail.code);

    const answer = await typed(person, ` ${person.mail.code.slice(0, 3)} ${person.mail.code.slice(3)} `);
    expect(answer).toMatchObject({ status: 200, inviter: { inviterId: person.inviter.userId, name: 'Asha Verma' } });
    expect((await adminAuth.getUser(person.uid)).emailVerified).toBe(true);
    expect(await friendsBetween(person.inviter.userId, person.uid)).toHaveLength(1);
    expect(await signUpDoc(person.uid)).toMatchObject({ signUpProvedAt: expect.any(String) });
    expect(await userDoc(person.uid)).toMatchObject({ isActive: true });

    // Spent: a second use hears the one refusal, and nothing is joined twice.
    expect(await refusalOf(typed(person, person.mail.code))).toEqual(oneRefusal);
    expect(await friendsBetween(person.inviter.userId, person.uid)).toHaveLength(1);
    expect(await pushesOf(person.inviter)).toHaveLength(1);
    await person.browser.close();
  });

  it("mints the sign-in code for the phone's store, as the link's first activation does", async () => {
    const person = await signedUpWithMail();
    const answer = await person.browser.call<ActivationAnswer>('confirmEmailWithCode', {
      code: person.mail.code,
      platform: 'android',
      language: 'en',
    });
    expect(answer.signIn).toEqual({ code: expect.any(String), expiresAt: expect.any(String), platform: 'android' });
    await person.browser.close();
  });

  it("keeps the mail's link working after the code, and the code after the link: one join, one push", async () => {
    const codeFirst = await signedUpWithMail();
    await typed(codeFirst, codeFirst.mail.code);
    const byLink = await callAnonymously<ActivationAnswer>('activateAccount', {
      uid: codeFirst.uid,
      inviterId: codeFirst.inviter.userId,
      verificationCode: codeFirst.mail.oobCode,
    });
    expect(byLink).toMatchObject({ status: 200, inviter: { inviterId: codeFirst.inviter.userId } });
    expect(await friendsBetween(codeFirst.inviter.userId, codeFirst.uid)).toHaveLength(1);
    expect(await pushesOf(codeFirst.inviter)).toHaveLength(1);
    await codeFirst.browser.close();

    const linkFirst = await signedUpWithMail();
    await callAnonymously('activateAccount', {
      uid: linkFirst.uid,
      inviterId: linkFirst.inviter.userId,
      verificationCode: linkFirst.mail.oobCode,
    });
    const byCode = await typed(linkFirst, linkFirst.mail.code);
    expect(byCode).toMatchObject({ status: 200, inviter: { inviterId: linkFirst.inviter.userId } });
    expect(byCode.signIn).toBeUndefined();
    expect(await friendsBetween(linkFirst.inviter.userId, linkFirst.uid)).toHaveLength(1);
    expect(await pushesOf(linkFirst.inviter)).toHaveLength(1);
    await linkFirst.browser.close();
  });

  it("refuses an older mail's code once a new mail is sent, saying so; the try counts, and the new one works", async () => {
    const person = await signedUpWithMail();
    const newer = await mailAgain(person);
    expect(newer.code).toMatch(/^\d{6}$/);
    if (newer.code !== person.mail.code) {
      expect(await refusalOf(typed(person, person.mail.code))).toEqual(olderRefusal);
      await expectNothingProved(person);
      // Counted as a wrong try of the newest code: an older code is no way round the one-code rule.
      expect((await readDoc('_mailCodes', person.uid))?.code?.wrongTries).toBe(1);
      // A typo is still a typo.
      const typo = [1, 2].map((n) => wrongFor(newer.code, n)).find((code) => code !== person.mail.code) ?? '';
      expect(await refusalOf(typed(person, typo))).toEqual(oneRefusal);
    }
    expect(await typed(person, newer.code)).toMatchObject({ inviter: { inviterId: person.inviter.userId } });
    await person.browser.close();
  });

  it('ends a code after five wrong tries (the right one refused then), and a new mail heals it', async () => {
    const person = await signedUpWithMail();
    for (let i = 1; i <= WRONG_TRIES_PER_CODE; i++) {
      expect(await refusalOf(typed(person, wrongFor(person.mail.code, i)))).toEqual(oneRefusal);
    }
    expect(await refusalOf(typed(person, person.mail.code))).toEqual(oneRefusal);
    await expectNothingProved(person);

    const newer = await mailAgain(person);
    expect(await typed(person, newer.code)).toMatchObject({ inviter: { inviterId: person.inviter.userId } });
    await person.browser.close();
  });

  it("limits an account's wrong tries in the hour across codes, and never refuses a right code for them", async () => {
    const person = await signedUpWithMail();
    // Two codes' worth of wrong tries fill the hour.
    let mail = person.mail;
    for (let tries = 0; tries < ACCOUNT_WRONG_TRIES.limit; tries++) {
      if (tries > 0 && tries % WRONG_TRIES_PER_CODE === 0) mail = await mailAgain(person);
      await refusalOf(typed(person, wrongFor(mail.code, 1 + (tries % WRONG_TRIES_PER_CODE))));
    }
    // Now one wrong try ends a fresh code at once.
    const third = await mailAgain(person);
    expect(await refusalOf(typed(person, wrongFor(third.code)))).toEqual(oneRefusal);
    expect(await refusalOf(typed(person, third.code))).toEqual(oneRefusal);
    await expectNothingProved(person);
    // But a right code is decided before the hour's count: the next mail's works at its first try.
    const fourth = await mailAgain(person);
    expect(await typed(person, fourth.code)).toMatchObject({ inviter: { inviterId: person.inviter.userId } });
    await person.browser.close();
  });

  it('answers every code that does not work alike, and a wrong one changes nothing but the counts', async () => {
    const person = await signedUpWithMail();
    const before = { user: await userDoc(person.uid), signUp: await signUpDoc(person.uid) };
    const answers = [
      await refusalOf(typed(person, wrongFor(person.mail.code))), // wrong
      await refusalOf(typed(person, 'abcdef')), // no code at all
    ];
    // Another account's code: bound to the account it was mailed for.
    const other = await signedUpWithMail();
    answers.push(await refusalOf(typed(other, person.mail.code === other.mail.code ? '000000' : person.mail.code)));
    // Expired.
    const codes = adminDb.collection('_mailCodes').doc(person.uid);
    await codes.update({ 'code.expiresAt': new Date(Date.now() - 1000).toISOString() });
    answers.push(await refusalOf(typed(person, person.mail.code)));
    // An account whose page never asked for a mail.
    const browser = new Browser();
    await browser.signUpWithEmail();
    await browser.call('registerInvitee', { inviterId: person.inviter.userId, name: 'Ravi' });
    answers.push(await refusalOf(browser.call('confirmEmailWithCode', { code: person.mail.code })));
    await browser.close();

    expect(answers).toEqual(answers.map(() => oneRefusal));
    await expectNothingProved(person);
    expect(await userDoc(person.uid)).toEqual(before.user);
    expect(await signUpDoc(person.uid)).toEqual(before.signUp);
    expect(await pushesOf(person.inviter)).toEqual([]);
    // The link still proves the address.
    const byLink = await callAnonymously<ActivationAnswer>('activateAccount', {
      uid: person.uid,
      inviterId: person.inviter.userId,
      verificationCode: person.mail.oobCode,
    });
    expect(byLink.inviter?.inviterId).toBe(person.inviter.userId);
    await Promise.all([person.browser.close(), other.browser.close()]);
  });

  it('refuses a replayed App Check token, with nothing of the replay written', async () => {
    const person = await signedUpWithMail();
    const headers = { ...callableHeaders(), authorization: `Bearer ${await person.user.getIdToken()}` };
    const raw = async (code: string) => {
      const response = await fetch(`${urls.functions}/confirmEmailWithCode`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ data: { code } }),
      });
      return [response.status, ((await response.json()) as { error?: { status?: string } }).error?.status];
    };
    expect(await raw(wrongFor(person.mail.code))).toEqual([400, 'INVALID_ARGUMENT']);
    // The same token again, now with the right code: refused before anything is spent or proved.
    expect(await raw(person.mail.code)).toEqual([401, 'UNAUTHENTICATED']);
    expect((await readDoc('_mailCodes', person.uid))?.code).toMatchObject({ spentAt: null, wrongTries: 1 });
    await expectNothingProved(person);
    expect(await typed(person, person.mail.code)).toMatchObject({ inviter: { inviterId: person.inviter.userId } });
    await person.browser.close();
  });

  it('is for the signed-in e-mail account only', async () => {
    expect(await refusalOf(callAnonymously('confirmEmailWithCode', { code: '123456' }))).toMatchObject({
      code: 'functions/unauthenticated',
    });
  });
});
