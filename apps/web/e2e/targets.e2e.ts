// Every target a finger aims at is at least 24 by 24 CSS pixels (WCAG 2.2, 2.5.8), in the scripts
// whose words are shortest (Hindi's "शर्तें" in the footer was 17.5 px wide), on a phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { seedInviter, useBrowser } from './support/app';

/** The links and buttons of the page smaller than 24 px either way, but those inside a sentence (exempt). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button')]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
      .filter((element) => {
        const inSentence = element.closest('p') !== null && getComputedStyle(element).display === 'inline';
        const { width, height } = element.getBoundingClientRect();
        return !inSentence && (width < 24 || height < 24);
      })
      .map((element) => {
        const { width, height } = element.getBoundingClientRect();
        return `${element.tagName.toLowerCase()} "${element.textContent?.trim() ?? ''}" ${width.toFixed(1)}x${height.toFixed(1)}`;
      }),
  );
}

describe('targets a finger can hit', () => {
  const browser = useBrowser();

  for (const language of ['hi', 'ta']) {
    it(`are 24 px at least on every page of the sign-up, in ${language}`, async () => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
      const found: string[] = [];
      for (const path of [
        `/feedback/${inviter.userId}/${language}`,
        `/social-sign-up/${inviter.userId}?lg=${language}`,
        `/sign-up/${inviter.userId}?lg=${language}`,
      ]) {
        await page.goto(path);
        await page.locator('.site-footer a').first().waitFor();
        found.push(...(await smallTargets(page)).map((target) => `${path}: ${target}`));
      }
      expect(found).toEqual([]);
    });
  }
});
