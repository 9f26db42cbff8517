/**
 * A cheap Android phone on a slow network, for a journey driven by hand (email-journey.ts): the
 * browser of the browser tests, a phone's screen and Chrome's user agent, and Chrome DevTools' own
 * throttling set on each page over the DevTools protocol, as DevTools does it: Slow 3G and 6x CPU
 * (DevTools' "low-end mobile"; the slow-3g profile of web-profiles.ts, which Lighthouse sets the
 * same way).
 *
 * Offline as the browser tests' browser is (launchBrowser): every host name but the loopback's
 * fails at once in Chromium's own resolver, and apis.google.com is our gapi stand-in. Not
 * Playwright's request routes: routing turns the HTTP cache off, and a person's browser keeps the
 * app's files from one page to the next.
 */
import { launchBrowser } from '@dayfocus/stack/browser-contexts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHEAP_ANDROID, SLOW_3G, throttleToSlow3g, type PhoneNetwork } from '@dayfocus/stack/slow-3g';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { urls } from '@dayfocus/stack';
import { startHostingFront } from './hosting-front.js';

/**
 * The phone's network: DevTools' Slow 3G, as the browser tests' slow profile sets it too, or with
 * `PHONE_NETWORK=cheap-android` the tryout's cheap Android phone (400 ms a request, 50 KB/s).
 */
export const PHONE_NETWORK: PhoneNetwork = process.env.PHONE_NETWORK === 'cheap-android' ? CHEAP_ANDROID : SLOW_3G;

/** DevTools' "low-end mobile" CPU: 6x slower than this machine. */
export const CPU_SLOWDOWN = 6;

/**
 * An Android phone's Chrome: the browser tests' phone screen (412 x 915 CSS pixels) at the pixel
 * ratio of the phone Lighthouse emulates (1.75, a moto g power 2022).
 */
export const ANDROID_PHONE = {
  userAgent: CHROME_ANDROID,
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
} as const;

/**
 * Runs `measure` with the phone browser and closes it; a failure is printed and ends the process
 * (exit 1), so that a benchmark never reports figures of a run that broke.
 */
export async function withPhoneBrowser<T>(measure: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchBrowser();
  try {
    return await measure(browser);
  } catch (error) {
    console.error(error);
    await browser.close();
    process.exit(1);
  } finally {
    await browser.close();
  }
}

/** Where a phone's browser opens the site. */
export interface PhoneSite {
  /** For the report. */
  name: string;
  /** The origin the browser opens. */
  origin: string;
  /** A link the site made (on the emulator's origin), as the browser opens it. */
  toSite(url: string): string;
}

/**
 * Runs `measure` with the phone browser and the site as Hosting serves it: HTTP/2 and compressed,
 * through a front on the Hosting emulator (hosting-front.ts). `PHONE_HOSTING=emulator` opens the
 * emulator itself (HTTP/1.1, uncompressed).
 */
export async function withPhoneSite<T>(measure: (browser: Browser, site: PhoneSite) => Promise<T>): Promise<T> {
  const front = process.env.PHONE_HOSTING === 'emulator' ? null : await startHostingFront();
  const site: PhoneSite = front
    ? { name: 'HTTP/2 and compressed, as Hosting serves it', origin: front.origin, toSite: front.toFront }
    : { name: "the Hosting emulator's HTTP/1.1, uncompressed", origin: urls.hosting, toSite: (url) => url };
  try {
    return await withPhoneBrowser((browser) => measure(browser, site));
  } finally {
    await front?.close();
  }
}

/** A fresh browser context (no cache, no storage): a phone's browser on its first visit. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  // The site's HTTPS front has a certificate made for the run (hosting-front.ts).
  return browser.newContext({ ...ANDROID_PHONE, ignoreHTTPSErrors: true });
}

/**
 * A page of the context, throttled (Slow 3G and 6x CPU) when `throttled`. The protocol session
 * stays open with the page: closing it would lift the throttling.
 */
export async function phonePage(context: BrowserContext, throttled: boolean): Promise<Page> {
  const page = await context.newPage();
  if (throttled) await throttlePage(page);
  return page;
}

/** The phone's network and 6x CPU on `page` from now on (its protocol session stays open with it). */
export async function throttlePage(page: Page): Promise<void> {
  await throttleToSlow3g(page, CPU_SLOWDOWN, PHONE_NETWORK);
}
