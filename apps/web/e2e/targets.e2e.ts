// Every target a finger aims at is at least 24 by 24 CSS pixels (WCAG 2.2, 2.5.8), in the scripts
// whose words are shortest (Hindi's "शर्तें" in the footer was 17.5 px wide), on a phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import {
  confirmEmailPath,
  reachPath,
  screenshot,
  seedInviter,
  sendSignUpForm,
  takenOver,
  uniqueEmail,
  useBrowser,
} from './support/app';
import { textsOf } from './support/locales';

/**
 * The links and buttons of the page smaller than 24 px either way, but those inside a sentence
 * (exempt): inline in a paragraph that says more than the link does. A link alone in its paragraph
 * (the check-mail page's "Wrong address? Change it") stands alone, and is held to 24 px.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button')]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
      .filter((element) => {
        const paragraph = element.closest('p');
        const inSentence =
          paragraph !== null &&
          getComputedStyle(element).display === 'inline' &&
          (paragraph.textContent?.trim() ?? '') !== (element.textContent?.trim() ?? '');
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

  for (const language of ['hi', 'ta'] as const) {
    it(`are 24 px at least where the e-mail sign-up's links stand alone: its errors, the check-mail page, in ${language}`, async () => {
      const t = textsOf(language);
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', language, userAgent: CHROME_ANDROID });
      await page.goto(`/sign-up/${inviter.userId}?lg=${language}`);
      await takenOver(page);
      // Sent empty: the error summary, each line a link to its field.
      await page.getByRole('button', { name: t.signUp.submit, exact: true }).click();
      await page.getByRole('alert').locator('a').first().waitFor();
      const found = (await smallTargets(page)).map((target) => `the form's errors: ${target}`);
      await screenshot(page, 'sign-up-errors-targets', language, 'phone');

      const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-targets'), password: 'correct-horse' };
      await sendSignUpForm(page, invitee, t);
      await reachPath(page, confirmEmailPath);
      await page.getByRole('link', { name: t.confirmEmail.wrongAddress, exact: true }).waitFor();
      found.push(...(await smallTargets(page)).map((target) => `the check-mail page: ${target}`));
      await screenshot(page, 'check-mail-targets', language, 'phone');
      expect(found).toEqual([]);
    });
  }
});
