// What she types is what counts: the e-mail sign-up form on an Android phone never changes what a
// person typed or pasted, says what is really wrong, shows its rules before the first error, says
// who sees the user name, and offers the likely address when the domain is a common typo.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { englishMessages } from '@dayfocus/contracts/messages';
import { localeOf, textsOf } from './support/locales';
import { screenshot, seedInviter, takenOver, useBrowser, visible, type BrowserSession } from './support/app';

const en = textsOf('en');
const hi = textsOf('hi');
const hiValidation = localeOf('hi').web.validation as Record<string, string>;

/** The sign-up form of a new inviter on an Android phone, in `language`, taken over by the app. */
async function openForm(browser: BrowserSession, language: 'en' | 'hi'): Promise<Page> {
  const inviter = await seedInviter();
  const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
  await page.goto(`/sign-up/${inviter.userId}?lg=${language}`);
  // The app's own handlers (the address's check when the field is left) run once it has the page.
  await takenOver(page);
  return page;
}

/** The text of every element an input's `aria-describedby` names. */
async function description(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ');
}

describe('What she types is what counts', () => {
  const browser = useBrowser();

  it('keeps a pasted 21-character password whole and says it is over 20, never signing up its first 20', async () => {
    const page = await openForm(browser, 'en');
    const password = 'correct-horse-battery'; // 21 characters
    for (const label of [en.signUp.password, en.signUp.confirmPassword]) {
      await page.getByLabel(label, { exact: true }).focus();
      await page.keyboard.insertText(password); // as a paste or a password manager puts it
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(password);
    }
    await page.getByRole('button', { name: en.signUp.submit, exact: true }).click();
    await visible(page.getByRole('alert').getByText(englishMessages['validation.passwordTooLong']));
    expect(new URL(page.url()).pathname).toMatch(/^\/sign-up\//);
  });

  it('says that spaces do not count when the password is eight spaces', async () => {
    const page = await openForm(browser, 'en');
    await page.getByLabel(en.signUp.password, { exact: true }).fill(' '.repeat(8));
    await page.getByRole('button', { name: en.signUp.submit, exact: true }).click();
    const alert = page.getByRole('alert');
    await visible(alert.getByText(englishMessages['validation.passwordSpaces']));
    expect(await alert.innerText()).not.toContain(englishMessages['validation.passwordTooShort']);
  });

  it('shows the password rules and who sees the user name before any error, tied to their fields (Hindi)', async () => {
    const page = await openForm(browser, 'hi');
    expect(await description(page, hi.signUp.username)).toContain(hi.signUp.usernameHint);
    expect(await description(page, hi.signUp.password)).toContain(hi.signUp.passwordHint);
    await screenshot(page, 'sign-up-hints', 'hi', 'phone');
    // After a failed submit the field names both its rule and its error.
    await page.getByRole('button', { name: hi.signUp.submit, exact: true }).click();
    await visible(page.getByRole('alert'));
    await expect.poll(() => description(page, hi.signUp.password)).toContain(hiValidation.passwordRequired);
    expect(await description(page, hi.signUp.password)).toContain(hi.signUp.passwordHint);
  });

  it('suggests the likely address for a typo of a big mail domain, in Hindi, and takes it on a tap', async () => {
    const page = await openForm(browser, 'hi');
    const email = page.getByLabel(hi.signUp.email, { exact: true });
    await email.fill('ravi@gmial.com');
    await email.blur();
    const suggestion = hi.signUp.emailSuggestion.replace('{{email}}', 'ravi@gmail.com');
    await visible(page.getByText(suggestion));
    expect(await description(page, hi.signUp.email)).toContain(suggestion);
    await screenshot(page, 'sign-up-email-suggestion', 'hi', 'phone');
    await page.getByRole('button', { name: hi.signUp.useSuggestion, exact: true }).click();
    expect(await email.inputValue()).toBe('ravi@gmail.com');
    await expect.poll(() => page.getByText(suggestion).count()).toBe(0);
    // An address at a domain of its own gets no suggestion.
    await email.fill('ravi@dayfocus.app');
    await email.blur();
    expect(await page.getByRole('button', { name: hi.signUp.useSuggestion, exact: true }).count()).toBe(0);
  });
});
