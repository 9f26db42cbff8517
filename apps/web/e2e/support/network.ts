/**
 * What the flaky-network files share (network-retry*.e2e.ts, network-one-trip.e2e.ts): the e-mail
 * sign-up form in English, opened and filled in for Net Friend; a request lost once.
 */
import type { Page, Route } from 'playwright-core';
import { fillSignUpForm, type SeededInviter } from './app';

/** The inviter's sign-up form, opened and filled in for Net Friend with `email` and the password, not sent. */
export async function openFilledSignUpForm(page: Page, inviter: SeededInviter, email: string): Promise<void> {
  await page.goto(`/sign-up/${inviter.userId}`);
  await fillSignUpForm(page, { name: 'Net Friend', email, password: 'correct-horse' });
}

/**
 * Makes the first request whose address contains `part` fail (the connection dropped, or, with
 * `status`, that answer from the server), and lets the next ones through. `happened` resolves
 * once it has failed one.
 */
export async function failOnce(page: Page, part: string, status?: number): Promise<{ happened: Promise<void> }> {
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
