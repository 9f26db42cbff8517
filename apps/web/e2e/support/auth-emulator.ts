// The Firebase Auth emulator's fake Google/Apple sign-in popup (/emulator/auth/handler,
// firebase-tools lib/emulator/auth/widget_ui.js), driven as a person would. The verification
// e-mails it records are read with `verificationEmail` of the shared test support.
import type { Page } from 'playwright-core';

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
    const text = popup.isClosed()
      ? ''
      : await popup
          .locator('body')
          .innerText()
          .catch(() => '');
    throw new Error(
      `Auth emulator popup did not close within ${timeout} ms after signing in as ${user.email}` +
        (text ? `; popup shows: ${text.slice(0, 500)}` : ''),
    );
  }
}
