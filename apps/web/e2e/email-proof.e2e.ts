// No mail where the browser can prove the address (docs/arrival.md, "Three ways to prove the
// address"): the e-mail form carries the hidden `email-verification-token` field with a nonce of
// ours, the browser fills it as the form is sent, and the sign-up goes straight to the welcome
// step. Chromium here runs no origin trial, so the test plays Chrome's part: it fills the field
// with a token from the stack's own issuer, bound to the page's nonce and origin, in the submit
// event itself, before the page's handler reads it.
import { randomBytes } from 'node:crypto';
import { localEmailIssuer, localIssuerToken, outboxIds, uniqueId, verificationMail } from '@dayfocus/stack/testing';
import { issuerSigner, presentToken } from '@dayfocus/stack/email-issuer';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from './support/locales';
import {
  authUserByEmail,
  confirmEmailPath,
  expectJoined,
  readDoc,
  reachPath,
  screenshot,
  seedInviter,
  takenOver,
  urls,
  useBrowser,
  visible,
  type SeededInviter,
} from './support/app';

const FIELD = 'input[name="emailVerificationToken"]';

function newInvitee() {
  // An address of the local issuer's domain: the stack's DNS names that issuer for it.
  return { name: 'Mira Nair', email: `${uniqueId('e2e-proof')}@${localEmailIssuer.domain}`, password: 'correct-horse' };
}

/** The form filled as she fills it, up to the tap on "Sign up". */
async function fillForm(page: Page, invitee: ReturnType<typeof newInvitee>) {
  await page.getByLabel(en.signUp.username, { exact: true }).fill(invitee.name);
  await page.getByLabel(en.signUp.email, { exact: true }).fill(invitee.email);
  await page.getByLabel(en.signUp.password, { exact: true }).fill(invitee.password);
  await page.getByLabel(en.signUp.confirmPassword, { exact: true }).fill(invitee.password);
}

/** The nonce the page put on the hidden field once it had one (the element's, as a browser reads it). */
async function pageNonce(page: Page): Promise<string> {
  const field = page.locator(FIELD);
  await expect
    .poll(() => field.evaluate((input: HTMLInputElement) => input.nonce), { timeout: 15_000 })
    .toMatch(/^[\w-]{43}$/);
  return field.evaluate((input: HTMLInputElement) => input.nonce ?? '');
}

/** Chrome's part: the hidden field gets `token` as the form is submitted, before any handler of the page. */
async function fillOnSubmit(page: Page, token: string) {
  await page.evaluate(
    ([selector, value]) => {
      const form = document.querySelector(selector)?.closest('form');
      window.addEventListener(
        'submit',
        (event) => {
          if (!form || event.target !== form) return;
          const field = form.querySelector<HTMLInputElement>(selector);
          if (field) field.value = value;
        },
        { capture: true, once: true },
      );
    },
    [FIELD, token] as const,
  );
}

async function openSignUp(page: Page, inviter: SeededInviter) {
  await page.goto(`/sign-up/${inviter.userId}`);
  await takenOver(page);
}

describe("The browser's proof of the address, with no mail", () => {
  const browser = useBrowser();

  it.each([
    ['Chrome on Android', 'phone', CHROME_ANDROID],
    ['a desktop', 'desktop', undefined],
  ] as const)(
    '%s: the proof fills the field as she signs up; welcome, friends, verified, no mail',
    async (_where, device, userAgent) => {
      const inviter = await seedInviter();
      const invitee = newInvitee();
      const page = await browser.newPage({ device, ...(userAgent ? { userAgent } : {}) });
      await openSignUp(page, inviter);
      const nonce = await pageNonce(page);
      // The field as the draft asks for it: hidden, in the e-mail's form, the token's autofill.
      const field = page.locator(FIELD);
      expect(await field.getAttribute('type')).toBe('hidden');
      // In the attribute too, though the page's CSP header hides the attribute of an element inserted with one.
      expect(await field.getAttribute('nonce')).toBe(nonce);
      expect(await field.getAttribute('autocomplete')).toBe('email-verification-token');
      expect(
        await field.evaluate((input) => input.closest('form')?.querySelector('input[type="email"]') !== null),
      ).toBe(true);
      await screenshot(page, 'sign-up-email-proof', 'en', device);

      await fillForm(page, invitee);
      await fillOnSubmit(page, await localIssuerToken({ address: invitee.email, audience: urls.hosting, nonce }));
      await page.getByRole('button', { name: en.signUp.submit, exact: true }).click();

      await reachPath(page, new RegExp(`^/welcome/[^/]+/${inviter.userId}(\\?lg=[a-z]+)?$`));
      await visible(page.getByText(en.welcome.activated));
      const { uid, emailVerified } = await authUserByEmail(invitee.email);
      expect(page.url()).toContain(`/welcome/${uid}/`);
      expect(emailVerified).toBe(true);
      await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
      expect(await outboxIds(invitee.email)).toEqual([]);
    },
  );

  // A key of the issuer's name that the issuer never had (what a forger can make), or the issuer's
  // own token bound to a nonce this page never had.
  const refused: [string, (address: string, nonce: string) => Promise<string>][] = [
    [
      'a forged token',
      async (address, nonce) =>
        presentToken(issuerSigner(localEmailIssuer.issuer), { address, audience: urls.hosting, nonce }),
    ],
    [
      'a token bound to another nonce',
      (address) => localIssuerToken({ address, audience: urls.hosting, nonce: randomBytes(32).toString('base64url') }),
    ],
  ];
  it.each(refused)('desktop: %s proves nothing; the mail goes and the page says to check it', async (_case, token) => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage({ device: 'desktop' });
    await openSignUp(page, inviter);
    const nonce = await pageNonce(page);
    await fillForm(page, invitee);
    await fillOnSubmit(page, await token(invitee.email, nonce));
    await page.getByRole('button', { name: en.signUp.submit, exact: true }).click();

    await reachPath(page, confirmEmailPath);
    const mail = await verificationMail(invitee.email);
    expect(mail.code).toMatch(/^\d{6}$/);
    const { uid, emailVerified } = await authUserByEmail(invitee.email);
    expect(emailVerified).toBe(false);
    expect(await readDoc('Friends', `${inviter.userId}_${uid}`)).toBeUndefined();
  });

  it('phone: a form sent before its nonce came waits for none; the mail goes as before', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const asked = new Promise<void>((resolve) => {
      // The nonce's answer never comes (a slow network): the ask is held until the page closes.
      void page.route('**/api/issueEmailProofNonce', () => resolve());
    });
    await openSignUp(page, inviter);
    await asked;
    await fillForm(page, invitee);
    await page.getByRole('button', { name: en.signUp.submit, exact: true }).click();
    await reachPath(page, confirmEmailPath);
    expect(await page.locator(FIELD).count()).toBe(0);
    await verificationMail(invitee.email);
    expect((await authUserByEmail(invitee.email)).emailVerified).toBe(false);
  });
});
