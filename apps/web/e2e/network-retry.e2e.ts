// A flaky phone network (docs/arrival.md): each step of the journey loses its request once (or its
// answer, or the connection as she taps); the page says what happened in words a person
// understands, and a retry finishes the sign-up. What the sign-up asks of a slow network when
// nothing is lost is in network-one-trip.e2e.ts.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { completeProviderPopup } from '@dayfocus/stack/provider-sign-in';
import { outboxIds } from '@dayfocus/stack/testing';
import { en } from './support/locales';
import { slowPhone } from './support/slow-phone';
import {
  authUserByEmail,
  emailActionLink,
  expectJoined,
  reachPath,
  reachWelcome,
  seedInviter,
  uniqueEmail,
  useBrowser,
  verificationEmail,
  takenOver,
  visible,
  confirmEmailPath,
  openMailLink,
  signedInUsers,
  loseTheAnswerOnce,
} from './support/app';
import { fillSignUpForm, submit } from './support/network';

/**
 * Makes the first request whose address contains `part` fail (the connection dropped, or, with
 * `status`, that answer from the server), and lets the next ones through. `happened` resolves
 * once it has failed one.
 */
async function failOnce(page: Page, part: string, status?: number): Promise<{ happened: Promise<void> }> {
  let failed: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (failed = resolve));
  let count = 0;
  await page.route(
    (url) => url.href.includes(part),
    async (route: Route) => {
      count += 1;
      if (count > 1) return route.fallback();
      if (status) await route.fulfill({ status, contentType: 'text/plain', body: 'upstream request timeout' });
      else await route.abort('internetdisconnected');
      failed();
    },
  );
  return { happened: done };
}

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
    await fillSignUpForm(page, inviter, email);
    await submit(page).click();
    await failure.happened;
    await visible(page.getByRole('alert').getByText(en.app.networkError));
    await expect.poll(() => submit(page).isEnabled()).toBe(true);

    await submit(page).click();
    await reachPath(page, confirmEmailPath);
    await verificationEmail(email);
  });

  it('email sign-up: the answer lost after the server made the account; sending again with her password finishes that account', async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-lost-answer');
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    // The call reaches the server and does its work; its answer never comes back.
    await loseTheAnswerOnce(page, '/api/signUpWithEmail');
    await fillSignUpForm(page, inviter, email);
    await submit(page).click();
    await visible(page.getByRole('alert').getByText(en.app.networkError));
    const made = await authUserByEmail(email);
    await expect.poll(() => submit(page).isEnabled()).toBe(true);

    await submit(page).click();
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
    await fillSignUpForm(page, inviter, email);
    await takenOver(page);
    await network.setOffline(true);
    await submit(page).click();
    // Said while she still looks at the spinner, not once the connection is back.
    await page.getByRole('alert').getByText(en.app.networkError).waitFor({ timeout: OFFLINE_SAID_MS });
    expect(await page.getByLabel(en.signUp.username, { exact: true }).inputValue()).toBe('Net Friend');
    expect(await page.getByLabel(en.signUp.email, { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel(en.signUp.password, { exact: true }).inputValue()).toBe('correct-horse');

    await network.setOffline(false);
    await expect.poll(() => submit(page).isEnabled()).toBe(true);
    await submit(page).click();
    await reachPath(page, confirmEmailPath);
    await verificationEmail(email);
    const account = await authUserByEmail(email);
    expect(account.email).toBe(email);
    expect(await outboxIds(email)).toHaveLength(1);
  });

  it('Google sign-up: a lost server step keeps the sign-in, and "Try again" finishes without a new popup', async () => {
    const inviter = await seedInviter();
    const invitee = { email: uniqueEmail('e2e-net-google'), name: 'Net Google' };
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const failure = await failOnce(page, '/api/completeSocialSignUp');
    await page.goto(`/social-sign-up/${inviter.userId}`);
    const google = page.getByRole('button', { name: en.socialSignUp.google });
    await expect.poll(() => google.isEnabled()).toBe(true);
    await expect.poll(() => google.getAttribute('data-popup-ready')).toBe('true'); // the app and Auth are ready
    const popup = page.waitForEvent('popup');
    await google.click();
    await completeProviderPopup(await popup, { email: invitee.email, displayName: invitee.name });
    await failure.happened;

    const alert = page.getByRole('alert');
    await visible(alert.getByText(en.app.networkError));
    let popups = 0;
    page.on('popup', () => (popups += 1));
    await alert.getByRole('button', { name: en.app.retry }).click();
    const welcomed = await reachWelcome(page, inviter.userId);
    const account = await authUserByEmail(invitee.email);
    expect(welcomed).toBe(account.uid);
    await expectJoined(inviter, { uid: account.uid, name: invitee.name, email: invitee.email });
    expect(popups).toBe(0);
  });

  for (const [what, status] of [
    ['a lost request', undefined],
    ['a timed-out call (504)', 504],
  ] as const) {
    it(`activation: ${what} says to check the connection; "Try again" activates`, async () => {
      const inviter = await seedInviter();
      const email = uniqueEmail('e2e-net-activate');
      const signUpPage = await browser.newPage({ device: 'phone' });
      await fillSignUpForm(signUpPage, inviter, email);
      await submit(signUpPage).click();
      await reachPath(signUpPage, confirmEmailPath);
      await signUpPage.close(); // only the welcome page below activates
      const { oobLink } = await verificationEmail(email);

      const { uid } = await authUserByEmail(email);
      const page = await browser.newPage({ device: 'phone' }); // the mail app's browser
      const failure = await failOnce(page, '/api/activateAccount', status);
      await openMailLink(page, emailActionLink(oobLink));
      await failure.happened;
      const alert = page.getByRole('alert');
      await visible(alert.getByText(en.app.networkError));
      await alert.getByRole('button', { name: en.app.retry }).click();
      await visible(page.getByText(en.welcome.activated));
      await expectJoined(inviter, { uid, name: 'Net Friend', email });
    });
  }
});
