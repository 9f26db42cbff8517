// The e-mail form's small words and looks on a phone, as the tryout met them: the "wrong address"
// link in the browser's default blue, the address on the check-mail page broken at its hyphen, a
// focused field ringed twice in the brand's red (which reads as an error), and the Tamil typo
// suggestion in the familiar imperative.
import { randomUUID } from 'node:crypto';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seedInviter, signUpByEmail, takenOver, useBrowser, visible } from './support/app';
import { hi, textsOf } from './support/locales';

const ta = textsOf('ta');

/** The colours a browser gives a link of its own: blue, and purple once visited. */
const DEFAULT_LINK_COLOURS = ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'];

/** A custom property of the stylesheet as the browser computes a colour (`rgb(…)`). */
function colourOf(page: Page, property: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, property);
}

/** How many lines the first occurrence of `text` in `selector`'s element takes. */
function linesOf(page: Page, selector: string, text: string): Promise<number> {
  return page.evaluate(
    ([where, needle]) => {
      const root = document.querySelector(where);
      if (!root) throw new Error(`no ${where}`);
      const full = root.textContent ?? '';
      const start = full.indexOf(needle);
      if (start < 0) throw new Error(`"${needle}" is not in ${where}: ${full}`);
      // The text nodes the occurrence spans, as a range.
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let seen = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent?.length ?? 0;
        if (seen <= start && start < seen + length) range.setStart(node, start - seen);
        if (seen < start + needle.length && start + needle.length <= seen + length)
          range.setEnd(node, start + needle.length - seen);
        seen += length;
      }
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    },
    [selector, text] as const,
  );
}

describe('The e-mail form on a phone', () => {
  const browser = useBrowser();

  it('keeps the address on the check-mail page whole, and its "wrong address" link in the brand’s colour', async () => {
    const inviter = await seedInviter();
    // Long enough that, in Hindi at phone width, the line comes to its end inside the address.
    const email = `mira-nair-${randomUUID().slice(0, 8)}@example.com`;
    const page = await browser.newPage({ device: 'phone', language: 'hi', userAgent: CHROME_ANDROID });
    await signUpByEmail(page, inviter.userId, { name: 'Mira Nair', email, password: 'correct-horse' }, hi);
    await takenOver(page);
    await visible(page.locator('.lead').getByText(email));
    await screenshot(page, 'confirm-email-address', 'hi', 'phone');
    expect(await linesOf(page, '.lead', email)).toBe(1);

    const wrongAddress = page.getByRole('link', { name: hi.confirmEmail.wrongAddress });
    const colour = await wrongAddress.evaluate((link) => getComputedStyle(link).color);
    expect(DEFAULT_LINK_COLOURS).not.toContain(colour);
    expect(colour).toBe(await colourOf(page, '--brand-dark'));
  });

  it('rings a focused field once, in ink, not in the error’s red; and Tamil suggests politely', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', language: 'ta', userAgent: CHROME_ANDROID });
    await page.goto(`/sign-up/${inviter.userId}?lg=ta`);
    await takenOver(page);
    const email = page.getByLabel(ta.signUp.email, { exact: true });
    await email.focus();
    const ring = await email.evaluate((input) => {
      const style = getComputedStyle(input);
      return { outline: style.outlineColor, offset: style.outlineOffset, border: style.borderTopColor };
    });
    await screenshot(page, 'sign-up-focused-field', 'ta', 'phone');
    expect(ring.outline).not.toBe(await colourOf(page, '--brand'));
    expect(ring.outline).not.toBe(await colourOf(page, '--error'));
    // One ring: the outline at the field's edge, in the border's own colour.
    expect(ring.offset).toBe('0px');
    expect(ring.outline).toBe(ring.border);

    await email.fill('ravi@gmial.com');
    await page.keyboard.press('Tab'); // the typo check runs as the field is left
    await visible(page.getByText(ta.signUp.emailSuggestion.replace('{{email}}', 'ravi@gmail.com')));
    // The polite imperative (-வும்), as every other action of the Tamil page.
    const take = page.getByRole('button', { name: ta.signUp.useSuggestion, exact: true });
    expect(await take.textContent()).toMatch(/வும்$/);
  });
});
