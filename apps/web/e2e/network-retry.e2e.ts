// A flaky phone network (docs/arrival.md): the e-mail form loses its request once (or its answer, or
// the connection as she taps); the page says what happened in words a person understands, and a
// retry finishes the sign-up. The steps after the form: network-retry-steps.e2e.ts. What the sign-up
// asks of a slow network when nothing is lost is in network-one-trip.e2e.ts.
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { outboxIds } from '@dayfocus/stack/testing';
import { en } from './support/locales';
import { slowPhone } from './support/slow-phone';
import {
  authUserByEmail,
  reachPath,
  seedInviter,
  uniqueEmail,
  useBrowser,
  verificationEmail,
  takenOver,
  visible,
  confirmEmailPath,
  signedInUsers,
  loseTheAnswerOnce,
  signUpButton,
} from './support/app';
import { failOnce, openFilledSignUpForm } from './support/network';

/**
 * How long an offline tap may wait for its word: offline its request fails at once, and the word
 * comes within a second or two even on the slow profile's 4x CPU; the bound leaves the busy machine
 * room, and a spinner with no word at all (as before: past 90 s) fails it.
 */
const OFFLINE_SAID_MS = 20_000;

describe('The journey on a flaky network', () => {
  const browser = useBrowser();

  it('email sign-up: a lost request says to check the connection; sending again finishes', async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-net');
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const failure = await failOnce(page, '/api/signUpWithEmail');
    await openFilledSignUpForm(page, inviter, email);
    await signUpButton(page).click();
    await failure.happened;
    await visible(page.getByRole('alert').getByText(en.app.networkError));
    await expect.poll(() => signUpButton(page).isEnabled()).toBe(true);

    await signUpButton(page).click();
    await reachPath(page, confirmEmailPath);
    await verificationEmail(email);
  });

  it('email sign-up: the answer lost after the server made the account; sending again with her password finishes that account', async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-lost-answer');
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    // The call reaches the server and does its work; its answer never comes back.
    await loseTheAnswerOnce(page, '/api/signUpWithEmail');
    await openFilledSignUpForm(page, inviter, email);
    await signUpButton(page).click();
    await visible(page.getByRole('alert').getByText(en.app.networkError));
    const made = await authUserByEmail(email);
    await expect.poll(() => signUpButton(page).isEnabled()).toBe(true);

    await signUpButton(page).click();
    await reachPath(page, confirmEmailPath);
    // The same account, its sign-up with this inviter, the tab signed in as it; one mail in all.
    expect((await authUserByEmail(email)).uid).toBe(made.uid);
    await expect.poll(() => signedInUsers(page)).toEqual([made.uid]);
    await verificationEmail(email);
    expect(await outboxIds(email)).toHaveLength(1);
  });

  it('email sign-up offline on a slow phone: says so at once, keeps what she typed, one tap later makes one account and one mail', async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-offline');
    const page = await browser.newPage({ slow: true, device: 'small-phone', userAgent: CHROME_ANDROID });
    const network = await slowPhone(page);
    await openFilledSignUpForm(page, inviter, email);
    await takenOver(page);
    await network.setOffline(true);
    await signUpButton(page).click();
    // Said while she still looks at the spinner, not once the connection is back.
    await page.getByRole('alert').getByText(en.app.networkError).waitFor({ timeout: OFFLINE_SAID_MS });
    expect(await page.getByLabel(en.signUp.username, { exact: true }).inputValue()).toBe('Net Friend');
    expect(await page.getByLabel(en.signUp.email, { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel(en.signUp.password, { exact: true }).inputValue()).toBe('correct-horse');

    await network.setOffline(false);
    await expect.poll(() => signUpButton(page).isEnabled()).toBe(true);
    await signUpButton(page).click();
    await reachPath(page, confirmEmailPath);
    await verificationEmail(email);
    const account = await authUserByEmail(email);
    expect(account.email).toBe(email);
    expect(await outboxIds(email)).toHaveLength(1);
  });
});
