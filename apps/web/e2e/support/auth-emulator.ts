// Helpers for the Firebase Auth emulator in e2e tests: the fake Google/Apple sign-in popup it
// serves (/emulator/auth/handler, firebase-tools lib/emulator/auth/widget_ui.js) and the
// out-of-band codes (email verification links) it records instead of sending mail.
import type { Page } from 'playwright-core';

export const AUTH_EMULATOR_ORIGIN = process.env.AUTH_EMULATOR_ORIGIN || 'http://127.0.0.1:9099';
export const PROJECT_ID = 'demo-dayfocus';

export interface ProviderUser {
  email: string;
  displayName: string;
}

/**
 * Signs in through the emulator's provider popup (the window signInWithPopup opened): picks the
 * listed account with this email if the emulator already has one for the provider, otherwise
 * "Add new account", fills email and display name and submits. Resolves once the SDK has taken
 * the result and closed the popup; rejects with the widget's error text if it does not close.
 */
export async function completeProviderPopup(
  popup: Page,
  user: ProviderUser,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  const timeout = options.timeoutMs ?? 15_000;
  const closed = popup.isClosed() ? Promise.resolve() : popup.waitForEvent('close', { timeout }).then(() => undefined);
  closed.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile

  await popup.waitForLoadState('domcontentloaded');
  const existing = popup.locator('.js-reuse-account').filter({ hasText: user.email });
  if ((await existing.count()) > 0) {
    await existing.first().click();
  } else {
    await popup.locator('#add-account-button').click();
    await popup.locator('#email-input').fill(user.email);
    await popup.locator('#display-name-input').fill(user.displayName);
    await popup.locator('#sign-in').click(); // enabled by the widget's validation on input
  }

  try {
    await closed;
  } catch {
    const text = popup.isClosed() ? '' : await popup.locator('body').innerText().catch(() => '');
    throw new Error(
      `Auth emulator popup did not close within ${timeout} ms after signing in as ${user.email}` +
        (text ? `; popup shows: ${text.slice(0, 500)}` : ''),
    );
  }
}

interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: string;
}

/** The latest email verification link the emulator recorded for this email (polls up to ~10 s). */
export async function verificationLink(
  email: string,
  options: { timeoutMs?: number } = {},
): Promise<{ oobLink: string; oobCode: string }> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const url = `${AUTH_EMULATOR_ORIGIN}/emulator/v1/projects/${PROJECT_ID}/oobCodes`;
  const wanted = email.toLowerCase();
  let lastError = '';
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) {
        const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
        const match = oobCodes
          .filter((c) => c.requestType === 'VERIFY_EMAIL' && c.email?.toLowerCase() === wanted)
          .at(-1);
        if (match) return { oobLink: match.oobLink, oobCode: match.oobCode };
        lastError = 'none recorded yet';
      } else {
        lastError = `HTTP ${response.status}`;
      }
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline) {
      throw new Error(`No VERIFY_EMAIL code for ${email} at ${url} (${lastError})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
