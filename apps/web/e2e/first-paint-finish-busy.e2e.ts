// The first HTML tells the truth (docs/arrival.md): on a slow phone the server's page is all a
// person has for seconds, so it must already be the page the app will show. Here, the
// mailed link that finishes a sign-up, on a slow phone: "Finish" shows it is working from the tap,
// while the page holds the submit before the app and once the app has it, until the welcome page.
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { textsOf } from './support/locales';
import { isTakenOver, reachPath, screenshot, seedInviter, uniqueEmail, useBrowser, visible } from './support/app';
import { finishLinkMailed } from './support/first-paint';
import { firstPaint, slowPhone } from './support/slow-phone';
import { holdTheApp } from './support/hold-app';

describe('The mailed link that finishes a sign-up, on a slow phone', () => {
  const browser = useBrowser();

  it('shows "Finish" working from the tap, before the app and after it, until the welcome page', async () => {
    const t = textsOf('ta');
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-finish-busy');
    const link = await finishLinkMailed(browser, inviter.userId, email, 'ta');
    const page = await browser.newPage({ slow: true, device: 'small-phone', userAgent: CHROME_ANDROID });
    await slowPhone(page);
    // Held until the held tap has been seen: a loaded machine can take as long over the typing as
    // Slow 3G takes to bring the app (first-paint-finish-link.e2e.ts met it).
    const app = await holdTheApp(page);
    await page.goto(link, { waitUntil: 'commit' });
    await firstPaint(page);
    await page.getByLabel(t.signUp.password, { exact: true }).fill('third-password-3');
    await page.getByLabel(t.signUp.confirmPassword, { exact: true }).fill('third-password-3');
    await page.getByRole('button', { name: t.signUp.finishSubmit, exact: true }).click();
    // Every look of the button from the tap on: working while held by the page, then the app's own.
    await page.evaluate(() => {
      const looks: string[] = [];
      (window as unknown as { finishLooks: string[] }).finishLooks = looks;
      const look = () => {
        // The page's "Loading…" between the form and the welcome page.
        if (document.querySelector('.loader')) looks.push('loading');
        const button = document.querySelector('form[data-held-submit] [type="submit"]');
        if (!button) return;
        const held = document.documentElement.hasAttribute('data-submit-waiting');
        looks.push(held || button.getAttribute('aria-busy') === 'true' ? 'working' : 'idle');
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
      look();
    });
    expect(await page.getByRole('button', { name: t.signUp.finishWorking, exact: true }).count()).toBe(1);
    expect(await isTakenOver(page)).toBe(false);
    await screenshot(page, 'finish-held', 'ta', 'small-phone');

    app.release();
    await reachPath(page, new RegExp(`^/welcome/[^/]+/${inviter.userId}`));
    const looks = await page.evaluate(() => (window as unknown as { finishLooks?: string[] }).finishLooks);
    // The app went on to the welcome page in the same document, which keeps the record.
    expect(looks).toContain('working');
    expect(looks?.filter((look) => look !== 'working')).toEqual([]);
    await visible(page.getByText(t.welcome.activated));
  });
});
