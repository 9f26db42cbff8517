// The check-mail page reloaded on a slow phone (a dropped tab), as first-paint-check-mail*.e2e.ts
// open it: it shows where the mail went from the first paint, and nothing on it moves when the app
// takes over (docs/arrival.md).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { textsOf } from './locales';
import {
  confirmEmailPath,
  isTakenOver,
  reachPath,
  screenshot,
  seedInviter,
  sendSignUpForm,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
  type Language,
} from './app';
import { boxOf } from './first-paint';
import { holdTheApp } from './hold-app';
import { firstPaint, slowPhone } from './slow-phone';

/** Watches the page for its "Loading…" from now on: answers whether it ever showed. */
async function loadingShown(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const seen = { loading: false };
    (window as unknown as { loadingSeen: typeof seen }).loadingSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('.loader')) seen.loading = true;
    }).observe(document, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { loadingSeen: { loading: boolean } }).loadingSeen.loading);
}

/**
 * The check-mail page reloaded on a slow phone, in `language`: one file a language
 * (first-paint-check-mail*.e2e.ts), since each takes about half a minute of Slow 3G.
 */
export function describeCheckMailReloaded(language: Language): void {
  describe('The check-mail page reloaded on a slow phone (a dropped tab)', () => {
    const browser = useBrowser();

    it(`shows where the mail went from the first paint, and nothing moves when the app takes over (${language})`, async () => {
      const t = textsOf(language);
      const inviter = await seedInviter();
      const email = uniqueEmail('e2e-reloaded');
      const page = await browser.newPage({ slow: true, device: 'small-phone', userAgent: CHROME_ANDROID });
      await page.goto(`/sign-up/${inviter.userId}?lg=${language}`);
      await takenOver(page);
      const loading = await loadingShown(page);
      await sendSignUpForm(page, { name: 'Mira Nair', email, password: 'correct-horse-1' }, t);
      await reachPath(page, confirmEmailPath);
      // From the form to the check-mail page with no "Loading…" between: its module came ahead.
      expect(await loading()).toBe(false);
      await visible(page.getByRole('button', { name: t.confirmEmail.resend, exact: true }));

      await slowPhone(page);
      // The app held back until the server's page has been read: from its cache, the reloaded tab's
      // app could take the page over before the first paint's checks (it did, under load).
      const app = await holdTheApp(page);
      await page.reload({ waitUntil: 'commit' });
      await firstPaint(page);
      expect(await isTakenOver(page)).toBe(false);
      const lead = page.locator('.lead');
      expect(await lead.textContent()).toContain(email);
      // In the server's page for a cold visit, hidden before the first paint for the tab that signed up.
      expect(await page.getByText(t.confirmEmail.noSession).isVisible()).toBe(false);
      const field = page.getByLabel(t.confirmEmail.codeLabel, { exact: true });
      const confirm = page.getByRole('button', { name: t.confirmEmail.codeSubmit, exact: true });
      const before = { field: await boxOf(field), confirm: await boxOf(confirm) };

      app.release();
      await takenOver(page);
      await visible(page.getByRole('button', { name: t.confirmEmail.resend, exact: true }));
      expect({ field: await boxOf(field), confirm: await boxOf(confirm) }).toEqual(before);
      expect(await lead.textContent()).toContain(email);
      await screenshot(page, 'confirm-email-reloaded', language, 'small-phone');
    });
  });
}
