/**
 * What the first-paint files share (first-paint-*.e2e.ts, docs/arrival.md): Instagram's user agent,
 * where an element is as a finger finds it, the page's notice of an in-app browser, and the link
 * that finishes a sign-up left half-way, as it is mailed.
 */
import { outboxIds, verificationMail } from '@dayfocus/stack/testing';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROME_ANDROID, inAppBrowsers } from '@dayfocus/stack/user-agents';
import { textsOf } from './locales';
import { stopSignUpBeforeTheMail, takenOver, visible, type BrowserSession } from './app';

/** Instagram's in-app browser on `platform`, as its user agent. */
export function instagram(platform: 'android' | 'ios'): string {
  const arrival = inAppBrowsers.find((candidate) => candidate.appName === 'Instagram' && candidate.phone === platform);
  if (!arrival) throw new Error(`no Instagram on ${platform} in @dayfocus/stack/user-agents`);
  return arrival.userAgent;
}

/** Where `locator` is on the page (scroll included), as a finger finds it. */
export async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

/** Whether the page's notice of an in-app browser shows. */
export const inAppNotice = (page: Page) => page.locator('.in-app-notice');

/**
 * A sign-up left half-way in Hindi (the network gone before the mail), tried again with another
 * password, and the link to finish it mailed: answers the mail's link.
 */
export async function finishLinkMailed(
  browser: BrowserSession,
  inviterId: string,
  email: string,
  language: 'hi' | 'ta' = 'hi',
): Promise<string> {
  const t = textsOf(language);
  const fill = async (page: Page, password: string) => {
    await page.getByLabel(t.signUp.username, { exact: true }).fill('Mira Nair');
    await page.getByLabel(t.signUp.email, { exact: true }).fill(email);
    await page.getByLabel(t.signUp.password, { exact: true }).fill(password);
    await page.getByLabel(t.signUp.confirmPassword, { exact: true }).fill(password);
    await page.getByRole('button', { name: t.signUp.submit, exact: true }).click();
  };
  const first = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
  await stopSignUpBeforeTheMail(first);
  await first.goto(`/sign-up/${inviterId}?lg=${language}`);
  await takenOver(first);
  await fill(first, 'first-password-1');
  await visible(first.getByRole('alert'));
  expect(await outboxIds(email)).toEqual([]);
  await first.goto(`/sign-up/${inviterId}?lg=${language}`);
  await takenOver(first);
  await fill(first, 'second-password-2');
  await first.getByRole('button', { name: t.signUp.finishLinkButton, exact: true }).click();
  return (await verificationMail(email)).link;
}
