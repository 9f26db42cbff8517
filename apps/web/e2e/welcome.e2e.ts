// The welcome page hands the new friend over to the app: the greeting once activation answers,
// the visitor's own store first, the invite carried across the install (the Play referrer on
// Android, the clipboard on an iPhone), and "Open Dayfocus" for people who have the app.
import { importVerifiedInvitees } from '@dayfocus/stack/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../src/locales/en';
import { seedInviter, urls, useBrowser, visible } from './support/app';

const userAgents = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

/** A verified invitee of a new inviter (with a picture), ready to open the welcome link. */
async function invitation() {
  const inviter = await seedInviter({ name: 'Asha Verma' });
  const [invitee] = await importVerifiedInvitees([inviter.userId]);
  if (!invitee) throw new Error('no invitee imported');
  return { inviter, invitee, path: `/welcome/${invitee.uid}/${inviter.userId}` };
}

/** The greeting, then the badges' store names in page order and their links. */
async function handoff(page: Page) {
  await visible(page.getByText('You and Asha Verma are now friends', { exact: true }));
  const badges = page.locator('.store-badge');
  const stores = await badges.locator('.store-badge-name').allInnerTexts();
  const hrefs = await badges.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  return { stores, hrefs };
}

/** The short link's code that the Play link's referrer carries, checked to be `invite={code}`. */
function referrerCode(playHref: string | undefined): string {
  const referrer = new URL(playHref ?? '').searchParams.get('referrer') ?? '';
  expect(referrer).toMatch(/^invite=[A-Za-z0-9_-]{8,32}$/);
  return referrer.slice('invite='.length);
}

describe('The welcome page hands over to the app', () => {
  const browser = useBrowser();

  it('on a desktop: greets by name with her picture, App Store then Google Play (with the invite as referrer), no app button', async () => {
    const { path } = await invitation();
    const page = await browser.newPage({ userAgent: userAgents.desktop });
    await page.goto(path);
    const { stores, hrefs } = await handoff(page);
    expect(
      await page.getByRole('img', { name: en.invitation.pictureAlt.replace('{{name}}', 'Asha Verma') }).count(),
    ).toBe(1);
    expect(stores).toEqual(['App Store', 'Google Play']);
    referrerCode(hrefs[1]);
    expect(await page.getByRole('link', { name: en.welcome.openApp }).count()).toBe(0);
    expect(await page.getByRole('button', { name: en.welcome.copyInvite }).count()).toBe(0);
  });

  it('on Android: Google Play first, its referrer the invite of the short link that "Open Dayfocus" opens', async () => {
    const { path } = await invitation();
    const page = await browser.newPage({ userAgent: userAgents.android, device: 'phone' });
    await page.goto(path);
    const { stores, hrefs } = await handoff(page);
    expect(stores).toEqual(['Google Play', 'App Store']);
    const code = referrerCode(hrefs[0]);
    expect(await page.getByRole('link', { name: en.welcome.openApp }).getAttribute('href')).toBe(
      `${urls.hosting}/l/${code}`,
    );
    expect(await page.getByRole('button', { name: en.welcome.copyInvite }).count()).toBe(0);
  });

  it('on an iPhone: App Store first, and "Copy invite and get the app" puts the short link on the clipboard, then opens the App Store', async () => {
    const { path } = await invitation();
    const page = await browser.newPage({ userAgent: userAgents.iphone, device: 'phone' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.hosting });
    await page.goto(path);
    const { stores, hrefs } = await handoff(page);
    expect(stores).toEqual(['App Store', 'Google Play']);
    const code = referrerCode(hrefs[1]);
    const shortLink = `${urls.hosting}/l/${code}`;
    expect(await page.getByRole('link', { name: en.welcome.openApp }).getAttribute('href')).toBe(shortLink);

    // The App Store is outside the offline test machine: answer it with a blank page.
    await page.route('https://apps.apple.com/**', (route) => route.fulfill({ status: 200, body: 'App Store' }));
    await page.getByRole('button', { name: en.welcome.copyInvite }).click();
    await page.waitForURL((url) => url.hostname === 'apps.apple.com');
    await page.goBack();
    await visible(page.getByText('You and Asha Verma are now friends', { exact: true }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortLink);
  });
});
