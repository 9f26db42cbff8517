// The e-mail sign-up form in a real browser against the local stack: its messages beside the fields
// and in the summary, its focus and rings, the keyboard alone (the journeys: email-sign-up.e2e.ts).
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { collections } from '@dayfocus/contracts/records';
import { en } from './support/locales';
import {
  authUserByEmail,
  pathOf,
  pressUntilFocused,
  reachPath,
  readDoc,
  seedInviter,
  useBrowser,
  visible,
  confirmEmailPath,
  fillSignUpForm,
  signUpButton,
} from './support/app';
import { newInvitee, formReady } from './support/email-sign-up';

describe('Email sign-up in the browser: the form', () => {
  const browser = useBrowser();

  for (const [device, userAgent] of [
    ['an Android phone', CHROME_ANDROID],
    ['an iPhone', SAFARI_IPHONE],
  ] as const) {
    it(`on ${device}: each message stands beside its field too, the summary's lines lead to the fields, and a message goes once its field is valid`, async () => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', userAgent });
      await page.goto(`/sign-up/${inviter.userId}`);
      await formReady(page);
      await fillSignUpForm(page, { name: '', email: 'mira@', password: 'short' }, { confirmPassword: 'shorter' });
      await signUpButton(page).click();

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

    await signUpButton(page).click();
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
    await expect.poll(() => signUpButton(page).isEnabled()).toBe(true);
    await signUpButton(page).click();

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
