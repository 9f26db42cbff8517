// The browser's proof of the address costs nothing where no browser can give it (docs/arrival.md,
// "Three ways to prove the address"): only a configuration that names the origin trial's token gets
// the form's nonce. Without one, the sign-up form's takeover on a slow phone starts no App Check
// (no attestation, no token), loads no proof module and asks for no nonce; with one (the local
// stack's configuration), it asks. (The Firebase module itself comes with the page's Auth, which the
// form's "Sign up" needs at once: app/routes/sign-up.tsx.)
import { LOCAL_APP_CHECK_TOKEN_PATH } from '@dayfocus/contracts/app-check';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedInviter, takenOver, useBrowser } from './support/app';
import { withoutTrialToken } from './support/trial-token';
import { firstPaint, slowPhone } from './support/slow-phone';

const FIELD = 'input[autocomplete="email-verification-token"]';

/** What the page asks for that only the proof's nonce would need: its module, App Check's token, the nonce. */
function proofRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    const file = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (
      /^(email-proof|app-check-fallback)-[\w-]+\.js$/.test(file) ||
      pathname === LOCAL_APP_CHECK_TOKEN_PATH ||
      pathname === '/api/issueEmailProofNonce'
    )
      seen.push(pathname);
  });
  return seen;
}

/** The form's page taken over and every request its takeover made answered (none for half a second). */
async function openForm(page: Page, inviterId: string): Promise<void> {
  await page.goto(`/sign-up/${inviterId}`, { waitUntil: 'commit' });
  await firstPaint(page);
  await takenOver(page);
  await page.waitForLoadState('networkidle');
}

describe("The sign-up form's takeover and the browser's proof", () => {
  const browser = useBrowser();

  it('on a slow phone, without a trial token in the configuration: no App Check token, no nonce', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ slow: true, device: 'phone', userAgent: CHROME_ANDROID });
    await withoutTrialToken(page);
    await slowPhone(page);
    const asked = proofRequests(page);
    await openForm(page, inviter.userId);
    expect(asked).toEqual([]);
    expect(await page.locator(FIELD).count()).toBe(0);
  });

  it('with the trial token the local stack names: the nonce, on the hidden field', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const asked = proofRequests(page);
    await openForm(page, inviter.userId);
    await expect
      .poll(() => page.locator(FIELD).evaluate((input: HTMLInputElement) => input.nonce), { timeout: 15_000 })
      .toMatch(/^[\w-]{43}$/);
    expect(asked).toContain('/api/issueEmailProofNonce');
  });
});
