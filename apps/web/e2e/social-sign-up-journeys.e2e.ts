// Sign-up with Google and Apple in the browser: a tap before Auth or the app is ready, links that
// carry ?start=, whole journeys through the emulator's popup, an iPhone's copy for the app, a
// closed popup (the popup's own behaviour: social-sign-up-popup.e2e.ts).
// Through the Auth emulator's provider popup (signInWithPopup, with the gapi stand-in of
// @dayfocus/stack/browser-contexts), then completeSocialSignUp on the server.
import { describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';
import { CHROME_ANDROID, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { completeProviderPopup, completeProviderRedirect } from '@dayfocus/stack/provider-sign-in';
import {
  authUserByEmail,
  expectJoined,
  signedInUsers,
  pathOf,
  reachPath,
  reachWelcome,
  seedInviter,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
  tapWithPageClockStill,
} from './support/app';
import { en } from './support/locales';
import { openSocialSignUp, providerButton, welcomedAndJoined } from './support/social-sign-up';

describe('Sign-up with Google or Apple in the browser: early taps, links and whole journeys', () => {
  const browser = useBrowser();

  it("a tap before Auth is ready goes to the server's start at once, no popup, and the sign-up completes", async () => {
    const inviter = await seedInviter();
    const invitee = { email: uniqueEmail('e2e-early'), name: 'Early Tap' };
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    // Auth's helper script comes late (a slow network): the page is usable before Auth is ready.
    let helperLoads = 0;
    await page.context().route(
      (url) => url.hostname === 'apis.google.com',
      async (route) => {
        helperLoads += 1;
        if (helperLoads === 1) await new Promise((resolve) => setTimeout(resolve, 4_000));
        await route.fallback();
      },
    );
    let popups = 0;
    page.on('popup', () => (popups += 1));
    await openSocialSignUp(page, inviter, { popupReady: false });

    expect(await providerButton(page, 'apple').getAttribute('data-popup-ready')).toBeNull();
    const started = page.waitForRequest((request) => new URL(request.url()).pathname === '/auth/start');
    await providerButton(page, 'apple').click();
    // Nothing waits for Auth: the server's start answers with the provider's page.
    expect((await started).method()).toBe('POST');
    await completeProviderRedirect(page, { email: invitee.email, displayName: invitee.name }, urls.hosting);

    await welcomedAndJoined(page, inviter, invitee);
    expect(popups).toBe(0);
  });

  it("a tap before the app has taken the server's page over is kept, and goes by redirect", async () => {
    const inviter = await seedInviter();
    const invitee = { email: uniqueEmail('e2e-before-app'), name: 'Before App' };
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    // The app's scripts come late the first time (a slow network): the page shows without them.
    let held = true;
    await page.context().route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !/takeover/.test(url.pathname),
      async (route) => {
        if (held) await new Promise((resolve) => setTimeout(resolve, 3_000));
        await route.fallback();
      },
    );
    let popups = 0;
    page.on('popup', () => (popups += 1));
    const pages: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) pages.push(new URL(request.url()).search);
    });
    await page.goto(`/social-sign-up/${inviter.userId}`);
    await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
    // Tapped as soon as it shows: the server's button, which posts to the server's start.
    expect(await providerButton(page, 'apple').getAttribute('type')).toBe('submit');
    held = false;
    await providerButton(page, 'apple').click();
    await completeProviderRedirect(page, { email: invitee.email, displayName: invitee.name }, urls.hosting);

    await welcomedAndJoined(page, inviter, invitee);
    expect(popups).toBe(0);
    // The page was not loaded again for the tap (`?start=`, the way of a provider the server does not start).
    expect(pages.filter((search) => search.includes('start='))).toEqual([]);
  });

  it('a link shared with ?start= opens the page and starts no sign-in', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await page.goto(`/social-sign-up/${inviter.userId}?start=google.com`);
    await takenOver(page);
    await expect.poll(() => pathOf(page)).toBe(`/social-sign-up/${inviter.userId}`); // the query is dropped
    await expect.poll(() => providerButton(page, 'google').getAttribute('data-popup-ready')).toBe('true');
    expect(await providerButton(page, 'google').getAttribute('aria-busy')).toBe('false');
    expect(new URL(page.url()).origin).toBe(urls.hosting); // still here: no provider's page
  });

  it('a link with ?start= on another page of this site starts no sign-in either', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const pages: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        pages.push(new URL(request.url()).pathname);
    });
    // Any page of the origin that is not the method page's own form: here the site's not-found
    // page, with a link someone put there (as a page of Firebase's own handler could carry one).
    await page.goto('/no-such-page');
    await takenOver(page);
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'Continue';
      link.id = 'planted';
      document.body.append(link);
    }, `/social-sign-up/${inviter.userId}?lg=en&start=google.com`);
    await page.locator('#planted').click();
    await reachPath(page, `/social-sign-up/${inviter.userId}?lg=en`); // the app drops `start`
    expect(await page.evaluate(() => document.referrer)).toBe(`${urls.hosting}/no-such-page`);
    await takenOver(page);
    await expect.poll(() => providerButton(page, 'google').getAttribute('data-popup-ready')).toBe('true');
    // A redirect would have left by now (it starts as soon as Auth is ready); give it a moment more.
    await page.waitForTimeout(1_000);
    expect(await providerButton(page, 'google').getAttribute('aria-busy')).toBe('false');
    expect(pages.filter((path) => path.includes('/auth/'))).toEqual([]);
    expect(pathOf(page)).toBe(`/social-sign-up/${inviter.userId}?lg=en`);
  });

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
