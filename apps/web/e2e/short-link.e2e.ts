// The pages of a short link (/l/{code}) in a real browser: the app's own brand (the same top bar,
// logo, card, buttons and stylesheet as the invitation), the inviter named, one primary action
// for the device, "Continue on the web" to that inviter's invitation, a way on from an unknown
// code, and a language switch. The iPhone page makes no move by itself, and "Copy invite and
// get the app" puts exactly the short link on the clipboard.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { en, hi, stackLanguages } from './support/locales';
import { pathOf, screenshot, seedInviter, urls, useBrowser, visible, chooseLanguage } from './support/app';
import { seriousAccessibilityViolations } from './support/accessibility';

/** The inviter's short link, as "I already have an account" reaches it. */
async function shortLinkOf(inviterId: string): Promise<string> {
  const response = await fetch(`${urls.hosting}/app-link/${inviterId}`, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`/app-link answered ${response.status}`);
  return location;
}

/** What makes a page look like the app's: colours, the card, the buttons' shape, the logo. */
async function brandOf(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const css = getComputedStyle(element);
      return { color: css.color, background: css.backgroundColor, radius: css.borderRadius, shadow: css.boxShadow };
    };
    return {
      body: style('body'),
      topBar: style('header.top-bar'),
      brandName: style('.top-bar .brand-name'),
      card: style('main .page'),
      primary: style('.page .button-primary'),
      logo: document.querySelector('.top-bar .logo')?.outerHTML ?? null,
      languageSwitch: document.querySelectorAll('.top-bar .language-select a').length,
    };
  });
}

const primaryActions = (page: Page) => page.locator('main .button-primary');

/** A short link's code: "Continue on the web" carries it, so that her link's door admits (docs/inviter-view.md). */
const codeOf = (shortLink: string) => new URL(shortLink).pathname.split('/')[2] ?? '';

describe('The pages of a short link', () => {
  const browser = useBrowser();

  it('look like the app: the same top bar, logo, card, buttons and language switch as the invitation', async () => {
    const inviter = await seedInviter();
    const shortLink = await shortLinkOf(inviter.userId);
    const invitation = await browser.newPage({ userAgent: CHROME_ANDROID, device: 'phone' });
    await invitation.goto(`/feedback/${inviter.userId}/en`);
    const app = await brandOf(invitation);

    const page = await browser.newPage({ userAgent: SAFARI_IPHONE, device: 'phone' });
    await page.goto(shortLink);
    const link = await brandOf(page);
    expect(link.card, 'the card').not.toBeNull();
    expect(link.languageSwitch, 'the language switch').toBe(stackLanguages.length);
    const { primary: appPrimary, ...appRest } = app;
    const { primary: linkPrimary, ...linkRest } = link;
    expect(linkRest).toEqual(appRest);
    expect(linkPrimary?.radius).toBe(appPrimary?.radius);
    expect(linkPrimary?.background).toBe(appPrimary?.background);
  });

  it('on an iPhone: names the inviter, one primary action (copy invite and get the app), the web way leads to her invitation', async () => {
    const inviter = await seedInviter();
    const shortLink = await shortLinkOf(inviter.userId);
    const page = await browser.newPage({ userAgent: SAFARI_IPHONE, device: 'phone' });
    await page.goto(shortLink);
    await visible(page.locator('main'));
    expect(await page.locator('main').innerText()).toContain(inviter.name);
    expect(await primaryActions(page).count()).toBe(1);
    expect(await primaryActions(page).getAttribute('id')).toBe('copy-invite');
    const web = page.getByRole('link', { name: en.shortLink.web });
    expect(await web.getAttribute('href')).toBe(
      `${urls.hosting}/feedback/${inviter.userId}/en?via=link&link=${codeOf(shortLink)}`,
    );
    await web.click();
    await page.waitForURL(`${urls.hosting}/feedback/${inviter.userId}/en?via=link&link=${codeOf(shortLink)}`);
    await visible(page.getByRole('heading', { name: en.invitation.title }));
    expect(await page.locator('main').innerText()).toContain(inviter.name);
    expect((await seriousAccessibilityViolations(page)).summary).toBe('');
  });

  it('stays put on an iPhone, and "Copy invite and get the app" copies exactly the short link, then opens the App Store', async () => {
    const inviter = await seedInviter();
    const shortLink = await shortLinkOf(inviter.userId);
    const page = await browser.newPage({ userAgent: SAFARI_IPHONE, device: 'phone' });
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

  it('on an Android phone: names the inviter, Google Play (with the invite) the one primary action', async () => {
    const inviter = await seedInviter();
    const shortLink = await shortLinkOf(inviter.userId);
    const code = new URL(shortLink).pathname.split('/')[2];
    // Without scripts: the page as it stands when the app's intent does not open (an in-app browser).
    const page = await browser.newPage({ userAgent: CHROME_ANDROID, device: 'phone', javaScriptEnabled: false });
    await page.goto(shortLink);
    expect(await page.locator('main').innerText()).toContain(inviter.name);
    expect(await primaryActions(page).count()).toBe(1);
    const play = new URL((await primaryActions(page).getAttribute('href')) ?? '');
    expect(play.hostname).toBe('play.google.com');
    expect(play.searchParams.get('referrer')).toBe(`invite=${code}`);
    expect(await page.getByRole('link', { name: en.shortLink.web }).getAttribute('href')).toBe(
      `${urls.hosting}/feedback/${inviter.userId}/en?via=link&link=${codeOf(shortLink)}`,
    );
    // (axe needs the page's scripts: the iPhone and desktop pages, the same components, are checked.)
  });

  it("on a desktop: a page (not the front door) with the link's QR code and her invitation as the way on the web", async () => {
    const inviter = await seedInviter();
    const shortLink = await shortLinkOf(inviter.userId);
    const page = await browser.newPage({ device: 'desktop' });
    await page.goto(shortLink);
    expect(page.url()).toBe(shortLink);
    expect(await page.locator('main').innerText()).toContain(inviter.name);
    const qr = page.getByRole('img', { name: en.shortLink.qrAlt });
    await visible(qr);
    expect(await qr.getAttribute('src')).toBe(`${new URL(shortLink).pathname}/qr.svg`);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByRole('link', { name: en.shortLink.web }).click();
    await page.waitForURL(`${urls.hosting}/feedback/${inviter.userId}/en?via=link&link=${codeOf(shortLink)}`);
    expect((await seriousAccessibilityViolations(page)).summary).toBe('');
  });

  it('an unknown code: says so in the brand, asks for a new link, and offers the app for the device', async () => {
    const page = await browser.newPage({ userAgent: CHROME_ANDROID, device: 'phone' });
    const response = await page.goto('/l/NoSuchCode12');
    expect(response?.status()).toBe(404);
    await visible(page.locator('main .page'));
    const text = await page.locator('main').innerText();
    expect(text).toContain(en.shortLink.notFoundTitle);
    expect(text).toContain(en.shortLink.notFoundAsk);
    expect(await primaryActions(page).count()).toBe(1);
    expect(new URL((await primaryActions(page).getAttribute('href')) ?? '').hostname).toBe('play.google.com');
    expect((await seriousAccessibilityViolations(page)).summary).toBe('');

    const iphone = await browser.newPage({ userAgent: SAFARI_IPHONE, device: 'phone' });
    await iphone.goto('/l/NoSuchCode12');
    expect(new URL((await primaryActions(iphone).getAttribute('href')) ?? '').hostname).toBe('apps.apple.com');
  });

  it('follows Accept-Language, and its language switch is a link that changes the language', async () => {
    const inviter = await seedInviter();
    const shortLink = await shortLinkOf(inviter.userId);
    const page = await browser.newPage({ userAgent: SAFARI_IPHONE, device: 'phone' });
    await page.setExtraHTTPHeaders({ 'accept-language': 'hi-IN,hi;q=0.9' });
    await page.goto(shortLink);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.locator('a#copy-invite').innerText()).toBe(hi.shortLink.copyInvite);
    expect(await page.getByRole('link', { name: hi.shortLink.web }).getAttribute('href')).toBe(
      `${urls.hosting}/feedback/${inviter.userId}/hi?via=link&link=${codeOf(shortLink)}`,
    );
    await chooseLanguage(page, 'English');
    await page.waitForURL((url) => url.searchParams.get('lg') === 'en');
    expect(pathOf(page)).toBe(`${new URL(shortLink).pathname}?lg=en`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('a#copy-invite').innerText()).toBe(en.shortLink.copyInvite);
  });

  it('screenshots every link page, phone and desktop, both languages', async () => {
    const inviter = await seedInviter();
    const shortLink = await shortLinkOf(inviter.userId);
    const cases = [
      { name: 'short-link-android', url: shortLink, userAgent: CHROME_ANDROID, device: 'phone' as const },
      { name: 'short-link-iphone', url: shortLink, userAgent: SAFARI_IPHONE, device: 'phone' as const },
      { name: 'short-link-desktop', url: shortLink, userAgent: undefined, device: 'desktop' as const },
      { name: 'short-link-unknown', url: '/l/NoSuchCode12', userAgent: CHROME_ANDROID, device: 'phone' as const },
      { name: 'short-link-unknown', url: '/l/NoSuchCode12', userAgent: undefined, device: 'desktop' as const },
    ];
    for (const language of ['en', 'hi'] as const) {
      for (const { name, url, userAgent, device } of cases) {
        const page = await browser.newPage({ userAgent, device, javaScriptEnabled: false });
        await page.goto(`${url}?lg=${language}`);
        await visible(page.locator('main .page'));
        await screenshot(page, name, language, device);
      }
    }
  });
});
