/**
 * What the flaky-network files share (network-retry.e2e.ts, network-one-trip.e2e.ts): the e-mail
 * sign-up form in English, filled in for Net Friend, and its "Sign up" button.
 */
import type { Page } from 'playwright-core';
import { en } from './locales';
import type { SeededInviter } from './app';

/** The form's "Sign up" button. */
export function submit(page: Page) {
  return page.getByRole('button', { name: en.signUp.submit, exact: true });
}

/** The inviter's sign-up form, filled in for Net Friend with `email` and the password, not sent. */
export async function fillSignUpForm(page: Page, inviter: SeededInviter, email: string): Promise<void> {
  await page.goto(`/sign-up/${inviter.userId}`);
  await page.getByLabel(en.signUp.username, { exact: true }).fill('Net Friend');
  await page.getByLabel(en.signUp.email, { exact: true }).fill(email);
  await page.getByLabel(en.signUp.password, { exact: true }).fill('correct-horse');
  await page.getByLabel(en.signUp.confirmPassword, { exact: true }).fill('correct-horse');
}
