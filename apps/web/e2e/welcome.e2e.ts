// The welcome page hands the new friend over to the app: nothing celebrates until activation has
// succeeded, then the news first ("You and Asha are now friends"), one primary action for this
// device (Google Play on Android, the App Store on an iPhone, both and a QR code on a desktop), the
// invite carried across the install (the Play referrer on Android, the clipboard on an iPhone),
// "I already have the app" second; the e-mail's code leaves the address bar once used.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from './support/locales';
import { holdActivation } from './support/hold-app';
import { urls, useBrowser, visible, takenOver, openMailLink } from './support/app';
import { invitation, mailedInvitation, openAs, news, referrerCode, storeActions, comesBefore } from './support/welcome';

describe('The welcome page hands over to the app', () => {
  const browser = useBrowser();

  it('while activation runs, nothing celebrates: a calm progress state; then the friend is the news, first and in bold', async () => {
    const { path } = await invitation();
    const page = await openAs(browser, 'android');
    const held = await holdActivation(page);
    await page.goto(path);
    await held.arrived;
    await visible(page.getByRole('status').getByText(en.welcome.activating));
    // Past the 100 ms at which the old page already said "Congratulations!".
    await page.waitForTimeout(300);
    expect(await page.getByText(en.welcome.congratulations).count()).toBe(0);
    expect(await page.getByText(en.welcome.activated).count()).toBe(0);
    expect(await page.getByText(/now friends/).count()).toBe(0);

    held.release();
    const headline = news(page);
    await visible(headline);
    // The news comes before everything else the page says below its title, in the heaviest type.
    const congratulations = page.getByText(en.welcome.congratulations);
    const active = page.getByText(en.welcome.activated);
    await visible(congratulations);
    expect(await comesBefore(headline, congratulations)).toBe(true);
    expect(await comesBefore(headline, active)).toBe(true);
    const weight = (locator: Locator) => locator.evaluate((node) => Number(getComputedStyle(node).fontWeight));
    const size = (locator: Locator) => locator.evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
    expect(await weight(headline)).toBeGreaterThanOrEqual(700);
    expect(await size(headline)).toBeGreaterThan(await size(congratulations));
    expect(await size(headline)).toBeGreaterThan(await size(active));
    expect(held.calls()).toBe(1);
  });

  it('on Android: Google Play alone, as wide as the buttons, carrying the invite; "I already have the app" second and lesser', async () => {
    const { path } = await invitation();
    const page = await openAs(browser, 'android');
    await page.goto(path);
    await visible(news(page));
    const actions = await storeActions(page);
    expect(actions.map((action) => action.store)).toEqual(['google-play']);
    const code = referrerCode(actions[0]?.href);
    const play = page.locator('[data-store="google-play"]');
    const already = page.getByRole('link', { name: en.welcome.openApp });
    expect(await already.getAttribute('href')).toBe(`${urls.hosting}/l/${code}`);
    expect(await comesBefore(play, already)).toBe(true);
    // As wide as the card's buttons (the content box), and the one filled action.
    const cardWidth = await page
      .locator('.page')
      .evaluate((card) => card.clientWidth - parseFloat(getComputedStyle(card).paddingLeft) * 2);
    expect((await play.boundingBox())?.width).toBeCloseTo(cardWidth, 0);
    expect(await already.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    expect(await page.getByRole('button', { name: en.welcome.copyInvite }).count()).toBe(0);
    expect(await page.locator('img.welcome-qr').count()).toBe(0);
  });

  it('on an iPhone: "Copy invite and get the app" alone (the short link to the clipboard, then the App Store); "I already have the app" second', async () => {
    const { path } = await invitation();
    const page = await openAs(browser, 'iphone');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.hosting });
    await page.goto(path);
    await visible(news(page));
    expect((await storeActions(page)).map((action) => action.store)).toEqual(['app-store']);
    const copy = page.getByRole('button', { name: en.welcome.copyInvite });
    const already = page.getByRole('link', { name: en.welcome.openApp });
    const shortLink = await already.getAttribute('href');
    expect(shortLink).toMatch(new RegExp(`^${urls.hosting}/l/[A-Za-z0-9_-]{8,32}$`));
    expect(await comesBefore(copy, already)).toBe(true);
    expect(await page.locator('img.welcome-qr').count()).toBe(0);

    // The App Store is outside the offline test machine: answer it with a blank page.
    await page.route('https://apps.apple.com/**', (route) => route.fulfill({ status: 200, body: 'App Store' }));
    await copy.click();
    await page.waitForURL((url) => url.hostname === 'apps.apple.com');
    await page.goBack();
    await visible(news(page));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortLink);
  });

  it('on a desktop: the App Store and Google Play (with the invite), and the QR code of the short link for the phone', async () => {
    const { path } = await invitation();
    const page = await openAs(browser, 'desktop');
    await page.goto(path);
    await visible(news(page));
    expect(
      await page.getByRole('img', { name: en.invitation.pictureAlt.replace('{{name}}', 'Asha Verma') }).count(),
    ).toBe(1);
    const actions = await storeActions(page);
    expect(actions.map((action) => action.store)).toEqual(['app-store', 'google-play']);
    const code = referrerCode(actions[1]?.href);
    const qr = page.getByRole('img', { name: en.welcome.qrAlt });
    await visible(qr);
    expect(await qr.getAttribute('src')).toBe(`/l/${code}/qr.svg`);
    // Drawn, not broken: decode() rejects for an image that did not load.
    await qr.evaluate((img) => (img as HTMLImageElement).decode());
    expect(await page.getByRole('button', { name: en.welcome.copyInvite }).count()).toBe(0);
  });

  it('the greeting: the caption under the picture, with no hole; the name never broken, at any phone width, in Hindi', async () => {
    const { path } = await invitation();
    const page = await openAs(browser, 'android');
    await page.goto(`${path}?lg=hi`);
    const headline = news(page, 'hi');
    await visible(headline);
    const picture = page.locator('.greeting .inviter-picture');
    const [pictureBox, headlineBox] = [await picture.boundingBox(), await headline.boundingBox()];
    if (!pictureBox || !headlineBox) throw new Error('no picture or headline box');
    expect(headlineBox.y).toBeGreaterThanOrEqual(pictureBox.y + pictureBox.height);
    // Just below it (the news's place holds more lines than one: the words sit at its top).
    expect(headlineBox.y - (pictureBox.y + pictureBox.height)).toBeLessThan(40);
    const centre = (box: { x: number; width: number }) => box.x + box.width / 2;
    expect(Math.abs(centre(headlineBox) - centre(pictureBox))).toBeLessThan(2);

    const brokenAt: number[] = [];
    for (let width = 320; width <= 480; width += 4) {
      await page.setViewportSize({ width, height: 915 });
      const lines = await headline.evaluate((node) => {
        const text = [...node.childNodes].find((child) => /Asha[\s\u00a0]Verma/.test(child.textContent ?? ''));
        if (!text) return -1;
        const within = text.nodeType === Node.TEXT_NODE ? text : text.firstChild;
        const start = (within?.textContent ?? '').search(/Asha[\s\u00a0]Verma/);
        const range = document.createRange();
        range.setStart(within as Node, start);
        range.setEnd(within as Node, start + 'Asha Verma'.length);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      if (lines !== 1) brokenAt.push(width);
    }
    expect(brokenAt, 'widths at which the name is not on one line').toEqual([]);
  });

  it("the e-mail's code leaves the address bar once used (the language stays); a reload still welcomes", async () => {
    // A code of her own mail: one that proves nothing is refused before any welcome.
    const { path, code } = await mailedInvitation();
    const page = await openAs(browser, 'android');
    // A lost first call: the code must stay for the retry.
    let failed = false;
    await page.route(
      (url) => url.pathname.endsWith('/activateAccount'),
      async (route) => {
        if (failed) return route.fallback();
        failed = true;
        await route.abort('internetdisconnected');
      },
    );
    await openMailLink(page, `${path}?lg=en&mode=verifyEmail&oobCode=${code}`);
    const retry = page.getByRole('button', { name: en.app.retry });
    await visible(retry);
    expect(new URL(page.url()).searchParams.get('oobCode')).toBe(code);
    await retry.click(); // the confirm form's own POST, which needs no App Check
    await visible(news(page));
    await expect.poll(() => new URL(page.url()).search).toBe('?lg=en');
    expect(new URL(page.url()).pathname).toBe(path);

    await page.reload();
    await takenOver(page);
    await visible(news(page));
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('/welcome without an invitee congratulates nobody', async () => {
    const page = await openAs(browser, 'android');
    await page.goto('/welcome');
    await takenOver(page);
    await page.waitForTimeout(300);
    expect(await page.getByText(en.welcome.congratulations).count()).toBe(0);
    expect(await page.getByText(/now friends/).count()).toBe(0);
  });
});
