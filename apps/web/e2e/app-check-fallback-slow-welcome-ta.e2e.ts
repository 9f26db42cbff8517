// An invitee whose first attestation is refused (reCAPTCHA Enterprise's 403, after which App
// Check's SDK asks nothing for a day): on the local stack, the stand-in's token route refused in
// the browser. The page falls back to the challenge the functions hand out (docs/arrival.md). On a
// slow phone, the welcome step that activates itself says what it waits for while that check keeps
// it activating, and then welcomes her.
import { describe, it } from 'vitest';
import { useBrowser } from './support/app';
import { welcomeWaitsForTheCheck } from './support/app-check-fallback-slow';
import { SLOW_TEST_MS } from './support/slow-phone';

describe('The first attestation refused', () => {
  const browser = useBrowser();

  it(
    'in ta, on a slow phone: while the check keeps the welcome step activating, its words say what it waits for',
    () => welcomeWaitsForTheCheck(browser, 'ta'),
    SLOW_TEST_MS,
  );
});
