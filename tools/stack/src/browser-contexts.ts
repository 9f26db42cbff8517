// Headless Chromium for the browser tests and the benchmarks, offline: the browser @dayfocus/stack provides (the npm
// registry's Chromium build unpacked into .toolchain/, or one on the machine), driven by playwright-core.
// Every context serves our gapi stand-in (gapi-iframes.js) for https://apis.google.com/js/api.js,
// so Firebase Auth's signInWithPopup works against the Auth emulator, and fails any other
// request that leaves the machine at once, so that nothing waits on the closed network.
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { browserLaunchOptions } from './browser.js';

const GAPI_SHIM_PATH = new URL('./gapi-iframes.js', import.meta.url);
let gapiShim: string | undefined;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(await browserLaunchOptions());
}

/** Requests to these hosts go through; everything else is aborted. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

function isGapiLoaderUrl(url: URL): boolean {
  return url.protocol === 'https:' && url.hostname === 'apis.google.com' && url.pathname === '/js/api.js';
}

/**
 * A context with the offline routes. Playwright runs the most recently registered matching route
 * first, and `route.fallback()` passes a request on to the earlier ones: the catch-all is
 * registered first so that the gapi route, and any route a test adds later, take precedence.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.route('**/*', (route) =>
    isLoopbackUrl(route.request().url()) ? route.fallback() : route.abort('internetdisconnected'),
  );
  gapiShim ??= readFileSync(GAPI_SHIM_PATH, 'utf8');
  const body = gapiShim;
  // Equivalent to the glob 'https://apis.google.com/js/api.js*' (the SDK adds ?onload=<callback>).
  await context.route(isGapiLoaderUrl, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      headers: { 'cache-control': 'no-store', 'access-control-allow-origin': '*' },
      body,
    }),
  );
  return context;
}
