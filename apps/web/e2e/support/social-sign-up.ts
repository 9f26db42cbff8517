/**
 * The social sign-up page in the browser tests (social-sign-up-*.e2e.ts): its provider buttons, the
 * popups a tap opens (recorded, or blocked as iOS Safari blocks a late one), what it says of a
 * failed sign-in, the page opened and taken over by the app, and the sign-up's end: welcomed, joined.
 */
import type { UserRecord } from 'firebase-admin/auth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { authUserByEmail, expectJoined, reachWelcome, visible, type SeededInviter } from './app';
import { en } from './locales';

/**
 * Records every `window.open` of the page, and whether it ran within the task of a tap: a tap
 * marks its task, and the mark is cleared by the next task. An await between the tap and the
 * popup that waits on anything outside the page's task (the network, a frame, storage) opens
 * the popup outside the tap, where Safari and Chrome on iOS block it.
 */
export async function recordPopups(page: Page): Promise<() => Promise<{ withinTap: boolean; url: string }[]>> {
  await page.context().addInitScript(() => {
    const recorder = window as unknown as { __popups: { withinTap: boolean; url: string }[] };
    recorder.__popups = [];
    let tapping = false;
    window.addEventListener(
      'click',
      () => {
        tapping = true;
        setTimeout(() => (tapping = false), 0);
      },
      true,
    );
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      recorder.__popups.push({ withinTap: tapping, url: String(args[0] ?? '') });
      return open(...args);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __popups: { withinTap: boolean; url: string }[] }).__popups);
}

/** A browser that blocks popups: `window.open` answers null, as iOS Safari does for a popup opened late. */
export async function blockPopups(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    window.open = () => null;
  });
}

/** The provider buttons' values (`apple.com`, `google.com`) in the order the page shows them. */
export function providerOrder(page: Page): Promise<string[]> {
  return page
    .locator('button[name=start]')
    .evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).value));
}

/** What the page says about a failed or cancelled sign-in (role status or alert), as text. */
export function signInProblem(page: Page) {
  return page.locator('.sign-in-problem');
}

export function providerButton(page: Page, provider: 'google' | 'apple') {
  return page.getByRole('button', { name: provider === 'google' ? en.socialSignUp.google : en.socialSignUp.apple });
}

/**
 * The social sign-up page of this inviter, loaded and taken over by the app (the inviter found, the
 * buttons enabled and the app's: they open the popup rather than submit the server page's form).
 * With `popupReady`, also Auth ready, so that a tap opens the popup rather than going by redirect.
 */
export async function openSocialSignUp(page: Page, inviter: SeededInviter, { popupReady = true } = {}): Promise<void> {
  await page.goto(`/social-sign-up/${inviter.userId}`);
  await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
  // A busy phone takes its time over the app's takeover: these wait up to 15 s.
  const poll = { timeout: 15_000 };
  await expect.poll(() => providerButton(page, 'google').isEnabled(), poll).toBe(true);
  await expect.poll(() => providerButton(page, 'google').getAttribute('type'), poll).toBe('button');
  if (popupReady)
    await expect.poll(() => providerButton(page, 'google').getAttribute('data-popup-ready'), poll).toBe('true');
}

/**
 * The sign-up's end: the tab reaches the welcome page as the account the provider made for
 * `invitee`, who is the inviter's friend now. Answers that account.
 */
export async function welcomedAndJoined(
  page: Page,
  inviter: SeededInviter,
  invitee: { email: string; name: string },
): Promise<UserRecord> {
  const welcomed = await reachWelcome(page, inviter.userId);
  const account = await authUserByEmail(invitee.email);
  expect(welcomed).toBe(account.uid);
  await expectJoined(inviter, { uid: account.uid, name: invitee.name, email: invitee.email });
  return account;
}
