// The recovery page of a locked account, as its owner opens it from the lock's mail on a phone: the
// link keeps the recovery code in its fragment, which no request carries (nor any request log
// keeps); the page's one-line script puts it into the form, and her tap gets the account back.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_RECOVERY_PATH } from '@dayfocus/contracts/sign-in-handoff';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { adminAuth, adminDb } from '@dayfocus/stack/testing';
import { localeOf } from './support/locales';
import { screenshot, uniqueId, urls, useBrowser } from './support/app';

/** An account of Google's, locked by a reused code an hour ago: its recovery link, as the mail has it. */
async function lockedAccount() {
  const uid = uniqueId('locked');
  const email = `${uid}@example.com`;
  await adminAuth.importUsers([
    {
      uid,
      email,
      emailVerified: true,
      disabled: true,
      providerData: [{ uid: `${uid}-google`, providerId: 'google.com', email }],
    },
  ]);
  const code = randomBytes(32).toString('base64url');
  const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
  await adminDb
    .collection('_accountLocks')
    .doc(uid)
    .set({
      uid,
      lockedAt: hourAgo,
      recoverableAt: hourAgo,
      owner: { email, providerIds: ['google.com'], language: 'en', factorIds: [] },
      recoveryDigest: createHash('sha256').update(code).digest('hex'),
      disabledByLock: true,
    });
  const link = `${urls.hosting}${ACCOUNT_RECOVERY_PATH}#${new URLSearchParams({ account: uid, code })}`;
  return { uid, code, link };
}

const words = localeOf('en').server;

describe('the recovery page on a phone', () => {
  const browser = useBrowser();

  it("reads the code from the link's fragment, which no request carries, and gets her account back", async () => {
    const { uid, code, link } = await lockedAccount();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const requests: { url: string; body: string | null }[] = [];
    page.on('request', (request) => requests.push({ url: request.url(), body: request.postData() }));

    await page.goto(link);
    await page.getByRole('button', { name: words.accountLockMail.button }).waitFor();
    await screenshot(page, 'account-recovery', 'en', 'phone');
    await page.getByRole('button', { name: words.accountLockMail.button }).click();
    await page.getByRole('heading', { name: words.accountRecovery.recoveredHeading }).waitFor();
    await screenshot(page, 'account-recovery-done', 'en', 'phone');

    expect((await adminAuth.getUser(uid)).disabled).toBe(false);
    // The code left the phone once, in the form's body: never in an address a log keeps.
    expect(requests.filter((r) => r.url.includes(code))).toEqual([]);
    expect(requests.filter((r) => r.body?.includes(code)).map((r) => new URL(r.url).pathname)).toEqual([
      ACCOUNT_RECOVERY_PATH,
    ]);
  });
});
