// The first HTML tells the truth (docs/arrival.md): on a slow phone the server's page is all a
// person has for seconds, so it must already be the page the app will show. Here, the
// mailed link that finishes a sign-up, on a slow phone: the finishing form from the first paint,
// which keeps what she types before the app and finishes the sign-up with the link's code in no
// request; and a link that lost its code, which says so. "Finish" at work is in
// first-paint-finish-busy.e2e.ts, the form keeping its places in first-paint-finish-still.e2e.ts.
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { textsOf } from './support/locales';
import {
  authUserByEmail,
  expectJoined,
  isTakenOver,
  pathOf,
  reachPath,
  screenshot,
  seedInviter,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';
import { finishLinkMailed } from './support/first-paint';
import { holdTheApp } from './support/hold-app';
import { firstPaint, slowPhone } from './support/slow-phone';

describe('The mailed link that finishes a sign-up, on a slow phone', () => {
  const browser = useBrowser();

  it('is the finishing form from the first paint, keeps what she types before the app, and finishes', async () => {
    const t = textsOf('hi');
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-finish-first');
    const link = await finishLinkMailed(browser, inviter.userId, email);
    const code = new URLSearchParams(new URL(link).hash.slice(1)).get('oobCode') ?? '';
    expect(code).not.toBe('');

    // The mail app's browser: nobody signed in, nothing stored.
    const page = await browser.newPage({ slow: true, device: 'phone', userAgent: CHROME_ANDROID });
    const carried: string[] = [];
    page.on('request', (request) => {
      const referer = request.headers().referer ?? '';
      if (request.url().includes(code) || referer.includes(code)) carried.push(request.url());
    });
    await slowPhone(page);
    // Held until she has typed: on Slow 3G the app takes seconds to come, but a loaded machine can
    // take as long over the screenshot and the typing, and the app then came first (a fresh run).
    const app = await holdTheApp(page);
    await page.goto(link, { waitUntil: 'commit' });
    await firstPaint(page);
    // At once, not once the app has come: the heading and no field of the sign-up form.
    expect(await page.getByRole('heading', { name: t.signUp.finishTitle }).count()).toBe(1);
    expect(await page.getByLabel(t.signUp.username, { exact: true }).count()).toBe(0);
    expect(await page.getByLabel(t.signUp.email, { exact: true }).count()).toBe(0);
    expect(await isTakenOver(page)).toBe(false);
    await screenshot(page, 'finish-first-paint', 'hi', 'phone');

    await page.getByLabel(t.signUp.password, { exact: true }).fill('third-password-3');
    await page.getByLabel(t.signUp.confirmPassword, { exact: true }).fill('third-password-3');
    expect(await isTakenOver(page)).toBe(false);
    // The app takes the page over with what she typed in it.
    app.release();
    await takenOver(page);
    await expect.poll(() => page.getByLabel(t.signUp.password, { exact: true }).inputValue()).toBe('third-password-3');
    expect(await page.getByLabel(t.signUp.confirmPassword, { exact: true }).inputValue()).toBe('third-password-3');
    await page.getByRole('button', { name: t.signUp.finishSubmit, exact: true }).click();

    await reachPath(page, new RegExp(`^/welcome/[^/]+/${inviter.userId}`));
    await visible(page.getByText(t.welcome.activated));
    const account = await authUserByEmail(email);
    await expectJoined(inviter, { uid: account.uid, name: 'Mira Nair', email });
    expect(account.emailVerified).toBe(true);
    expect(carried).toEqual([]);
  });

  it('says a link that lost its code no longer works, with the way back to the form', async () => {
    const t = textsOf('ta');
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    // The mark without its fragment: a link cut short, or one somebody made up.
    await page.goto(`/sign-up/${inviter.userId}?lg=ta&finish=1`);
    await takenOver(page);
    await visible(page.getByText(t.signUp.finishUnusable, { exact: true }));
    await screenshot(page, 'finish-link-without-code', 'ta', 'phone');
    await page.getByRole('link', { name: t.signUp.signUpAgain, exact: true }).click();
    await visible(page.getByLabel(t.signUp.email, { exact: true }));
    expect(pathOf(page)).toBe(`/sign-up/${inviter.userId}?lg=ta`);
  });
});
