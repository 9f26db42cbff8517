// The e-mail sign-up form's invitees and steps, shared by email-sign-up.e2e.ts and
// email-sign-up-form.e2e.ts.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { en } from './locales';
import { confirmEmailPath, reachPath, uniqueEmail } from './app';

export const config = JSON.parse(readFileSync(new URL('../../public/config.json', import.meta.url), 'utf8')) as {
  appStoreUrl: string;
  playStoreUrl: string;
};

export interface Invitee {
  name: string;
  email: string;
  password: string;
}

export function newInvitee(): Invitee {
  return { name: 'Mira Nair', email: uniqueEmail('e2e-email'), password: 'correct-horse' };
}

/** Fills the sign-up form by its labels. */
export async function fillSignUpForm(page: Page, invitee: Invitee, confirmPassword = invitee.password): Promise<void> {
  await page.getByLabel(en.signUp.username, { exact: true }).fill(invitee.name);
  await page.getByLabel(en.signUp.email, { exact: true }).fill(invitee.email);
  await page.getByLabel(en.signUp.password, { exact: true }).fill(invitee.password);
  await page.getByLabel(en.signUp.confirmPassword, { exact: true }).fill(confirmPassword);
}

export function submitButton(page: Page) {
  return page.getByRole('button', { name: en.signUp.submit, exact: true });
}

/** Once the app has taken the server's form over (a busy phone may take seconds): its submit is enabled. */
export async function formReady(page: Page): Promise<void> {
  await expect.poll(() => submitButton(page).isEnabled()).toBe(true);
}

/** Straight to the form, filled and sent; resolves on /confirm-email. */
export async function signUpWithEmail(page: Page, inviterId: string, invitee: Invitee): Promise<void> {
  await page.goto(`/sign-up/${inviterId}`);
  await fillSignUpForm(page, invitee);
  await submitButton(page).click();
  await reachPath(page, confirmEmailPath);
}
