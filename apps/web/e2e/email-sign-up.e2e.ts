// Email sign-up in a real browser against the local stack: the invitation, the form, the
// confirmation page, the verification e-mail's link (or its code) and the activation it triggers.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { collections } from '@dayfocus/contracts/records';
import { importVerifiedInvitees } from '@dayfocus/stack/testing';
import { en } from './support/locales';
import {
  authUser,
  authUserByEmail,
  emailActionLink,
  expectJoined,
  pathOf,
  pressUntilFocused,
  reachPath,
  readDoc,
  seedInviter,
  uniqueEmail,
  useBrowser,
  verificationEmail,
  visible,
  confirmEmailPath,
  openMailLink,
} from './support/app';

const config = JSON.parse(readFileSync(new URL('../public/config.json', import.meta.url), 'utf8')) as {
  appStoreUrl: string;
  playStoreUrl: string;
};

interface Invitee {
  name: string;
  email: string;
  password: string;
}

function newInvitee(): Invitee {
  return { name: 'Mira Nair', email: uniqueEmail('e2e-email'), password: 'correct-horse' };
}

/** Fills the sign-up form by its labels. */
async function fillSignUpForm(page: Page, invitee: Invitee, confirmPassword = invitee.password): Promise<void> {
  await page.getByLabel(en.signUp.username, { exact: true }).fill(invitee.name);
  await page.getByLabel(en.signUp.email, { exact: true }).fill(invitee.email);
  await page.getByLabel(en.signUp.password, { exact: true }).fill(invitee.password);
  await page.getByLabel(en.signUp.confirmPassword, { exact: true }).fill(confirmPassword);
}

function submitButton(page: Page) {
  return page.getByRole('button', { name: en.signUp.submit, exact: true });
}

/** Once the app has taken the server's form over (a busy phone may take seconds): its submit is enabled. */
async function formReady(page: Page): Promise<void> {
  await expect.poll(() => submitButton(page).isEnabled()).toBe(true);
}

/** Straight to the form, filled and sent; resolves on /confirm-email. */
async function signUpWithEmail(page: Page, inviterId: string, invitee: Invitee): Promise<void> {
  await page.goto(`/sign-up/${inviterId}`);
  await fillSignUpForm(page, invitee);
  await submitButton(page).click();
  await reachPath(page, confirmEmailPath);
}

describe('Email sign-up in the browser', () => {
  const browser = useBrowser();

  it('an invitee opens the English invitation, signs up with email, follows the emulator verification link and joins the inviter', async () => {
    const inviter = await seedInviter({ picture: true });
    const invitee = newInvitee();
    const page = await browser.newPage();

    await page.goto(`/feedback/${inviter.userId}/en`);
    await visible(page.getByRole('heading', { name: en.invitation.title }));
    await visible(page.getByText(inviter.name, { exact: true }));
    const picture = page.getByRole('img', { name: `Profile picture of ${inviter.name}` });
    await visible(picture);
    expect(await picture.getAttribute('src')).toBe(inviter.picture);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    await page.getByRole('link', { name: en.invitation.signUp, exact: true }).click();
    await reachPath(page, `/social-sign-up/${inviter.userId}`);
    await page.getByRole('link', { name: en.socialSignUp.email }).click();
    await reachPath(page, `/sign-up/${inviter.userId}`);
    await fillSignUpForm(page, invitee);
    await submitButton(page).click();

    await reachPath(page, confirmEmailPath);
    await visible(page.getByRole('heading', { name: 'Confirm Your Email' }));
    const sentTo = page.getByText(`We have sent an email with a confirmation link to ${invitee.email}.`);
    await visible(sentTo);
    await page.reload();
    await visible(sentTo);

    const { oobLink } = await verificationEmail(invitee.email);
    await openMailLink(page, emailActionLink(oobLink)); // the e-mail's link, on the site's /auth/action
    await reachPath(page, new RegExp(`^/welcome/[^/]+/${inviter.userId}\\?lg=en`));
    const uid = decodeURIComponent(pathOf(page).split('/')[2] ?? '');
    expect(uid).toBe((await authUserByEmail(invitee.email)).uid);

    await visible(page.getByRole('heading', { name: 'Welcome' }));
    await visible(page.getByText(en.welcome.activated));
    await visible(page.getByText('Download the app to start on your tasks with friends'));
    expect(await page.getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).toBe(
      config.appStoreUrl,
    );
    // Google Play carries the invite (the inviter's short link's code) as the install referrer.
    const play = new URL((await page.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')) ?? '');
    expect(`${play.origin}${play.pathname}?id=${play.searchParams.get('id')}`).toBe(config.playStoreUrl);
    expect(play.searchParams.get('referrer')).toMatch(/^invite=[A-Za-z0-9_-]{8,32}$/);
    await visible(page.getByText(`You and ${inviter.name} are now friends`, { exact: true }));

    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
  });

  it('the welcome page applies the verification code the link carries before it activates the account', async () => {
    const inviter = await seedInviter({ picture: false });
    const invitee = newInvitee();
    const page = await browser.newPage();
    await signUpWithEmail(page, inviter.userId, invitee);

    const { oobCode } = await verificationEmail(invitee.email);
    const { uid } = await authUserByEmail(invitee.email);
    expect((await authUser(uid)).emailVerified).toBe(false);
    await openMailLink(
      page,
      `/welcome/${uid}/${inviter.userId}?mode=verifyEmail&oobCode=${encodeURIComponent(oobCode)}`,
    );

    await visible(page.getByText(en.welcome.activated));
    await visible(page.getByText(en.welcome.download));
    expect((await authUser(uid)).emailVerified).toBe(true);
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
  });

  it('a second sign-up with an address already registered shows "already registered" and lets the visitor try again', async () => {
    const inviter = await seedInviter();
    const first = newInvitee();
    await signUpWithEmail(await browser.newPage(), inviter.userId, first);

    const page = await browser.newPage(); // another browser: nobody signed in
    await page.goto(`/sign-up/${inviter.userId}`);
    await fillSignUpForm(page, { ...first, name: 'Someone Else', password: 'another-secret' });
    await submitButton(page).click();

    const alert = page.getByRole('alert');
    await visible(alert.getByText('This email is already registered.'));
    await expect.poll(() => submitButton(page).isEnabled()).toBe(true);
    expect(await submitButton(page).getAttribute('aria-busy')).toBe('false');
    expect(await page.locator('button[type=submit] .spinner').count()).toBe(0);
    expect(pathOf(page)).toBe(`/sign-up/${inviter.userId}`);
  });

  it('an address already registered also offers its owner the way on: the app, with this invitation (the short link)', async () => {
    const inviter = await seedInviter();
    // Someone with an active account (from an earlier invitation), who follows this one too.
    const [owner] = await importVerifiedInvitees([(await seedInviter()).userId]);
    if (!owner) throw new Error('no account imported');

    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await page.goto(`/sign-up/${inviter.userId}`);
    await formReady(page);
    await fillSignUpForm(page, { ...newInvitee(), email: owner.email });
    await submitButton(page).click();

    const alert = page.getByRole('alert');
    await visible(alert.getByText(en.signUp.emailInUse, { exact: true }));
    const wayOn = alert.getByRole('link', { name: en.signUp.openAppWithInvite });
    await visible(wayOn);
    expect(await wayOn.getAttribute('href')).toBe(`/app-link/${inviter.userId}`);
    const shortLink = page.waitForRequest((request) => /^\/l\/[A-Za-z0-9_-]+$/.test(new URL(request.url()).pathname));
    await wayOn.click();
    const request = await shortLink;
    expect(request.redirectedFrom()?.url()).toContain(`/app-link/${inviter.userId}`);
  });

  for (const [device, userAgent] of [
    ['an Android phone', CHROME_ANDROID],
    ['an iPhone', SAFARI_IPHONE],
  ] as const) {
    it(`on ${device}: each message stands beside its field too, the summary's lines lead to the fields, and a message goes once its field is valid`, async () => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', userAgent });
      await page.goto(`/sign-up/${inviter.userId}`);
      await formReady(page);
      await fillSignUpForm(page, { name: '', email: 'mira@', password: 'short' }, 'shorter');
      await submitButton(page).click();

      const summary = page.getByRole('alert');
      await visible(summary);
      expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
      const expected = [
        ['username', en.signUp.username, en.validation.usernameRequired, en.signUp.usernameHint],
        ['email', en.signUp.email, en.validation.emailInvalid, null],
        ['password', en.signUp.password, en.validation.passwordTooShort, en.signUp.passwordHint],
        ['confirmPassword', en.signUp.confirmPassword, en.validation.passwordsDiffer, null],
      ] as const;
      expect(await summary.getByRole('listitem').allTextContents()).toEqual(expected.map(([, , message]) => message));
      for (const [, label, message, hint] of expected) {
        const field = page.getByLabel(label, { exact: true });
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        // The field's description is its hint, if it has one, then its own message, shown beside it
        // (not the whole summary).
        const described = (await field.getAttribute('aria-describedby')) ?? '';
        const description = await page.evaluate(
          (ids) =>
            ids
              .split(' ')
              .map((id) => document.getElementById(id)?.textContent ?? `#${id}?`)
              .join(' '),
          described,
        );
        expect(description).toBe(hint ? `${hint} ${message}` : message);
        const beside = page.locator('.field').filter({ has: field }).getByText(message, { exact: true });
        await visible(beside);
      }

      // The summary's line leads to its field.
      await summary.getByRole('link', { name: en.validation.emailInvalid }).click();
      expect(
        await page.getByLabel(en.signUp.email, { exact: true }).evaluate((e) => e === document.activeElement),
      ).toBe(true);

      // Fixed, a field's message goes at once, beside it and from the summary; the others stay.
      await page.getByLabel(en.signUp.email, { exact: true }).fill('mira@example.com');
      await page.getByLabel(en.signUp.username, { exact: true }).fill('Mira');
      await expect
        .poll(() => summary.getByRole('listitem').allTextContents())
        .toEqual([en.validation.passwordTooShort, en.validation.passwordsDiffer]);
      expect(await page.getByLabel(en.signUp.email, { exact: true }).getAttribute('aria-invalid')).toBeNull();
      expect(await page.getByText(en.validation.emailInvalid).count()).toBe(0);
      // The confirmation's "must match" goes when the password is changed to match it.
      await page.getByLabel(en.signUp.password, { exact: true }).fill('shorter-but-long');
      await page.getByLabel(en.signUp.confirmPassword, { exact: true }).fill('shorter-but-long');
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      expect(pathOf(page)).toBe(`/sign-up/${inviter.userId}`);
    });
  }

  it("no submit puts a ring on the summary, which is no control; the keyboard's next Tab rings its first line", async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await page.goto(`/sign-up/${inviter.userId}`);
    await formReady(page);
    const ring = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return { role: element.getAttribute('role'), style: style.outlineStyle, colour: style.outlineColor };
      });

    await submitButton(page).click();
    await visible(page.getByRole('alert'));
    expect(await ring()).toMatchObject({ role: 'alert', style: 'none' });

    // By the keyboard: the summary takes the focus for a screen reader, with no second red frame.
    await page.reload();
    await formReady(page);
    await pressUntilFocused(page, en.signUp.submit, 'Tab', 30);
    await page.keyboard.press('Enter');
    await visible(page.getByRole('alert'));
    expect(await ring()).toMatchObject({ role: 'alert', style: 'none' });
    const brand = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--brand)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    await page.keyboard.press('Tab');
    expect(await ring()).toEqual({ role: null, style: 'solid', colour: brand });
  });

  it('submitting the empty form shows every "Please enter …" message in one alert, and focus moves to it', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage();
    await page.goto(`/sign-up/${inviter.userId}`);
    await expect.poll(() => submitButton(page).isEnabled()).toBe(true);
    await submitButton(page).click();

    const alert = page.getByRole('alert');
    await visible(alert);
    expect(await alert.count()).toBe(1);
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      en.validation.usernameRequired,
      en.validation.emailRequired,
      en.validation.passwordRequired,
      en.validation.confirmPasswordRequired,
    ]);
    expect(await alert.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByLabel(en.signUp.email, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe(`/sign-up/${inviter.userId}`);
  });

  it('a keyboard-only invitee goes from the invitation to /confirm-email with Tab, Shift+Tab, typing and Enter', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage();
    await page.goto(`/feedback/${inviter.userId}/en`);
    await visible(page.getByText(inviter.name, { exact: true }));

    await pressUntilFocused(page, en.invitation.signUp);
    await page.keyboard.press('Enter');
    await reachPath(page, `/social-sign-up/${inviter.userId}`);
    // Enabled, it is a link to the form (disabled, a button): it works before the app runs.
    await visible(page.getByRole('link', { name: en.socialSignUp.email }));
    await pressUntilFocused(page, en.socialSignUp.email);
    await page.keyboard.press('Enter');
    await reachPath(page, `/sign-up/${inviter.userId}`);
    await visible(page.getByLabel(en.signUp.username, { exact: true })); // the page has loaded
    // A server's copy of the form keeps its fields disabled until the app has taken it over.
    await expect.poll(() => page.getByLabel(en.signUp.username, { exact: true }).isEnabled()).toBe(true);

    await pressUntilFocused(page, en.signUp.username);
    await page.keyboard.type(invitee.name.slice(0, -1)); // a typo: the last letter is missing
    await page.keyboard.press('Tab');
    await page.keyboard.type(invitee.email);
    await pressUntilFocused(page, en.signUp.username, 'Shift+Tab'); // back to fix the name
    await page.keyboard.press('End');
    await page.keyboard.type(invitee.name.slice(-1));
    await pressUntilFocused(page, en.signUp.password);
    await page.keyboard.type(invitee.password);
    await pressUntilFocused(page, en.signUp.confirmPassword);
    await page.keyboard.type(invitee.password);
    await pressUntilFocused(page, en.signUp.submit);
    await page.keyboard.press('Enter');

    await reachPath(page, confirmEmailPath);
    await visible(page.getByText(`We have sent an email with a confirmation link to ${invitee.email}.`));
    const { uid } = await authUserByEmail(invitee.email);
    expect(await readDoc('Users', uid)).toMatchObject({ name: invitee.name, email: invitee.email });
    expect(await readDoc(collections.signUps, uid)).toMatchObject({ invitedBy: inviter.userId });
  });
});
