// The e-mail sign-up on a slow phone's network (docs/web-app.md): one request stands between her
// tap on "Sign up" and the check-mail page, and the tab signs in behind that page. The flaky
// network's lost requests and their retries are in network-retry.e2e.ts.
import type { Page } from 'playwright-core';
import { LOCAL_APP_CHECK_TOKEN_PATH } from '@dayfocus/contracts/app-check';
import { urls } from '@dayfocus/stack/settings';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { en } from './support/locales';
import { slowPhone } from './support/slow-phone';
import {
  authUserByEmail,
  seedInviter,
  uniqueEmail,
  useBrowser,
  takenOver,
  visible,
  signedInUsers,
  signUpButton,
} from './support/app';
import { openFilledSignUpForm } from './support/network';

/**
 * The page's requests to Auth, App Check and the functions (not its files), as their path, or
 * Auth's `accounts:…`: `from()` gives those made after its call. `settled()` waits as a person
 * typing would: until no request of any kind has been on its way for a few seconds.
 */
function serviceRequests(page: Page) {
  const made: string[] = [];
  let open = 0;
  let lastEnded = Date.now();
  const name = (url: URL) =>
    url.pathname.startsWith('/api/') || url.pathname === LOCAL_APP_CHECK_TOKEN_PATH
      ? url.pathname
      : url.origin === urls.auth
        ? (url.pathname.split('/').at(-1) ?? url.pathname)
        : null;
  const ended = () => {
    open -= 1;
    lastEnded = Date.now();
  };
  page.on('request', (request) => {
    open += 1;
    const said = name(new URL(request.url()));
    if (said) made.push(said);
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    from: () => {
      const start = made.length;
      return () => made.slice(start);
    },
    settled: () =>
      expect.poll(() => open === 0 && Date.now() - lastEnded > QUIET_MS, { timeout: 90_000, interval: 250 }).toBe(true),
  };
}

/** How long a page has asked for nothing before she is taken to have typed for a while. */
const QUIET_MS = 4_000;

describe('The journey on a flaky network', () => {
  const browser = useBrowser();

  it('email sign-up on a slow phone: one request stands between her tap and the check-mail page, and the tab is signed in behind it', async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-one-trip');
    const page = await browser.newPage({ slow: true, device: 'small-phone', userAgent: CHROME_ANDROID });
    await slowPhone(page);
    const services = serviceRequests(page);
    // The tab's sign-in is held until the check-mail page shows: a page that waited for it would never show.
    let shown: () => void = () => undefined;
    const pageShown = new Promise<void>((resolve) => (shown = resolve));
    await page.route(
      (url) => url.href.includes('accounts:signInWithPassword'),
      async (route) => {
        await pageShown;
        await route.fallback();
      },
    );
    await openFilledSignUpForm(page, inviter, email);
    await takenOver(page);
    // She types for a while: what was asked for meanwhile has come (her App Check token among it).
    await services.settled();
    const sinceTap = services.from();
    const answered = page.waitForResponse((response) => response.url().includes('/api/signUpWithEmail'));
    await signUpButton(page).click();
    // Everything asked for from the tap until the sign-up's answer came: that one call alone.
    const before = await answered.then(sinceTap);
    await visible(page.getByRole('heading', { name: en.confirmEmail.title }));
    shown();
    expect(before).toEqual(['/api/signUpWithEmail']);
    const account = await authUserByEmail(email);
    await expect.poll(() => signedInUsers(page)).toEqual([account.uid]);
  });
});
