// On a slow phone network (400 kbps, 400 ms, a CPU four times slower), the mail's link opened in
// the tab that signed up: a tap on Google Play right after "you are now friends" still carries the
// sign-in code within the tap's bounded wait (3 s). A guard: on the local stack, whose App Check
// stand-in answers at once, this held before it was written too; a phone's reCAPTCHA exchange is
// what the stack cannot slow down (docs/testing.md).
import { arrivalFromPlayUrl, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import { en } from './support/locales';
import {
  authUserByEmail,
  reachPath,
  seedInviter,
  signUpByEmail,
  uniqueEmail,
  useBrowser,
  visible,
  openMailLink,
} from './support/app';
import { slowProcessor } from './support/slow-processor';

describe('the store tap on a slow network', () => {
  const browser = useBrowser();

  it('carries the sign-in code when tapped right after the news, the mail opened in the same tab', async () => {
    const inviter = await seedInviter();
    const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-slow'), password: 'correct-horse' };
    const page = await browser.newPage({ slow: true, device: 'phone', userAgent: CHROME_ANDROID });
    await signUpByEmail(page, inviter.userId, invitee, en);
    const { uid } = await authUserByEmail(invitee.email);
    const link = (await verificationMail(invitee.email)).link;

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });
    // The processor four times slower, as the slow profile slows it (support/slow-processor.ts).
    await (await slowProcessor(page)).setRate(4);
    await page.route('https://play.google.com/**', (route) => route.fulfill({ status: 200, body: 'Google Play' }));
    page.setDefaultTimeout(120_000); // a page on this network takes its time

    await openMailLink(page, link);
    await reachPath(page, `/welcome/${uid}/${inviter.userId}?lg=en`);
    await visible(page.getByText(`You and ${inviter.name} are now friends`, { exact: true }));
    await page.locator('[data-store="google-play"]').click();
    await page.waitForURL((url) => url.hostname === 'play.google.com');
    expect(arrivalFromPlayUrl(page.url()).handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
  }, 240_000);
});
