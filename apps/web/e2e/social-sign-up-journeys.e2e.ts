// Sign-up with Google and Apple in the browser: whole journeys through the emulator's popup, an
// iPhone's copy for the app, a closed popup (the popup's own behaviour: social-sign-up-popup.e2e.ts;
// taps before anything is ready and links with ?start=: social-sign-up-early.e2e.ts).
// Through the Auth emulator's provider popup (signInWithPopup, with the gapi stand-in of
// @dayfocus/stack/browser-contexts), then completeSocialSignUp on the server.
import { describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';
import { SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { completeProviderPopup } from '@dayfocus/stack/provider-sign-in';
import {
  authUserByEmail,
  expectJoined,
  signedInUsers,
  pathOf,
  reachWelcome,
  seedInviter,
  uniqueEmail,
  useBrowser,
  visible,
  tapWithPageClockStill,
} from './support/app';
import { en } from './support/locales';
import { openSocialSignUp, providerButton } from './support/social-sign-up';

describe('Sign-up with Google or Apple in the browser: whole journeys', () => {
  const browser = useBrowser();

  for (const provider of ['google', 'apple'] as const) {
    const label = provider === 'google' ? 'Google' : 'Apple';
    it(`an invitee signs up with ${label} in the emulator popup, is greeted as the inviter's friend and joins`, async () => {
      const inviter = await seedInviter();
      const invitee = { email: uniqueEmail(`e2e-${provider}`), name: `${label} Friend` };
      const page = await browser.newPage();
      await openSocialSignUp(page, inviter);

      const popup = page.waitForEvent('popup');
      await providerButton(page, provider).click();
      await completeProviderPopup(await popup, { email: invitee.email, displayName: invitee.name });

      // The welcome page of this account and inviter, with the news first, as after an e-mail link.
      const welcomed = await reachWelcome(page, inviter.userId);
      await visible(page.getByRole('heading', { name: 'Welcome' }));
      await visible(page.getByText(en.welcome.friends.replace('{{name}}', inviter.name)));
      await visible(page.getByText(en.welcome.download));
      const account = await authUserByEmail(invitee.email);
      expect(welcomed).toBe(account.uid);
      expect(account.providerData.map((p) => p.providerId)).toContain(`${provider}.com`);
      await expectJoined(
        inviter,
        { uid: account.uid, name: invitee.name, email: invitee.email },
        { language: 'en', country: 'asia' },
      );
      // As after an email sign-up, the session stays in this tab only, for the welcome page's
      // "Get the app" to hand to the app (email-leg-store.e2e.ts follows it there).
      expect(await signedInUsers(page)).toEqual([account.uid]);
    });
  }

  // docs/signed-in-on-arrival.md, section 6, "The iPhone's copy": the app's Apple sheet signs an Apple account
  // in with one tap, so its copy carries the invite alone; a Google account's carries a handoff.
  for (const [provider, handoff] of [
    ['apple', false],
    ['google', true],
  ] as const) {
    it(`on an iPhone, a ${provider} sign-up's copy ${handoff ? 'carries a handoff' : 'carries the invite alone'}`, async () => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', userAgent: SAFARI_IPHONE });
      const mints: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/createSignInHandoff')) mints.push(request.url());
      });
      await openSocialSignUp(page, inviter);
      const popup = page.waitForEvent('popup');
      await providerButton(page, provider).click();
      await completeProviderPopup(await popup, { email: uniqueEmail(`e2e-ios-${provider}`), displayName: 'Mira' });
      await reachWelcome(page, inviter.userId);
      await visible(page.getByText(`You and ${inviter.name} are now friends`, { exact: true }));
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.hosting });
      await page.route('https://apps.apple.com/**', (route) => route.fulfill({ status: 200, body: 'App Store' }));
      await tapWithPageClockStill(page.getByRole('button', { name: en.welcome.copyInvite }), async () => {
        await page.waitForURL((url) => url.hostname === 'apps.apple.com');
      });
      await page.goBack();
      const copy = await page.evaluate(() => navigator.clipboard.readText());
      const invite = `^${urls.hosting}/l/[A-Za-z0-9_-]{8,32}`;
      expect(copy).toMatch(new RegExp(handoff ? `${invite}#signin=[A-Za-z0-9_-]{43}$` : `${invite}$`));
      expect(mints.length).toBe(handoff ? 1 : 0);
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
    expect(await page.getByRole('link', { name: en.socialSignUp.email }).count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0); // cancelling is not an error
    // But the page says what happened and what else there is, where nothing moves for it.
    await visible(
      page.getByRole('status').getByText(en.socialSignUp.cancelled.replace('{{provider}}', 'Google'), { exact: true }),
    );
    expect(pathOf(page)).toBe(`/social-sign-up/${inviter.userId}`);
  });
});
