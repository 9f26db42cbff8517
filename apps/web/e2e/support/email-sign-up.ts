// The e-mail sign-up form's invitees and steps, shared by email-sign-up.e2e.ts and
// email-sign-up-form.e2e.ts.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { confirmEmailPath, fillSignUpForm, reachPath, signUpButton, uniqueEmail } from './app';

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

/** Once the app has taken the server's form over (a busy phone may take seconds): its submit is enabled. */
export async function formReady(page: Page): Promise<void> {
  await expect.poll(() => signUpButton(page).isEnabled()).toBe(true);
}

/** Straight to the form, filled and sent; resolves on /confirm-email. */
export async function signUpWithEmail(page: Page, inviterId: string, invitee: Invitee): Promise<void> {
  await page.goto(`/sign-up/${inviterId}`);
  await fillSignUpForm(page, invitee);
  await signUpButton(page).click();
  await reachPath(page, confirmEmailPath);
}
