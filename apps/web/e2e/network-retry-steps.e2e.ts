// A flaky phone network (docs/arrival.md), the steps after the e-mail form: Google's sign-up step and
// the activation lose their request once (or get a timeout); the page says so in words a person
// understands, and "Try again" finishes. The e-mail form's own: network-retry.e2e.ts.
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { completeProviderPopup } from '@dayfocus/stack/provider-sign-in';
import { en } from './support/locales';
import {
  authUserByEmail,
  emailActionLink,
  expectJoined,
  reachPath,
  reachWelcome,
  seedInviter,
  uniqueEmail,
  useBrowser,
  verificationEmail,
  visible,
  confirmEmailPath,
  openMailLink,
  signUpButton,
} from './support/app';
import { failOnce, openFilledSignUpForm } from './support/network';

describe('The journey on a flaky network: the steps after the form', () => {
  const browser = useBrowser();

  it('Google sign-up: a lost server step keeps the sign-in, and "Try again" finishes without a new popup', async () => {
    const inviter = await seedInviter();
    const invitee = { email: uniqueEmail('e2e-net-google'), name: 'Net Google' };
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const failure = await failOnce(page, '/api/completeSocialSignUp');
    await page.goto(`/social-sign-up/${inviter.userId}`);
    const google = page.getByRole('button', { name: en.socialSignUp.google });
    await expect.poll(() => google.isEnabled()).toBe(true);
    await expect.poll(() => google.getAttribute('data-popup-ready')).toBe('true'); // the app and Auth are ready
    const popup = page.waitForEvent('popup');
    await google.click();
    await completeProviderPopup(await popup, { email: invitee.email, displayName: invitee.name });
    await failure.happened;

    const alert = page.getByRole('alert');
    await visible(alert.getByText(en.app.networkError));
    let popups = 0;
    page.on('popup', () => (popups += 1));
    await alert.getByRole('button', { name: en.app.retry }).click();
    const welcomed = await reachWelcome(page, inviter.userId);
    const account = await authUserByEmail(invitee.email);
    expect(welcomed).toBe(account.uid);
    await expectJoined(inviter, { uid: account.uid, name: invitee.name, email: invitee.email });
    expect(popups).toBe(0);
  });

  for (const [what, status] of [
    ['a lost request', undefined],
    ['a timed-out call (504)', 504],
  ] as const) {
    it(`activation: ${what} says to check the connection; "Try again" activates`, async () => {
      const inviter = await seedInviter();
      const email = uniqueEmail('e2e-net-activate');
      const signUpPage = await browser.newPage({ device: 'phone' });
      await openFilledSignUpForm(signUpPage, inviter, email);
      await signUpButton(signUpPage).click();
      await reachPath(signUpPage, confirmEmailPath);
      await signUpPage.close(); // only the welcome page below activates
      const { oobLink } = await verificationEmail(email);

      const { uid } = await authUserByEmail(email);
      const page = await browser.newPage({ device: 'phone' }); // the mail app's browser
      const failure = await failOnce(page, '/api/activateAccount', status);
      await openMailLink(page, emailActionLink(oobLink));
      await failure.happened;
      const alert = page.getByRole('alert');
      await visible(alert.getByText(en.app.networkError));
      await alert.getByRole('button', { name: en.app.retry }).click();
      await visible(page.getByText(en.welcome.activated));
      await expectJoined(inviter, { uid, name: 'Net Friend', email });
    });
  }
});
