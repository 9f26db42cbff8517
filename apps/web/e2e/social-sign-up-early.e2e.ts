// Sign-up with Google and Apple in the browser, before anything is ready: a tap before Auth or the
// app is ready, and links that carry ?start= (whole journeys: social-sign-up-journeys.e2e.ts).
// Through the Auth emulator's provider sign-in (signInWithRedirect, with the gapi stand-in of
// @dayfocus/stack/browser-contexts), then completeSocialSignUp on the server.
import { describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { completeProviderRedirect } from '@dayfocus/stack/provider-sign-in';
import { pathOf, reachPath, seedInviter, takenOver, uniqueEmail, useBrowser, visible } from './support/app';
import { openSocialSignUp, providerButton, welcomedAndJoined } from './support/social-sign-up';

describe('Sign-up with Google or Apple in the browser: early taps and links', () => {
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
});
