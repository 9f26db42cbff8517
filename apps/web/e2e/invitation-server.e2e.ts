// The server-rendered invitation: it works with JavaScript off, and with it on the app takes
// the page over invisibly (no console error, no layout shift, no second request for the
// inviter or the configuration, no loader).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../src/locales/en';
import { hi } from '../src/locales/hi';
import { pathOf, reachPath, seedInviter, takenOver, useBrowser, visible } from './support/app';

/** Records, from the first byte of every document, what the takeover must not do. */
async function watchTakeover(page: Page) {
  const consoleErrors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
  });
  page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  await page.addInitScript(() => {
    const seen = { shifts: 0, loaders: 0 };
    (window as unknown as { takeoverWatch: typeof seen }).takeoverWatch = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (document.querySelector('.loader, .skeleton')) seen.loaders += 1;
    }).observe(document, { subtree: true, childList: true });
  });
  return {
    consoleErrors,
    requests,
    watched: () =>
      page.evaluate(() => (window as unknown as { takeoverWatch: { shifts: number; loaders: number } }).takeoverWatch),
  };
}

describe('The server-rendered invitation', () => {
  const browser = useBrowser();

  it('with JavaScript off: shows the inviter, and "Sign up", the language links and "I already have an account" all work as links', async () => {
    const inviter = await seedInviter({ name: 'Meera Nair' });
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`/feedback/${inviter.userId}/en`);
    await visible(page.getByRole('heading', { name: en.invitation.title }));
    await visible(page.getByText(en.invitation.needsHelp.replace('{{name}}', 'Meera Nair')));
    expect(
      await page.getByRole('img', { name: en.invitation.pictureAlt.replace('{{name}}', 'Meera Nair') }).count(),
    ).toBe(1);

    await page.getByRole('navigation', { name: en.app.language }).getByRole('link', { name: 'हिन्दी' }).click();
    await reachPath(page, `/feedback/${inviter.userId}/hi`);
    await visible(page.getByRole('heading', { name: hi.invitation.title }));
    await visible(page.getByText(hi.invitation.needsHelp.replace('{{name}}', 'Meera Nair')));

    await page.getByRole('link', { name: hi.invitation.signUp, exact: true }).click();
    await reachPath(page, `/social-sign-up/${inviter.userId}`);

    await page.goto(`/feedback/${inviter.userId}/en`);
    await page.getByRole('link', { name: en.invitation.haveAccount }).click();
    // /app-link/{inviter} → /l/{code} → a desktop browser's target, the welcome page with the inviter.
    await reachPath(page, `/?userId=${inviter.userId}`);
  });

  it('with JavaScript off, an unknown inviter gets "Invalid URL" and no way on', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const response = await page.goto('/feedback/nobody-at-all/hi');
    expect(response?.status()).toBe(404);
    await visible(page.getByText(hi.invitation.invalidUrl, { exact: true }));
    expect(await page.getByRole('button', { name: hi.invitation.signUp, exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: hi.invitation.haveAccount }).count()).toBe(0);
  });

  for (const language of ['en', 'hi'] as const) {
    it(`in ${language === 'en' ? 'English' : 'Hindi'}: the app takes the page over with no console error, no layout shift, no loader and no request for the inviter or the configuration, and then navigates in place`, async () => {
      const t = language === 'en' ? en : hi;
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone' });
      const watch = await watchTakeover(page);
      await page.goto(`/feedback/${inviter.userId}/${language}`);
      await visible(page.getByText(t.invitation.needsHelp.replace('{{name}}', inviter.name)));
      await takenOver(page);
      // Let React finish (the page's chunk loads after hydration starts), then look.
      await page.waitForFunction(() => document.querySelector('h1') !== null && document.readyState === 'complete');
      await page.waitForTimeout(500);

      expect(watch.consoleErrors, 'console errors and warnings').toEqual([]);
      const watched = await watch.watched();
      expect(watched.shifts, 'cumulative layout shift').toBe(0);
      expect(watched.loaders, 'a loader or skeleton appeared').toBe(0);
      const paths = watch.requests.map((request) => request.split(' ')[1] ?? '');
      expect(paths.filter((path) => path.startsWith('/api/') || path === '/config.json')).toEqual([]);
      // The page once, and the view beacon of the inviter's funnel once.
      const invitation = `/feedback/${inviter.userId}/${language}`;
      expect(watch.requests.filter((request) => request.endsWith(` ${invitation}`))).toEqual([
        `GET ${invitation}`,
        `POST ${invitation}`,
      ]);

      // The app is in charge: "Sign up" moves without a new document.
      const marker = await page.evaluate(() => ((window as unknown as { stay: number }).stay = Math.random()));
      await page.getByRole('link', { name: t.invitation.signUp, exact: true }).click();
      await reachPath(page, `/social-sign-up/${inviter.userId}`);
      await visible(page.getByRole('heading', { name: t.socialSignUp.title }));
      expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(marker);
      expect(pathOf(page)).toBe(`/social-sign-up/${inviter.userId}`);
      expect(watch.consoleErrors).toEqual([]);
    });
  }
});
