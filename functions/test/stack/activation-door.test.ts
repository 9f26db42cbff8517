/**
 * The activation door (functions/src/activation/flows/door.ts) writes only what it proved, tried from
 * outside as the fifth security review did: the account's own session moves the address to a
 * stranger's while a proof of her own is being used (by the mail's code, the mail's link opened
 * again by a plain GET, the browser's token with an issuer that answers slowly), at delays from 0
 * to 60 ms; a made-up code posted to an activated account's welcome address; a provider that says
 * the address is not verified; the mail's link opened after another way activated the account.
 */
import { randomBytes } from 'node:crypto';
import { signInWithEmailAndPassword, updateEmail } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import en from '@dayfocus/contracts/locales/en';
import type { ActivationAnswer, EmailProofNonce } from '@dayfocus/contracts/answers';
import { userAgents } from '@dayfocus/stack/user-agents';
import { localEmailIssuer, localIssuerToken, slowLocalIssuer, urls } from '@dayfocus/stack/testing';
import { CONFIRMS_PER_ACCOUNT } from '../../src/pages/domain/welcome-confirm.js';
import {
  adminAuth,
  Browser,
  callAnonymously,
  createInviter,
  fetchRaw,
  outboxIds,
  friendsBetween,
  mailLogMovedBack,
  postWelcomeForm,
  refusalOf,
  resentMail,
  signedUpWithMail,
  signUpDoc,
  uniqueId,
  userDoc,
  verificationMail,
  type SignedUpWithMail,
} from './support.js';

const android = userAgents.android['Chrome on Android'];
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');
const SIGN_UP_PASSWORD = 'correct-horse';
const DELAYS_MS = [0, 5, 10, 20, 30, 45, 60];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The account's own session moves it to `address` (Auth's `accounts:update`). */
async function moveTo(browser: Browser, address: string) {
  const current = browser.auth.currentUser;
  if (!current) throw new Error('the tab is signed out');
  await updateEmail(current, address);
}

/**
 * What the race may never leave: the stranger's address verified on this account. Either the
 * account holds the address its proof proved, or it holds the stranger's unverified.
 */
async function expectNoStrangerVerified(uid: string, stranger: string, what: string) {
  const account = await adminAuth.getUser(uid);
  if (account.email === stranger) expect(account.emailVerified, `${what}: the stranger's address verified`).toBe(false);
}

const welcomePath = (person: SignedUpWithMail, code = person.mail.oobCode) =>
  `/welcome/${person.uid}/${person.inviter.userId}?lg=en&mode=verifyEmail&oobCode=${code}`;

const confirm = (path: string, headers: Record<string, string> = {}) => postWelcomeForm(path, android, headers);

/** Her own session moves the address away and back, signing in again each time: Auth marks it unverified again. */
async function movedAwayAndBack(person: SignedUpWithMail) {
  const elsewhere = `${uniqueId('elsewhere')}@example.com`;
  await moveTo(person.browser, elsewhere);
  await signInWithEmailAndPassword(person.browser.auth, elsewhere, SIGN_UP_PASSWORD);
  await moveTo(person.browser, person.email);
  await signInWithEmailAndPassword(person.browser.auth, person.email, SIGN_UP_PASSWORD);
}

describe('the door writes only the address it proved', () => {
  it.each(DELAYS_MS)("the mail's code, the address moved to a stranger's %i ms later", async (delay) => {
    const person = await signedUpWithMail();
    const stranger = `${uniqueId('stranger')}@example.com`;
    const typed = person.browser.call<ActivationAnswer>('confirmEmailWithCode', {
      code: person.mail.code,
      platform: 'android',
    });
    typed.catch(() => undefined);
    await sleep(delay);
    await moveTo(person.browser, stranger).catch(() => undefined);
    await typed.catch(() => undefined);
    await expectNoStrangerVerified(person.uid, stranger, `code, ${delay} ms`);
    await person.browser.close();
  });

  it('verifies nothing with a spent link opened again: the address moved away and back stays unverified', async () => {
    const person = await signedUpWithMail();
    expect((await confirm(welcomePath(person))).status).toBe(200);
    expect((await adminAuth.getUser(person.uid)).emailVerified).toBe(true);
    await movedAwayAndBack(person);
    expect((await adminAuth.getUser(person.uid)).emailVerified).toBe(false);

    const again = await fetchRaw(welcomePath(person), { userAgent: android });
    expect(again.body).not.toContain(en.web.welcome.friends.replace('{{name}}', nbsp(person.inviter.name)));
    expect((await adminAuth.getUser(person.uid)).emailVerified).toBe(false);
    await person.browser.close();
  });

  it.each(DELAYS_MS)(
    "the spent link opened again by a GET, the address moved to a stranger's %i ms later",
    async (delay) => {
      const person = await signedUpWithMail();
      expect((await confirm(welcomePath(person))).status).toBe(200);
      await movedAwayAndBack(person);
      const stranger = `${uniqueId('stranger')}@example.com`;
      const opened = fetchRaw(welcomePath(person), { userAgent: android });
      opened.catch(() => undefined);
      await sleep(delay);
      await moveTo(person.browser, stranger).catch(() => undefined);
      await opened.catch(() => undefined);
      await expectNoStrangerVerified(person.uid, stranger, `reopened link, ${delay} ms`);
      await person.browser.close();
    },
  );

  it.each(DELAYS_MS)(
    "the browser's token from a slow issuer, the address moved to a stranger's %i ms later",
    async (delay) => {
      const inviter = await createInviter({ name: 'Asha Verma' });
      const browser = new Browser();
      const holder = randomBytes(24).toString('base64url');
      const { nonce } = await browser.call<EmailProofNonce>('issueEmailProofNonce', { holder });
      const address = `${uniqueId('mira')}@${localEmailIssuer.domain}`;
      const user = await browser.signUpWithEmail(address);
      await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira Nair' });
      const token = await localIssuerToken({ address, audience: urls.hosting, nonce });
      await slowLocalIssuer(150, 3_000);
      const stranger = `${uniqueId('stranger')}@example.com`;
      const proved = browser.call<ActivationAnswer>('proveEmail', { token, nonce, holder, platform: 'android' });
      proved.catch(() => undefined);
      await sleep(delay);
      await moveTo(browser, stranger).catch(() => undefined);
      await proved.catch(() => undefined);
      await expectNoStrangerVerified(user.uid, stranger, `browser token, ${delay} ms`);
      await browser.close();
    },
  );
});

describe('a code that proves nothing', () => {
  it("is refused before the join on an activated account: no inviter named, none of the owner's tries spent", async () => {
    const person = await signedUpWithMail();
    expect((await confirm(welcomePath(person))).status).toBe(200);
    const friends = en.web.welcome.friends.replace('{{name}}', nbsp(person.inviter.name));
    for (let i = 0; i < CONFIRMS_PER_ACCOUNT; i++) {
      const tried = await confirm(welcomePath(person, `made-up-${uniqueId('code')}`), {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      expect(tried.status).toBe(403);
      expect(tried.body).not.toContain(friends);
      expect(tried.body).not.toContain(nbsp(person.inviter.name));
    }
    // Her own link still welcomes her.
    const own = await confirm(welcomePath(person));
    expect(own.status).toBe(200);
    expect(own.body).toContain(friends);
    await person.browser.close();
  });
});

describe("a provider's address", () => {
  it('is no proof when its token says it is not verified: no friendship, nothing confirmed, no sign-in code', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const browser = new Browser();
    const user = await browser.signInWith('google.com', { name: 'Ravi Das', emailVerified: false });
    const refused = await refusalOf(browser.call('completeSocialSignUp', { inviterId: inviter.userId }));
    expect(refused).toMatchObject({ code: 'functions/failed-precondition', details: { provider: 'unverified' } });
    expect(refused.message).toMatch(/sign up with (your )?e-?mail/i);
    expect(await friendsBetween(inviter.userId, user.uid)).toEqual([]);
    expect((await userDoc(user.uid))?.isVerified).not.toBe(true);
    expect((await signUpDoc(user.uid))?.signUpProvedAt).toBeUndefined();
    const minted = await refusalOf(browser.call('createSignInHandoff', { platform: 'android' }));
    expect(minted).toMatchObject({ code: 'functions/failed-precondition', details: { provider: 'unverified' } });
    await browser.close();
  });
});

describe("the mail's link after another way activated the account", () => {
  it('answers its GET as the link opened again: friends, the stores ready, no form, nothing minted', async () => {
    const person = await signedUpWithMail();
    const typed = await person.browser.call<ActivationAnswer>('confirmEmailWithCode', { code: person.mail.code });
    expect(typed.inviter?.inviterId).toBe(person.inviter.userId);

    const opened = await fetchRaw(welcomePath(person), { userAgent: android });
    expect(opened.status).toBe(200);
    expect(opened.body).toContain(en.web.welcome.friends.replace('{{name}}', nbsp(person.inviter.name)));
    expect(opened.body).not.toContain('id="welcome-confirm"');
    expect(opened.body).toMatch(/data-store="google-play"/);
    expect(await friendsBetween(person.inviter.userId, person.uid)).toHaveLength(1);
    await person.browser.close();
  });
});

describe("other mails' links after she is friends", () => {
  /** The page of a link opened again: friends, no form, and the friendship made once. */
  async function expectWelcomedAgain(person: SignedUpWithMail, page: { status: number; body: string }) {
    expect(page.status).toBe(200);
    expect(page.body).toContain(en.web.welcome.friends.replace('{{name}}', nbsp(person.inviter.name)));
    expect(page.body).not.toContain('id="welcome-confirm"');
    expect(await friendsBetween(person.inviter.userId, person.uid)).toHaveLength(1);
    await person.browser.close();
  }

  it('the older mail after "send the e-mail again" answers as the link opened again', async () => {
    const person = await signedUpWithMail();
    await mailLogMovedBack(person.email);
    const newer = await resentMail(person);
    expect((await confirm(welcomePath(person, newer.oobCode))).status).toBe(200);

    const older = await fetchRaw(welcomePath(person), { userAgent: android });
    await expectWelcomedAgain(person, older);
  });

  it('the first sign-up mail after the finishing link answers as the link opened again', async () => {
    const person = await signedUpWithMail();
    await mailLogMovedBack(person.email);
    const before = await outboxIds(person.email);
    await callAnonymously('mailSignUpLink', { email: person.email, language: 'en' });
    const finishing = await verificationMail(person.email, { after: before });
    const resetCode = new URLSearchParams(new URL(finishing.link).hash.slice(1)).get('oobCode') ?? '';
    const finished = await callAnonymously<ActivationAnswer>('finishSignUp', {
      resetCode,
      password: 'second-password-2',
      language: 'en',
    });
    expect(finished.inviter?.inviterId).toBe(person.inviter.userId);

    const first = await fetchRaw(welcomePath(person), { userAgent: android });
    await expectWelcomedAgain(person, first);
  });
});
