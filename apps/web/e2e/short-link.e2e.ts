// The iPhone page of a short link (/l/{code}): no automatic move (a phone with the app never
// sees it), and "Copy invite and get the app" puts exactly the short link on the clipboard.
import { describe, expect, it } from 'vitest';
import { seedInviter, urls, useBrowser, visible } from './support/app';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The inviter's short link, as "I already have an account" reaches it. */
async function shortLinkOf(inviterId: string): Promise<string> {
  const response = await fetch(`${urls.hosting}/app-link/${inviterId}`, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`/app-link answered ${response.status}`);
  return location;
}

describe("The short link's iPhone page", () => {
  const browser = useBrowser();

  it('stays put, and "Copy invite and get the app" copies exactly the short link, then opens the App Store', async () => {
    const inviter = await seedInviter();
    const shortLink = await shortLinkOf(inviter.userId);
    const page = await browser.newPage({ userAgent: iphone, device: 'phone' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.hosting });
    await page.route('https://apps.apple.com/**', (route) => route.fulfill({ status: 200, body: 'App Store' }));

    await page.goto(shortLink);
    const copy = page.locator('a#copy-invite');
    await visible(copy);
    expect(await copy.getAttribute('data-invite-link')).toBe(shortLink);
    // Longer than the page's old 1.5 s move to the store: nothing moves by itself.
    await page.waitForTimeout(2500);
    expect(page.url()).toBe(shortLink);

    await copy.click();
    await page.waitForURL((url) => url.hostname === 'apps.apple.com');
    await page.goBack();
    await visible(copy);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortLink);
  });
});
