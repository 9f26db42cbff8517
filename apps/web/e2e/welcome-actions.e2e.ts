// One action to take first on each state of the welcome page (docs/deviations.md, "The welcome
// page"): where a link cannot confirm, "Sign up again" is the one filled action and the store a
// lesser, outlined one; on the confirm step, the confirm button, no smaller than the store that
// waits below it, outlined until the news.
import { verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en, hi, textsOf } from './support/locales';
import {
  openMailLink,
  screenshot,
  seedInviter,
  signUpByEmail,
  tapConfirm,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';

const invitee = () => ({ name: 'Mira Nair', email: uniqueEmail('e2e-one-action'), password: 'correct-horse' });

/**
 * The filled actions of the page's card (a background neither white nor transparent): the one a
 * person's eye takes for what to do. Answers their accessible names as shown.
 */
async function filledActions(page: Page) {
  // Not under the pointer: the tap that led here may have left it over an action, which a hover fills.
  await page.mouse.move(0, 0);
  return page.locator('.page a, .page button').evaluateAll((nodes) =>
    nodes
      .filter((node) => {
        const box = node.getBoundingClientRect();
        const [r = 255, g = 255, b = 255, a = 1] = (getComputedStyle(node).backgroundColor.match(/[\d.]+/g) ?? []).map(
          Number,
        );
        return box.width > 0 && a > 0 && r + g + b < 3 * 240;
      })
      .map((node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim()),
  );
}

describe('A confirmation link that cannot confirm', () => {
  const browser = useBrowser();

  /** A sign-up by e-mail whose mail's link is cut short, opened on an iPhone in `lg`. */
  async function cutLink(lg = 'en') {
    const inviter = await seedInviter();
    const person = invitee();
    await signUpByEmail(await browser.newPage({ device: 'phone' }), inviter.userId, person);
    const link = new URL((await verificationMail(person.email)).link);
    link.searchParams.set('oobCode', `${link.searchParams.get('oobCode') ?? ''}-cut`);
    link.searchParams.set('lg', lg);
    const page = await browser.newPage({ device: 'phone', userAgent: SAFARI_IPHONE });
    await openMailLink(page, link.href);
    return page;
  }

  it('cut short: "Sign up again" is the one filled action, the store a lesser one', async () => {
    const page = await cutLink();
    await visible(page.getByRole('alert').getByText(en.welcome.linkInvalid));
    expect(await filledActions(page)).toEqual([en.welcome.signUpAgain]);
    await visible(page.locator('[data-store="app-store"]'));
  });

  it('expired: "Sign up again" is the one filled action, the store a lesser one', async () => {
    const inviter = await seedInviter();
    const person = invitee();
    await signUpByEmail(await browser.newPage({ device: 'phone' }), inviter.userId, person);
    const { link } = await verificationMail(person.email);
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    // The emulator's codes never expire: activation's answer for a code past its lifetime.
    await page.route('**/activateAccount', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { status: 'FAILED_PRECONDITION', message: 'no', details: { verificationLink: 'expired' } },
        }),
      }),
    );
    await openMailLink(page, link);
    await visible(page.getByRole('alert').getByText(en.welcome.linkExpired));
    expect(await filledActions(page)).toEqual([en.welcome.signUpAgain]);
    await visible(page.locator('[data-store="google-play"]'));
  });

  for (const language of ['hi', 'ta'] as const) {
    it(`screenshot: the cut link's page, in ${language}`, async () => {
      const page = await cutLink(language);
      await visible(page.getByRole('alert').getByText(textsOf(language).welcome.linkInvalid));
      await screenshot(page, 'welcome-link-invalid', language, 'phone');
    });
  }
});

describe('The confirm step', () => {
  const browser = useBrowser();

  it('the confirm button is the one filled action, no smaller than the store waiting below it', async () => {
    const inviter = await seedInviter();
    const person = invitee();
    await signUpByEmail(await browser.newPage({ device: 'phone' }), inviter.userId, person);
    // In Hindi, where the button's words take one line: the shortest it gets.
    const link = new URL((await verificationMail(person.email)).link);
    link.searchParams.set('lg', 'hi');
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID, javaScriptEnabled: false });
    await page.goto(link.href);
    const confirm = page.locator('#welcome-confirm button[type="submit"]');
    await visible(confirm);
    const words = (await confirm.textContent())?.replace(/\s+/g, ' ').trim();
    expect(await filledActions(page)).toEqual([words]);
    const height = async (selector: string) => (await page.locator(selector).boundingBox())?.height ?? 0;
    expect(await height('#welcome-confirm button[type="submit"]')).toBeGreaterThanOrEqual(
      await height('[data-store="google-play"]'),
    );
    await tapConfirm(page);
    await visible(page.getByText(hi.welcome.activated));
    expect(await filledActions(page)).toEqual([
      `${hi.welcome.playStoreBefore} Google Play ${hi.welcome.playStoreAfter}`.trim(),
    ]);
  });

  for (const language of ['hi', 'ta'] as const) {
    it(`screenshot: the confirm step, in ${language}`, async () => {
      const inviter = await seedInviter();
      const person = invitee();
      await signUpByEmail(await browser.newPage({ device: 'phone' }), inviter.userId, person);
      const link = new URL((await verificationMail(person.email)).link);
      link.searchParams.set('lg', language);
      const page = await browser.newPage({ device: 'phone', userAgent: SAFARI_IPHONE, javaScriptEnabled: false });
      await page.goto(link.href);
      await visible(page.getByText(textsOf(language).welcome.confirmLead));
      await screenshot(page, 'welcome-confirm-step', language, 'phone');
    });
  }
});
