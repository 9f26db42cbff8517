// The slow phone's steps of the App Check fallback's browser files
// (app-check-fallback-slow-*.e2e.ts, a file per language so that none takes a minute): an invitee
// whose first attestation is refused, on a slow phone (docs/arrival.md).
import { expect } from 'vitest';
import { importVerifiedInvitees } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { textsOf } from './locales';
import { slowPhone, SLOW_STEP_MS } from './slow-phone';
import {
  confirmEmailPath,
  fillSignUpForm,
  reachPath,
  screenshot,
  seedInviter,
  signUpButton,
  takenOver,
  uniqueEmail,
  visible,
  type BrowserSession,
} from './app';
import { refuseFirstAttestation } from './app-check-fallback';

/**
 * "Sign up" tapped while the check is still under way: its busy button says what it waits for,
 * and the form's page runs one challenge for its nonce and its sign-up.
 */
export async function signUpWaitsForTheCheck(browser: BrowserSession, language: string): Promise<void> {
  const t = textsOf(language);
  const inviter = await seedInviter();
  const page = await browser.newPage({ slow: true, device: 'phone', language, userAgent: CHROME_ANDROID });
  const attestation = await refuseFirstAttestation(page);
  // From the first byte on the slow phone: the check (for the proof's nonce, which the app asks
  // for as it takes the form over) is still under way when she taps "Sign up" right after.
  await slowPhone(page, { cpu: 6 });
  await page.goto(`/sign-up/${inviter.userId}`);
  await takenOver(page);
  await fillSignUpForm(
    page,
    { name: 'Mira Nair', email: uniqueEmail('e2e-fallback-slow'), password: 'correct-horse' },
    { t },
  );
  await signUpButton(page, t).click();
  // The check's words, on the busy button, once it has waited a while for the fallback.
  const waiting = page.getByRole('button', { name: t.app.securityCheck, exact: true });
  await waiting.waitFor({ state: 'visible', timeout: SLOW_STEP_MS });
  expect(await waiting.getAttribute('aria-busy')).toBe('true');
  await screenshot(page, 'app-check-slow-check', language, 'phone');
  await reachPath(page, confirmEmailPath);
  // The form's page ran one solved challenge, for its nonce and its sign-up.
  expect(attestation.challengesByPage()).toEqual({ 'sign-up': 1 });
}

/** The welcome step that activates itself says what it waits for while the check keeps it activating, then welcomes her. */
export async function welcomeWaitsForTheCheck(browser: BrowserSession, language: string): Promise<void> {
  const t = textsOf(language);
  const inviter = await seedInviter();
  const [invitee] = await importVerifiedInvitees([inviter.userId]);
  if (!invitee) throw new Error('no invitee imported');
  const page = await browser.newPage({ slow: true, device: 'phone', language, userAgent: CHROME_ANDROID });
  await refuseFirstAttestation(page);
  await slowPhone(page, { cpu: 6 });
  // The welcome step that activates itself: its call waits for the fallback's check.
  await page.goto(`/welcome/${invitee.uid}/${inviter.userId}`);
  const waiting = page.getByRole('status').getByText(t.app.securityCheck, { exact: true });
  await waiting.waitFor({ state: 'visible', timeout: SLOW_STEP_MS });
  await screenshot(page, 'app-check-slow-check-welcome', language, 'phone');
  await visible(page.getByText(t.welcome.activated));
}
