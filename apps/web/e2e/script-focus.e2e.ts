// Focus that script moves for screen readers (a page's heading after it changes, an alert when it
// comes) draws no ring: on the welcome page opened from the mail, the brand-red ring around its
// heading read as an error, and an error alert got a second red frame. Keyboard focus on what a
// person can act on still shows its ring.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { importVerifiedInvitees } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { en } from './support/locales';
import { seedInviter, useBrowser, visible } from './support/app';

/** The focused element's outline style and its tabindex. */
const focusedOutline = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    return { tabIndex: element.getAttribute('tabindex'), outline: getComputedStyle(element).outlineStyle };
  });

describe('focus moved by script', () => {
  const browser = useBrowser();

  it('draws no ring around the welcome page heading opened from the mail', async () => {
    const inviter = await seedInviter();
    const [invitee] = await importVerifiedInvitees([inviter.userId]);
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await page.goto(`/welcome/${invitee?.uid}/${inviter.userId}?lg=en`);
    await visible(page.getByText(en.welcome.friends.replace('{{name}}', inviter.name), { exact: true }));
    // As the page does after it changes: its heading takes focus, with no tap before it.
    await page.locator('#page-title').evaluate((heading: HTMLElement) => heading.focus());
    expect(await focusedOutline(page)).toEqual({ tabIndex: '-1', outline: 'none' });
  });

  it('draws no second frame around the error summary, and keeps the ring on a field reached by the keyboard', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await page.goto(`/sign-up/${inviter.userId}?lg=en`);
    const submit = page.getByRole('button', { name: en.signUp.submit, exact: true });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await page.getByLabel(en.signUp.username, { exact: true }).focus();
    await page.keyboard.press('Enter'); // the keyboard's submit: the summary takes focus
    await visible(page.getByRole('alert'));
    expect(await focusedOutline(page)).toEqual({ tabIndex: '-1', outline: 'none' });
    await page.keyboard.press('Tab');
    expect((await focusedOutline(page)).outline).toBe('solid');
  });
});
