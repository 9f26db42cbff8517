// The e-mail leg without leaving the tab (docs/arrival.md): the verification mail carries a code
// beside its link, and the "check your mail" page takes it. In an app's own browser (Instagram),
// where the mail's link would open another browser, she types the code where she signed up and
// goes on to the welcome step there, friends with the inviter.
import { adminDb, arrivalFromPlayUrl, SimulatedMobileApp, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID, inAppBrowsers } from '@dayfocus/stack/user-agents';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en, hi, type Translation } from './support/locales';
import {
  authUserByEmail,
  confirmEmailPath,
  expectJoined,
  isTakenOver,
  pathOf,
  reachPath,
  readDoc,
  screenshot,
  seedInviter,
  signedInUsers,
  signUpByEmail,
  takenOver,
  uniqueEmail,
  urls,
  useBrowser,
  visible,
  tapWithPageClockStill,
  type SeededInviter,
} from './support/app';
import { holdTheApp } from './support/hold-app';

const INSTAGRAM_ANDROID = inAppBrowsers.find((arrival) => arrival.name === 'Instagram on Android')?.userAgent ?? '';

function newInvitee() {
  return { name: 'Mira Nair', email: uniqueEmail('e2e-code'), password: 'correct-horse' };
}

/** The code field and its button, as a person finds them on the page. */
function codeForm(page: Page, t: Translation) {
  return {
    field: page.getByLabel(t.confirmEmail.codeLabel, { exact: true }),
    button: page.getByRole('button', { name: t.confirmEmail.codeSubmit, exact: true }),
  };
}

/** Pastes `text` into the focused field as a phone's keyboard does: from the clipboard. */
async function paste(page: Page, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.hosting });
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('ControlOrMeta+V');
}

/** The welcome step in the tab that signed up, greeting the inviter as a friend. */
async function welcomedHere(page: Page, inviter: SeededInviter, uid: string, t: Translation) {
  await reachPath(page, new RegExp(`^/welcome/${uid}/${inviter.userId}(\\?lg=[a-z]+)?$`));
  await visible(page.getByText(t.welcome.activated));
}

describe('The code from the mail, typed in the tab that signed up', () => {
  const browser = useBrowser();

  it("in Instagram's browser: the invitation, e-mail, a wrong code told once, then the pasted code; friends, in one tab", async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage({ device: 'phone', userAgent: INSTAGRAM_ANDROID });
    await page.goto(`/feedback/${inviter.userId}/en`);
    await takenOver(page);
    await page.getByRole('link', { name: en.invitation.signUp }).click();
    await page.getByRole('link', { name: en.socialSignUp.email }).click();
    await reachPath(page, `/sign-up/${inviter.userId}`);
    await signUpByEmail(page, inviter.userId, invitee);
    const { uid } = await authUserByEmail(invitee.email);
    const mail = await verificationMail(invitee.email);
    expect(mail.code).toMatch(/^\d{6}$/);

    const activations: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/activateAccount')) activations.push(request.url());
    });
    const { field, button } = codeForm(page, en);
    await visible(field);
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    await screenshot(page, 'confirm-email-code', 'en', 'phone');

    // A wrong code: one message, under the field and named by it; nothing else changes.
    const wrong = mail.code === '000000' ? '111111' : '000000';
    await field.fill(wrong);
    await button.click();
    const message = page.getByText(en.confirmEmail.codeRefused, { exact: true });
    await visible(message);
    expect(await message.count()).toBe(1);
    const description = await field.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toContain(en.confirmEmail.codeRefused);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => field.evaluate((input) => document.activeElement === input)).toBe(true);
    await screenshot(page, 'confirm-email-code-refused', 'en', 'phone');
    expect(pathOf(page)).toMatch(confirmEmailPath);
    expect((await authUserByEmail(invitee.email)).emailVerified).toBe(false);
    expect(await readDoc('Friends', `${inviter.userId}_${uid}`)).toBeUndefined();
    expect((await readDoc('Users', uid))?.isActive).not.toBe(true);

    // The right code, pasted with a space as a mail app copies it; on a slow network the button
    // says it is working.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/confirmEmailWithCode', async (route) => {
      await held;
      await route.fallback();
    });
    await field.fill('');
    await field.focus();
    await paste(page, `${mail.code.slice(0, 3)} ${mail.code.slice(3)}`);
    await button.click();
    const working = page.getByRole('button', { name: en.confirmEmail.codeWorking, exact: true });
    await visible(working);
    expect(await working.getAttribute('aria-busy')).toBe('true');
    expect(await working.isDisabled()).toBe(true);
    release();

    await welcomedHere(page, inviter, uid, en);
    await visible(page.getByText(`You and ${inviter.name} are now friends`, { exact: true }));
    expect((await authUserByEmail(invitee.email)).emailVerified).toBe(true);
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
    // The code's answer is the welcome page's: no second activation.
    expect(activations).toEqual([]);
    // The same tab all along: no other page, no other browser context.
    expect(page.context().pages()).toEqual([page]);
    expect(page.context().browser()?.contexts()).toHaveLength(1);
    expect(await signedInUsers(page)).toEqual([uid]);

    // On to the store from the same tab: the app opens signed in as her.
    await page.route('https://play.google.com/**', (route) => route.fulfill({ status: 200, body: 'Google Play' }));
    await tapWithPageClockStill(page.locator('[data-store="google-play"]'), async () => {
      await page.waitForURL((url) => url.hostname === 'play.google.com');
    });
    const { handoff } = arrivalFromPlayUrl(page.url());
    expect(handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const app = new SimulatedMobileApp('android');
    expect((await app.signInOnArrival(handoff ?? '')).uid).toBe(uid);
    await app.close();
  });

  it("in Chrome on Android in Hindi: the code with a hyphen; the mail's link afterwards welcomes her, friends once", async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage({ device: 'phone', language: 'hi', userAgent: CHROME_ANDROID });
    await signUpByEmail(page, inviter.userId, invitee, hi);
    const { uid } = await authUserByEmail(invitee.email);
    const mail = await verificationMail(invitee.email);

    const { field, button } = codeForm(page, hi);
    await visible(field);
    await screenshot(page, 'confirm-email-code', 'hi', 'phone');
    await field.fill('12');
    await button.click();
    await visible(page.getByText(hi.confirmEmail.codeShape, { exact: true }));
    await screenshot(page, 'confirm-email-code-refused', 'hi', 'phone');

    await field.fill('');
    await field.focus();
    await paste(page, `${mail.code.slice(0, 3)}-${mail.code.slice(3)}`);
    await button.click();
    await welcomedHere(page, inviter, uid, hi);
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });

    // The link of the same mail, opened later: already active, so the page says so at once (no
    // "One tap left", no form), welcomed, and joined once.
    const later = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await later.goto(mail.link);
    await takenOver(later);
    await visible(later.getByText(hi.welcome.activated));
    expect(await later.locator('#welcome-confirm').count()).toBe(0);
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
  });

  it('takes a code submitted before the app has taken the page over, once it has', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage({ device: 'phone', userAgent: INSTAGRAM_ANDROID });
    await signUpByEmail(page, inviter.userId, invitee);
    const { uid } = await authUserByEmail(invitee.email);
    const { code } = await verificationMail(invitee.email);

    // A reload (the browser's history keeps the page's state): the server's page, the app held back.
    const app = await holdTheApp(page);
    await page.reload();
    const { field, button } = codeForm(page, en);
    await field.fill(code);
    expect(await isTakenOver(page)).toBe(false);
    await button.click();
    await visible(page.getByRole('button', { name: en.confirmEmail.codeWorking, exact: true }));
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-submit-waiting'))).toBe(true);
    expect(pathOf(page)).toMatch(confirmEmailPath);

    app.release();
    await welcomedHere(page, inviter, uid, en);
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
    // The code was spent once: its record keeps no wrong try.
    expect((await adminDb.collection('_mailCodes').doc(uid).get()).get('wrongAt') ?? []).toEqual([]);
  });
});
