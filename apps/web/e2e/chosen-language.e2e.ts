// The language she chose is the one everything speaks (docs/languages.md): what she sends before
// the app has taken a slow page over goes in that language too, and the menu that chose it gets
// out of her way.
import { verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import { localeOf, textsOf } from './support/locales';
import {
  chooseLanguage,
  confirmEmailPath,
  fillSignUpForm,
  isTakenOver,
  reachPath,
  screenshot,
  seedInviter,
  signUpButton,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';
import { holdTheApp } from './support/hold-app';
import { firstPaint, slowPhone, SLOW_TEST_MS } from './support/slow-phone';

const ta = textsOf('ta');
const hi = textsOf('hi');

describe('The language she chose', () => {
  const browser = useBrowser();

  it(
    "is the verification mail's, for a sign-up sent before the app has taken a slow page over",
    async () => {
      const inviter = await seedInviter();
      const email = uniqueEmail('e2e-chosen-ta');
      const page = await browser.newPage({ slow: true, device: 'phone', userAgent: CHROME_ANDROID });
      await page.goto(`/feedback/${inviter.userId}`);
      await takenOver(page);
      await chooseLanguage(page, localeOf('ta').name);
      await visible(page.getByRole('link', { name: ta.invitation.signUp, exact: true }));

      // The sign-up page again from a link that names no language (the chat's, a reload): the
      // server knows only the browser's, English; the app then switches to Tamil.
      await slowPhone(page);
      // The app held back until the form is sent: in a slow hour of the machine the test's own four
      // fills outlasted the slow page's takeover (docs/testing.md).
      const app = await holdTheApp(page);
      await page.goto(`/sign-up/${inviter.userId}`, { waitUntil: 'commit' });
      await firstPaint(page);
      await fillSignUpForm(page, { name: 'Kavya Raman', email, password: 'correct-horse' });
      expect(await isTakenOver(page)).toBe(false);
      await signUpButton(page).click();
      app.release();

      await reachPath(page, confirmEmailPath);
      const mail = await verificationMail(email);
      expect(mail.html).toContain('<html lang="ta"');
      await visible(page.getByRole('heading', { name: ta.confirmEmail.title }));
    },
    SLOW_TEST_MS,
  );

  it('closes the language menu once a language is chosen, on the invitation and on the pages after it', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const menu = page.locator('.top-bar details.language-menu');
    const open = () => menu.evaluate((details: HTMLDetailsElement) => details.open);

    await page.goto(`/feedback/${inviter.userId}`);
    await takenOver(page);
    await chooseLanguage(page, localeOf('hi').name);
    await visible(page.getByRole('link', { name: hi.invitation.signUp, exact: true }));
    expect(await open()).toBe(false);
    await screenshot(page, 'language-chosen-invitation', 'hi', 'phone');

    await page.getByRole('link', { name: hi.invitation.signUp, exact: true }).click();
    await visible(page.getByRole('heading', { name: hi.socialSignUp.title }));
    await chooseLanguage(page, localeOf('ta').name);
    await visible(page.getByRole('heading', { name: ta.socialSignUp.title }));
    expect(await open()).toBe(false);
    await screenshot(page, 'language-chosen-method', 'ta', 'phone');
  });
});
