// An invitee whose first attestation is refused (reCAPTCHA Enterprise's 403, after which App
// Check's SDK asks nothing for a day): on the local stack, the stand-in's token route refused in
// the browser. The page falls back to the challenge the functions hand out (docs/arrival.md). On a
// slow phone, "Sign up" tapped while that check is still under way says on its busy button what it
// waits for, and the form's page runs one challenge for its nonce and its sign-up.
import { describe, it } from 'vitest';
import { useBrowser } from './support/app';
import { signUpWaitsForTheCheck } from './support/app-check-fallback-slow';
import { SLOW_TEST_MS } from './support/slow-phone';

describe('The first attestation refused', () => {
  const browser = useBrowser();

  it(
    'in ta, on a slow phone: while the check keeps "Sign up" waiting, its button says what it waits for',
    () => signUpWaitsForTheCheck(browser, 'ta'),
    SLOW_TEST_MS,
  );
});
