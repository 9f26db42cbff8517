// Sign-up with Google and Apple through the Auth emulator's provider popup (signInWithPopup,
// with the gapi stand-in of support/browser.ts), then completeSocialSignUp on the server.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../src/locales/en';
import {
  authUserByEmail,
  eventually,
  expectJoined,
  signedInUsers,
  pathOf,
  reachPath,
  seedInviter,
  uniqueEmail,
  useBrowser,
  visible,
  type SeededInviter,
} from './support/app';
import { completeProviderPopup } from './support/auth-emulator';

function providerButton(page: Page, provider: 'google' | 'apple') {
  return page.getByRole('button', { name: provider === 'google' ? en.socialSignUp.google : en.socialSignUp.apple });
}

/** The social sign-up page of this inviter, loaded and ready (the inviter found, the buttons enabled). */
async function openSocialSignUp(page: Page, inviter: SeededInviter): Promise<void> {
  await page.goto(`/social-sign-up/${inviter.userId}`);
  await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
  await expect.poll(() => providerButton(page, 'google').isEnabled()).toBe(true);
}

describe('Sign-up with Google or Apple in the browser', () => {
  const browser = useBrowser();

  for (const provider of ['google', 'apple'] as const) {
    const label = provider === 'google' ? 'Google' : 'Apple';
    it(`an invitee signs up with ${label} in the emulator popup, lands on /welcome and joins the inviter`, async () => {
      const inviter = await seedInviter();
      const invitee = { email: uniqueEmail(`e2e-${provider}`), name: `${label} Friend` };
      const page = await browser.newPage();
      await openSocialSignUp(page, inviter);

      const popup = page.waitForEvent('popup');
      await providerButton(page, provider).click();
      await completeProviderPopup(await popup, { email: invitee.email, displayName: invitee.name });

      await reachPath(page, '/welcome');
      await visible(page.getByRole('heading', { name: 'Welcome' }));
      await visible(page.getByText(en.welcome.download));
      const account = await authUserByEmail(invitee.email);
      expect(account.providerData.map((p) => p.providerId)).toContain(`${provider}.com`);
      await expectJoined(
        inviter,
        { uid: account.uid, name: invitee.name, email: invitee.email },
        { language: 'en', country: 'asia' },
      );
      // As after an email sign-up, the browser keeps no session of the new account.
      await eventually(
        () => signedInUsers(page),
        (users) => users.length === 0,
        {
          what: `the sign-out after the ${label} sign-up`,
        },
      );
    });
  }

  it('closing the provider popup keeps the visitor on /social-sign-up with every button enabled again', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage();
    await openSocialSignUp(page, inviter);

    const popupOpened = page.waitForEvent('popup');
    await providerButton(page, 'google').click();
    const popup = await popupOpened;
    await popup.waitForLoadState('domcontentloaded');
    await expect.poll(() => providerButton(page, 'apple').isDisabled()).toBe(true); // busy while the popup is open
    await popup.close();

    // The SDK notices the closed window after a few seconds and rejects with popup-closed-by-user.
    await expect.poll(() => providerButton(page, 'google').isEnabled(), { timeout: 30_000, interval: 250 }).toBe(true);
    expect(await providerButton(page, 'apple').isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: en.socialSignUp.email }).isEnabled()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0); // cancelling is not an error
    expect(pathOf(page)).toBe(`/social-sign-up/${inviter.userId}`);
  });
});
