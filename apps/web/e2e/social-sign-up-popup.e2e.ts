// Sign-up with Google and Apple in the browser: the popup opened within the tap, the providers'
// order, a failed sign-in said in place, a blocked popup turned into a redirect (the early taps
// and the links: social-sign-up-early.e2e.ts; whole journeys: social-sign-up-journeys.e2e.ts).
// Through the Auth emulator's provider popup (signInWithPopup, with the gapi stand-in of
// @dayfocus/stack/browser-contexts), then completeSocialSignUp on the server.
import { describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';
import { CHROME_ANDROID, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { completeProviderPopup, completeProviderRedirect } from '@dayfocus/stack/provider-sign-in';
import { signedInUsers, pathOf, seedInviter, settled, uniqueEmail, useBrowser, visible } from './support/app';
import { watchLayout } from './support/layout';
import { en } from './support/locales';
import {
  blockPopups,
  openSocialSignUp,
  providerButton,
  providerOrder,
  recordPopups,
  signInProblem,
  welcomedAndJoined,
} from './support/social-sign-up';

describe('Sign-up with Google or Apple in the browser: the popup, its order, its failures, a blocked one', () => {
  const browser = useBrowser();

  for (const [device, userAgent] of [
    ['desktop Chromium', undefined],
    ['Chrome on Android', CHROME_ANDROID],
  ] as const) {
    it(`opens the Google popup within the tap in ${device}, with nothing awaited before it`, async () => {
      const inviter = await seedInviter();
      const invitee = { email: uniqueEmail('e2e-tap'), name: 'Tap Friend' };
      const page = await browser.newPage(userAgent ? { device: 'phone', userAgent } : {});
      const popups = await recordPopups(page);
      // Taken over and ready to open the popup within a tap (openSocialSignUp), its fonts and
      // pictures drawn: not "network idle", which a busy run went 60 s without (docs/testing.md).
      await openSocialSignUp(page, inviter);
      await settled(page);

      const popup = page.waitForEvent('popup');
      await providerButton(page, 'google').click();
      await completeProviderPopup(await popup, { email: invitee.email, displayName: invitee.name });

      expect(await popups()).toEqual([{ withinTap: true, url: expect.stringContaining('/emulator/auth/handler') }]);
      await welcomedAndJoined(page, inviter, invitee);
    });
  }

  for (const [device, userAgent, first] of [
    ['Chrome on Android', CHROME_ANDROID, 'google.com'],
    ['Safari on iPhone', SAFARI_IPHONE, 'apple.com'],
    ['a desktop browser', undefined, 'google.com'],
  ] as const) {
    it(`offers ${first} first in ${device}, in the server's page and after the app took it over, with no hydration error`, async () => {
      const inviter = await seedInviter();
      const second = first === 'google.com' ? 'apple.com' : 'google.com';
      const serverPage = await browser.newPage({ device: 'phone', userAgent, javaScriptEnabled: false });
      await serverPage.goto(`/social-sign-up/${inviter.userId}`);
      expect(await providerOrder(serverPage)).toEqual([first, second]);

      const page = await browser.newPage({ device: 'phone', userAgent });
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await openSocialSignUp(page, inviter);
      expect(await providerOrder(page)).toEqual([first, second]);
      expect(consoleErrors).toEqual([]);
    });
  }

  for (const [what, answer, expected] of [
    ['an internal error of the provider', 'internal', en.socialSignUp.failed],
    ['a lost connection', 'network', en.socialSignUp.failedNetwork],
  ] as const) {
    it(`a Google sign-in that fails with ${what} says so in place on an Android phone, with the way on, and nothing moves`, async () => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
      const layout = await watchLayout(page);
      // The sign-in's last step, after the provider's window: Auth's own server refuses it.
      await page.route(
        (url) => url.href.includes('accounts:signInWithIdp'),
        (route) =>
          answer === 'network'
            ? route.abort('internetdisconnected')
            : route.fulfill({
                status: 500,
                contentType: 'application/json',
                body: JSON.stringify({ error: { code: 500, message: 'INTERNAL_ERROR', errors: [] } }),
              }),
      );
      await openSocialSignUp(page, inviter);
      await settled(page);
      const before = await layout.boxes();
      const shiftsBefore = await layout.shifts();

      const popup = page.waitForEvent('popup');
      await providerButton(page, 'google').click();
      await completeProviderPopup(await popup, { email: uniqueEmail('e2e-fail'), displayName: 'Fail Friend' });

      const problem = signInProblem(page);
      await visible(problem.getByText(expected.replace('{{provider}}', 'Google')));
      expect(await problem.getByText(en.app.genericError).count()).toBe(0);
      await expect.poll(() => providerButton(page, 'google').isEnabled()).toBe(true);
      expect(await layout.boxes()).toEqual(before);
      expect(await layout.shifts()).toBe(shiftsBefore);
      // Focus went to the message (a screen reader hears it), with no ring after a tap.
      const alert = page.getByRole('alert');
      expect(await alert.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await alert.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');
      expect(pathOf(page)).toBe(`/social-sign-up/${inviter.userId}`);
    });
  }

  for (const [device, userAgent] of [
    ['Chrome on Android', CHROME_ANDROID],
    ['Safari on iPhone', SAFARI_IPHONE],
  ] as const)
    it(`turns a blocked popup into a full-page redirect in ${device}, and the sign-up completes when the visitor comes back`, async () => {
      const inviter = await seedInviter();
      const invitee = { email: uniqueEmail('e2e-blocked'), name: 'Blocked Popup' };
      const page = await browser.newPage({ device: 'phone', userAgent });
      await blockPopups(page);
      await openSocialSignUp(page, inviter);
      page.on('popup', () => {
        throw new Error('a popup opened although window.open answers null');
      });

      await providerButton(page, 'google').click();
      await completeProviderRedirect(page, { email: invitee.email, displayName: invitee.name }, urls.hosting);

      const account = await welcomedAndJoined(page, inviter, invitee);
      await visible(page.getByRole('heading', { name: 'Welcome' }));
      expect(account.providerData.map((p) => p.providerId)).toContain('google.com');
      // The session stays in this tab, for the welcome page's "Get the app" to hand to the app.
      expect(await signedInUsers(page)).toEqual([account.uid]);
    });
});
