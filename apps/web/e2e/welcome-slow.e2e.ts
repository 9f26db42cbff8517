// The welcome page on a slow iPhone (Slow 3G, a CPU four times slower): the confirmed page the
// mail's link leads to shows "Copy invite and get the app" seconds before the app takes the page
// over. The button acts from the moment it shows: the text it copies is in the page (the invite,
// with the sign-in code the confirmation minted), and the page's inline script copies it within
// the tap and opens the App Store (docs/arrival.md, "The iPhone's copy before the app").
import { arrivalFromCopy, SimulatedMobileApp, verificationMail } from '@dayfocus/stack/testing';
import { SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import { en, textsOf } from './support/locales';
import { firstPaint, slowPhone } from './support/slow-phone';
import { holdTheApp } from './support/hold-app';
import {
  authUserByEmail,
  isTakenOver,
  screenshot,
  seedInviter,
  signUpByEmail,
  tapConfirm,
  uniqueEmail,
  urls,
  useBrowser,
  visible,
} from './support/app';

/** How long the App Store may take to open after the tap: the copy is a moment's work. */
const STORE_OPENS_MS = 30_000;

describe('The welcome page on a slow iPhone', () => {
  const browser = useBrowser();

  it('"Copy invite and get the app" tapped as soon as it shows copies the invite with her sign-in code and opens the App Store', async () => {
    const inviter = await seedInviter();
    const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-copy-slow'), password: 'correct-horse' };
    await signUpByEmail(await browser.newPage({ device: 'phone' }), inviter.userId, invitee, en);
    const { uid } = await authUserByEmail(invitee.email);
    const { link } = await verificationMail(invitee.email);

    // The mail app's Safari: another context, no session of hers.
    const page = await browser.newPage({ slow: true, device: 'phone', userAgent: SAFARI_IPHONE });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The App Store is outside the offline test machine: a page of its own answers for it.
    await page.route('https://apps.apple.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>App Store</p>' }),
    );
    await slowPhone(page);
    // The app held back: on a busy machine it could take the page over before this test reads it,
    // and the tap must meet the server's page, as it does in the seconds a slow phone gives it.
    await holdTheApp(page);
    await page.goto(link);
    await tapConfirm(page); // the form posts: the confirmed page comes from the server

    const copy = page.getByRole('button', { name: en.welcome.copyInvite });
    await visible(copy);
    await firstPaint(page);
    // The moment that matters: the page shows the button, and the app has not taken it over yet.
    expect(await isTakenOver(page)).toBe(false);
    await copy.click();
    await page.waitForURL((url) => url.hostname === 'apps.apple.com', { timeout: STORE_OPENS_MS });

    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${urls.hosting}/l/[A-Za-z0-9_-]{8,32}#signin=[A-Za-z0-9_-]{43}$`));
    // The app on its first start: the invite, and the code that signs her in.
    const arrival = arrivalFromCopy(copied);
    const app = new SimulatedMobileApp('ios');
    expect((await app.signInOnArrival(arrival.handoff ?? '')).uid).toBe(uid);
    await app.close();
  }, 300_000);

  for (const language of ['hi', 'ta'] as const) {
    it(`screenshot: the confirmed page as the tap finds it, in ${language}`, async () => {
      const inviter = await seedInviter();
      const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-copy-shot'), password: 'correct-horse' };
      await signUpByEmail(await browser.newPage({ device: 'phone' }), inviter.userId, invitee, en);
      const link = new URL((await verificationMail(invitee.email)).link);
      link.searchParams.set('lg', language);
      const page = await browser.newPage({ device: 'phone', userAgent: SAFARI_IPHONE, javaScriptEnabled: false });
      await page.goto(link.href);
      await tapConfirm(page);
      await visible(page.getByRole('button', { name: textsOf(language).welcome.copyInvite }));
      await screenshot(page, 'welcome-copy-before-app', language, 'phone');
    });
  }
});
