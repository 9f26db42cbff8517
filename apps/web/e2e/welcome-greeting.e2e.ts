// The welcome step that activates itself in the tab that signed up (the mail's link tapped in
// another browser, the check-mail page moving on): while activation runs, the greeting's place is
// exactly the news' height, so that nothing below moves when it comes and no empty band is left
// under it after (an 80 px hole on a phone before).
import { verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdActivation } from './support/hold-app';
import { textsOf, type Language } from './support/locales';
import {
  authUserByEmail,
  openMailLink,
  reachPath,
  screenshot,
  seedInviter,
  signUpByEmail,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';

/** The greeting's place less what it holds (its lines and the gap between them), in CSS pixels. */
function emptyBand(page: Page): Promise<number> {
  return page.locator('.greeting-news').evaluate((box) => {
    const lines = [...box.children].filter((child) => getComputedStyle(child).position !== 'absolute');
    const held = lines.reduce((sum, line) => sum + line.getBoundingClientRect().height, 0);
    const gap = parseFloat(getComputedStyle(box).rowGap) * Math.max(0, lines.length - 1);
    return box.getBoundingClientRect().height - held - gap;
  });
}

describe('The welcome step that activates itself', () => {
  const browser = useBrowser();

  for (const language of ['hi', 'ta'] as const satisfies Language[]) {
    it(`holds the news' own place while it activates, and leaves no empty band, in ${language}`, async () => {
      const t = textsOf(language);
      const inviter = await seedInviter();
      const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-greeting'), password: 'correct-horse' };
      const page = await browser.newPage({ device: 'phone', language, userAgent: CHROME_ANDROID });
      await signUpByEmail(page, inviter.userId, invitee, t);
      const { uid } = await authUserByEmail(invitee.email);
      const { release } = await holdActivation(page);

      // The mail's link, tapped in the mail app's browser: the tab that signed up moves on by itself.
      const mailApp = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
      await openMailLink(mailApp, (await verificationMail(invitee.email)).link);
      await reachPath(page, new RegExp(`^/welcome/${uid}/${inviter.userId}`));
      await visible(page.getByRole('status').getByText(t.welcome.activating));
      const store = page.locator('[data-store="google-play"]');
      const before = await store.boundingBox();
      await screenshot(page, 'welcome-greeting-activating', language, 'phone');

      release();
      await visible(page.getByText(t.welcome.friends.replace('{{name}}', inviter.name), { exact: true }));
      expect(await store.boundingBox(), 'the store button under her thumb').toEqual(before);
      expect(await emptyBand(page)).toBeLessThan(2);
      await screenshot(page, 'welcome-greeting-friends', language, 'phone');
    });
  }
});
