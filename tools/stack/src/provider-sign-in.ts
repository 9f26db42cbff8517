// The Firebase Auth emulator's fake Google/Apple sign-in popup (/emulator/auth/handler,
// firebase-tools/lib/emulator/auth/widget_ui.js), and the stack's stand-in for the providers' pages
// where the server's sign-in start sends her (functions/src/local/dev-identity-provider.ts), driven
// as a person would. The verification e-mails it records are read with `verificationEmail` of the
// shared test support.
import type { Page } from 'playwright-core';
import { LOCAL_IDENTITY_PROVIDER_PATH } from '@dayfocus/contracts/provider-return';

/** Whether `url` is a provider's page of the local stack: the emulator's widget or the stand-in. */
export function isLocalProviderPage(url: URL): boolean {
  return url.pathname === '/emulator/auth/handler' || url.pathname.startsWith(`${LOCAL_IDENTITY_PROVIDER_PATH}/`);
}

export interface ProviderUser {
  email: string;
  displayName: string;
}

/**
 * On the emulator's provider page (a popup, or the tab a redirect took there): picks the listed
 * account with this email if the emulator already has one for the provider, otherwise "Add new
 * account", fills email and display name and submits.
 */
async function signInOnProviderPage(page: Page, user: ProviderUser): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  if (new URL(page.url()).pathname.startsWith(`${LOCAL_IDENTITY_PROVIDER_PATH}/`)) {
    // The stand-in asks for the address and the name at once.
    await page.locator('#email-input').fill(user.email);
    await page.locator('#display-name-input').fill(user.displayName);
    await page.locator('#sign-in').click();
    return;
  }
  const existing = page.locator('.js-reuse-account').filter({ hasText: user.email });
  if ((await existing.count()) > 0) {
    await existing.first().click();
  } else {
    await page.locator('#add-account-button').click();
    await page.locator('#email-input').fill(user.email);
    await page.locator('#display-name-input').fill(user.displayName);
    await page.locator('#sign-in').click(); // enabled by the widget's validation on input
  }
}

/**
 * Signs in through the emulator's provider popup (the window signInWithPopup opened). Resolves
 * once the SDK has taken the result and closed the popup; rejects with the widget's error text
 * if it does not close.
 */
export async function completeProviderPopup(
  popup: Page,
  user: ProviderUser,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  const timeout = options.timeoutMs ?? 15_000;
  const closed = popup.isClosed() ? Promise.resolve() : popup.waitForEvent('close', { timeout }).then(() => undefined);
  closed.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile

  await signInOnProviderPage(popup, user);

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

/**
 * Signs in through the emulator's provider page that a redirect sign-in brought `page` to
 * (signInWithRedirect), as `completeProviderPopup` does in a popup, and resolves once the page is
 * back on `returnOrigin` (the app). Fails after the timeout if it never leaves the provider page.
 */
export async function completeProviderRedirect(
  page: Page,
  user: ProviderUser,
  returnOrigin: string,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  const timeout = options.timeoutMs ?? 15_000;
  await page.waitForURL(isLocalProviderPage, { timeout });
  await signInOnProviderPage(page, user);
  await page.waitForURL((url) => url.origin === returnOrigin, { timeout });
}
