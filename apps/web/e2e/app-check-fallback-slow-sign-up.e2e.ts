// An invitee whose first attestation is refused (reCAPTCHA Enterprise's 403, after which App
// Check's SDK asks nothing for a day): on the local stack, the stand-in's token route refused in
// the browser. The page falls back to the challenge the functions hand out (docs/arrival.md). On a
// slow phone, "Sign up" tapped while that check is still under way says on its busy button what it
// waits for, and the form's page runs one challenge for its nonce and its sign-up.
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { textsOf } from './support/locales';
import { slowPhone, SLOW_STEP_MS } from './support/slow-phone';
import {
  confirmEmailPath,
  reachPath,
  screenshot,
  seedInviter,
  uniqueEmail,
  useBrowser,
  takenOver,
} from './support/app';
import { refuseFirstAttestation } from './support/app-check-fallback';

describe('The first attestation refused', () => {
  const browser = useBrowser();

  it.each(['hi', 'ta'])(
    'in %s, on a slow phone: while the check keeps "Sign up" waiting, its button says what it waits for',
    async (language) => {
      const t = textsOf(language);
      const inviter = await seedInviter();
      const page = await browser.newPage({ slow: true, device: 'phone', language, userAgent: CHROME_ANDROID });
      const attestation = await refuseFirstAttestation(page);
      // From the first byte on the slow phone: the check (for the proof's nonce, which the app asks
      // for as it takes the form over) is still under way when she taps "Sign up" right after.
      await slowPhone(page, { cpu: 6 });
      await page.goto(`/sign-up/${inviter.userId}`);
      await takenOver(page);
      await page.getByLabel(t.signUp.username, { exact: true }).fill('Mira Nair');
      await page.getByLabel(t.signUp.email, { exact: true }).fill(uniqueEmail('e2e-fallback-slow'));
      await page.getByLabel(t.signUp.password, { exact: true }).fill('correct-horse');
      await page.getByLabel(t.signUp.confirmPassword, { exact: true }).fill('correct-horse');
      const button = page.getByRole('button', { name: t.signUp.submit, exact: true });
      await button.click();
      // The check's words, on the busy button, once it has waited a while for the fallback.
      const waiting = page.getByRole('button', { name: t.app.securityCheck, exact: true });
      await waiting.waitFor({ state: 'visible', timeout: SLOW_STEP_MS });
      expect(await waiting.getAttribute('aria-busy')).toBe('true');
      await screenshot(page, 'app-check-slow-check', language, 'phone');
      await reachPath(page, confirmEmailPath);
      // The form's page ran one solved challenge, for its nonce and its sign-up.
      expect(attestation.challengesByPage()).toEqual({ 'sign-up': 1 });
    },
    2 * SLOW_STEP_MS,
  );
});
