// The language a person meets: a first visit follows the browser's preferred languages among
// those offered (in the server's HTML and in the app alike), a language chosen before wins over
// them, and the language switch says its choice in the address (`lg`).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID as ANDROID } from '@dayfocus/stack/user-agents';
import { en, hi } from './support/locales';
import { LANGUAGE_STORAGE_KEY } from '../src/lib/i18n';
import { pathOf, reachPath, seedInviter, takenOver, urls, useBrowser, visible, chooseLanguage } from './support/app';

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY);

describe('The language of a first visit', () => {
  const browser = useBrowser();

  it('a phone set to Hindi gets an invitation link without a language in Hindi, from its first byte', async () => {
    const inviter = await seedInviter();
    const response = await fetch(`${urls.hosting}/feedback/${inviter.userId}`, {
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7', 'user-agent': ANDROID },
    });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain(hi.invitation.title);
    expect(response.headers.get('content-language')).toBe('hi');
    expect(response.headers.get('vary') ?? '').toMatch(/Accept-Language/i);

    // The same phone in a browser: Hindi before and after the app takes the page over, and
    // nothing stored (the person chose nothing).
    const page = await browser.newPage({ device: 'phone', userAgent: ANDROID, locale: 'hi-IN' });
    await page.goto(`/feedback/${inviter.userId}`);
    await visible(page.getByRole('heading', { name: hi.invitation.title }));
    await takenOver(page);
    await visible(page.getByRole('link', { name: hi.invitation.signUp, exact: true }));
    expect(await lang(page)).toBe('hi');
    expect(await stored(page)).toBeNull();
  });

  it('an English browser gets the same link in English, and a language the link names wins over the browser', async () => {
    const inviter = await seedInviter();
    const english = await fetch(`${urls.hosting}/feedback/${inviter.userId}`, {
      headers: { 'accept-language': 'en-GB' },
    });
    expect(await english.text()).toContain(en.invitation.title);
    const named = await fetch(`${urls.hosting}/feedback/${inviter.userId}/en`, {
      headers: { 'accept-language': 'hi-IN' },
    });
    expect(await named.text()).toContain('<html lang="en"');
    expect(named.headers.get('vary') ?? '').not.toMatch(/Accept-Language/i);
  });

  it('a page the app draws itself (the front door) follows the browser too', async () => {
    const page = await browser.newPage({ device: 'phone', userAgent: ANDROID, locale: 'hi-IN' });
    await page.goto('/');
    await expect.poll(() => lang(page)).toBe('hi');
    await visible(page.getByRole('link', { name: hi.app.homeLink }));
    // The app for this phone: Google Play alone on Android.
    await visible(page.getByRole('heading', { name: hi.home.title }));
    expect(
      await page.locator('.store-badges [data-store]').evaluateAll((els) => els.map((e) => e.dataset.store)),
    ).toEqual(['google-play']);
  });

  it('a language chosen before wins over the browser', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: ANDROID, locale: 'hi-IN', language: 'en' });
    await page.goto(`/social-sign-up/${inviter.userId}`);
    await takenOver(page);
    await visible(page.getByRole('heading', { name: en.socialSignUp.title }));
    expect(await lang(page)).toBe('en');
  });
});

describe('The language switch', () => {
  const browser = useBrowser();

  it('says its choice in the address, keeping the rest of it', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: ANDROID });
    await page.goto(`/sign-up/${inviter.userId}?lg=en`);
    await takenOver(page);
    await chooseLanguage(page, 'हिन्दी');
    await visible(page.getByRole('heading', { name: hi.signUp.title }));
    await reachPath(page, `/sign-up/${inviter.userId}?lg=hi`);
    expect(await stored(page)).toBe('hi');

    // A reload keeps the choice the address now names.
    await page.reload();
    await visible(page.getByRole('heading', { name: hi.signUp.title }));
    await chooseLanguage(page, 'English');
    await visible(page.getByRole('heading', { name: en.signUp.title }));
    expect(pathOf(page)).toBe(`/sign-up/${inviter.userId}?lg=en`);
  });

  it.each([
    {
      page: 'the sign-up form',
      from: (id: string) => `/sign-up/${id}?lg=hi`,
      to: (id: string) => `/sign-up/${id}?lg=en`,
      heading: en.signUp.title,
    },
    {
      page: 'the invitation',
      from: (id: string) => `/feedback/${id}/hi`,
      to: (id: string) => `/feedback/${id}/en`,
      heading: en.invitation.title,
    },
  ])(
    'on $page, a choice made while the app still takes the page over applies once it has',
    async ({ from, to, heading }) => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', userAgent: ANDROID });
      await tapEnglishBeforeThePageIsHydrated(page);
      await page.goto(from(inviter.userId));
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.tap), { timeout: 5_000 })
        .toBe('before the page was hydrated');
      await visible(page.getByRole('heading', { name: heading }));
      await reachPath(page, to(inviter.userId));
      expect(await stored(page)).toBe('en');
      // A page React had to draw again (a hydration error) fails the test when it closes.
    },
  );

  it('on the confirmation page too, where the address carried the language of the form', async () => {
    const page = await browser.newPage({ device: 'phone', userAgent: ANDROID });
    await page.goto('/confirm-email?lg=hi');
    await takenOver(page);
    await chooseLanguage(page, 'English');
    await visible(page.getByRole('heading', { name: en.confirmEmail.title }));
    await reachPath(page, '/confirm-email?lg=en');
  });
});

/**
 * Taps English once the top bar is React's (the link has its props) and before the page under
 * it is (the page's Suspense boundary, app-routes.tsx, hydrates after the shell); says in
 * `<html data-tap>` whether the tap came in time. From the moment React takes the root (it
 * listens on it) it looks between every two tasks, through a message channel as React's
 * scheduler does: a timer's 4 ms could step over the gap.
 */
async function tapEnglishBeforeThePageIsHydrated(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const isReact = (node: Element | null, prefix: string) =>
      node !== null && Object.keys(node).some((key) => key.startsWith(prefix));
    const channel = new MessageChannel();
    // Held by the page: a channel nothing refers to may be collected with its messages.
    Object.assign(window, { tapChannel: channel });
    channel.port1.onmessage = () => {
      const link = document.querySelector<HTMLAnchorElement>('.top-bar .language-select a[hreflang="en"]');
      if (isReact(document.getElementById('page-title'), '__reactFiber')) {
        document.documentElement.dataset.tap = 'too late';
      } else if (isReact(link, '__reactProps')) {
        link?.click();
        document.documentElement.dataset.tap = 'before the page was hydrated';
      } else channel.port2.postMessage(null);
    };
    const listen = EventTarget.prototype.addEventListener;
    let watching = false;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<typeof listen>) {
      if (!watching && this instanceof Element && this.id === 'root') {
        watching = true;
        channel.port2.postMessage(null);
      }
      listen.apply(this, args);
    };
  });
}
