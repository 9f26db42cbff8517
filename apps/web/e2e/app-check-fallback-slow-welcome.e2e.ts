// An invitee whose first attestation is refused (reCAPTCHA Enterprise's 403, after which App
// Check's SDK asks nothing for a day): on the local stack, the stand-in's token route refused in
// the browser. The page falls back to the challenge the functions hand out (docs/arrival.md). On a
// slow phone, the welcome step that activates itself says what it waits for while that check keeps
// it activating, and then welcomes her.
import { describe, it } from 'vitest';
import { importVerifiedInvitees } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { textsOf } from './support/locales';
import { slowPhone, SLOW_STEP_MS } from './support/slow-phone';
import { screenshot, seedInviter, useBrowser, visible } from './support/app';
import { refuseFirstAttestation } from './support/app-check-fallback';

describe('The first attestation refused', () => {
  const browser = useBrowser();

  it.each(['hi', 'ta'])(
    'in %s, on a slow phone: while the check keeps the welcome step activating, its words say what it waits for',
    async (language) => {
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
    },
    2 * SLOW_STEP_MS,
  );
});
