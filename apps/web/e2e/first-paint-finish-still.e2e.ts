// The first HTML tells the truth (docs/arrival.md): on a slow phone the server's page is all a
// person has for seconds, so it must already be the page the app will show. Here, the
// mailed link that finishes a sign-up, on a slow phone: nothing moves under her thumb when the app
// has read the link and names its address.
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { textsOf } from './support/locales';
import { screenshot, seedInviter, takenOver, uniqueEmail, useBrowser, visible } from './support/app';
import { boxOf, finishLinkMailed } from './support/first-paint';
import { firstPaint, slowPhone } from './support/slow-phone';

describe('The mailed link that finishes a sign-up, on a slow phone', () => {
  const browser = useBrowser();

  it('moves nothing under her thumb when the app has read the link and names its address', async () => {
    const t = textsOf('ta');
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-finish-still');
    const link = await finishLinkMailed(browser, inviter.userId, email, 'ta');
    const page = await browser.newPage({ slow: true, device: 'phone', userAgent: CHROME_ANDROID });
    await slowPhone(page);
    await page.goto(link, { waitUntil: 'commit' });
    await firstPaint(page);
    const password = page.getByLabel(t.signUp.password, { exact: true });
    const submit = page.getByRole('button', { name: t.signUp.finishSubmit, exact: true });
    const before = [await boxOf(password), await boxOf(submit)];

    await takenOver(page);
    await visible(page.getByText(email));
    expect([await boxOf(password), await boxOf(submit)]).toEqual(before);
    await screenshot(page, 'finish-address-known', 'ta', 'phone');
  });
});
