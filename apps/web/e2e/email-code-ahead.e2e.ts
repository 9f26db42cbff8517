// The mail's code on a slow phone (docs/arrival.md, "The code, where she signed up"): what the code
// needs is asked for before her tap on "Confirm with the code", which then waits for the call
// alone: the confirmation page's and the code's modules and the welcome page's, fetched while she
// fills the sign-up form; the code call's limited-use App Check token, asked for while the mail is
// written (again once the page has loaded, or as the field takes focus, if none is held). After the
// tap the page asks for the call first, and for no script and no token at all.
import { LOCAL_APP_CHECK_TOKEN_PATH } from '@dayfocus/contracts/app-check';
import { verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from './support/locales';
import {
  authUserByEmail,
  expectJoined,
  reachPath,
  seedInviter,
  signUpByEmail,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';
import { slowPhone } from './support/slow-phone';

/** Every request the page makes from now on, by kind, in the order it made them. */
function requestsOf(page: Page) {
  const seen: { kind: 'script' | 'token' | 'call'; name: string }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js'))
      seen.push({ kind: 'script', name: pathname.slice('/assets/'.length) });
    else if (pathname === LOCAL_APP_CHECK_TOKEN_PATH) seen.push({ kind: 'token', name: pathname });
    else if (pathname.startsWith('/api/')) seen.push({ kind: 'call', name: pathname.slice('/api/'.length) });
  });
  return seen;
}

describe('The code from the mail on a slow phone', () => {
  const browser = useBrowser();

  it("in Chrome on Android: the code's modules and token come before her tap, which waits for the call alone", async () => {
    const inviter = await seedInviter();
    const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-code-ahead'), password: 'correct-horse' };
    const page = await browser.newPage({ slow: true, device: 'phone', userAgent: CHROME_ANDROID });
    const requests = requestsOf(page);
    await signUpByEmail(page, inviter.userId, invitee);
    const { uid } = await authUserByEmail(invitee.email);
    const { code } = await verificationMail(invitee.email);

    await slowPhone(page, { cpu: 6 });
    const field = page.getByLabel(en.confirmEmail.codeLabel, { exact: true });
    await visible(field);
    await field.click();
    await page.keyboard.type(code, { delay: 250 });
    const beforeTap = requests.length;
    // Before the tap: the code's module, and a token asked for after the sign-up's own
    // replay-protected call had spent its token (the one held for the code's call).
    const ahead = requests.slice(0, beforeTap);
    expect(ahead.some((r) => r.kind === 'script' && r.name.startsWith('mail-code-'))).toBe(true);
    const registered = ahead.findIndex((r) => r.kind === 'call' && r.name === 'signUpWithEmail');
    expect(registered).toBeGreaterThanOrEqual(0);
    expect(ahead.slice(registered + 1).some((r) => r.kind === 'token')).toBe(true);
    await page.getByRole('button', { name: en.confirmEmail.codeSubmit, exact: true }).click();

    await reachPath(page, new RegExp(`^/welcome/${uid}/${inviter.userId}(\\?lg=[a-z]+)?$`));
    await visible(page.getByText(en.welcome.activated));
    // After the tap, up to the call: nothing but the call; after it, no script before the welcome page.
    const after = requests.slice(beforeTap);
    const callAt = after.findIndex((r) => r.kind === 'call' && r.name === 'confirmEmailWithCode');
    expect(callAt).toBe(0);
    expect(after.filter((r) => r.kind === 'script' || r.kind === 'token')).toEqual([]);
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
  });
});
