// The first HTML tells the truth (docs/arrival.md): on a slow phone the server's page is all a
// person has for seconds, so it must already be the page the app will show. What the server knows
// (the user agent, the path, the query) decides it; nothing moves under her thumb when the app
// arrives, and what she does before then counts as she meant it.
import { outboxIds, verificationMail } from '@dayfocus/stack/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID, inAppBrowsers } from '@dayfocus/stack/user-agents';
import { stackLanguages, textsOf } from './support/locales';
import {
  authUserByEmail,
  confirmEmailPath,
  expectJoined,
  isTakenOver,
  pathOf,
  reachPath,
  screenshot,
  seedInviter,
  sendSignUpForm,
  stopSignUpBeforeTheMail,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
  type BrowserSession,
} from './support/app';
import { filledActions } from './support/layout';
import { firstPaint, slowPhone } from './support/slow-phone';

function instagram(platform: 'android' | 'ios'): string {
  const arrival = inAppBrowsers.find((candidate) => candidate.appName === 'Instagram' && candidate.phone === platform);
  if (!arrival) throw new Error(`no Instagram on ${platform} in @dayfocus/stack/user-agents`);
  return arrival.userAgent;
}

/** Where `locator` is on the page (scroll included), as a finger finds it. */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

/** Whether the page's notice of an in-app browser shows. */
const inAppNotice = (page: Page) => page.locator('.in-app-notice');

describe("Instagram's sign-up method page on a slow phone", () => {
  const browser = useBrowser();

  for (const [platform, language] of [
    ['android', 'hi'],
    ['ios', 'ta'],
  ] as const) {
    const t = textsOf(language);
    it(`shows the in-app state from the first paint, and nothing moves when the app takes over (${platform}, ${language})`, async () => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', userAgent: instagram(platform) });
      await slowPhone(page);
      await page.goto(`/social-sign-up/${inviter.userId}?lg=${language}`, { waitUntil: 'commit' });
      await firstPaint(page);
      const email = page.getByRole('link', { name: t.socialSignUp.email, exact: true });
      const before = await boxOf(email);
      // The way out stands where Google would, from the first paint; Google is never offered here.
      expect(await inAppNotice(page).count()).toBe(1);
      expect(await page.getByRole('button', { name: t.socialSignUp.google }).count()).toBe(0);

      await takenOver(page);
      await visible(inAppNotice(page));
      expect(await boxOf(email)).toEqual(before);
      expect(await page.getByRole('button', { name: t.socialSignUp.google }).count()).toBe(0);
      await screenshot(page, `first-paint-in-app-${platform}`, language, 'phone');
    });
  }

  it('takes a tap on "Sign up with email" right after the first paint to the e-mail form', async () => {
    const inviter = await seedInviter();
    const t = textsOf('hi');
    const page = await browser.newPage({ device: 'phone', userAgent: instagram('android') });
    await slowPhone(page);
    await page.goto(`/social-sign-up/${inviter.userId}?lg=hi`, { waitUntil: 'commit' });
    await firstPaint(page);
    const box = await boxOf(page.getByRole('link', { name: t.socialSignUp.email, exact: true }));
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await reachPath(page, `/sign-up/${inviter.userId}?lg=hi`);
    await visible(page.getByLabel(t.signUp.email, { exact: true }));
    expect(pathOf(page)).toBe(`/sign-up/${inviter.userId}?lg=hi`);
  });
});

/** Watches the page for its "Loading…" from now on: answers whether it ever showed. */
async function loadingShown(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const seen = { loading: false };
    (window as unknown as { loadingSeen: typeof seen }).loadingSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('.loader')) seen.loading = true;
    }).observe(document, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { loadingSeen: { loading: boolean } }).loadingSeen.loading);
}

/** Whether `box` lies whole within the first screen of a `height`-tall viewport, unscrolled. */
const onFirstScreen = (box: { y: number; height: number }, height: number) =>
  box.y >= 0 && box.y + box.height <= height;

describe("Instagram's sign-up method page on a small phone (360x740)", () => {
  const browser = useBrowser();

  // The server's page (the app's scripts kept away): what every language paints first.
  for (const platform of ['android', 'ios'] as const) {
    it(`shows the e-mail way on the first screen as the one filled action, in every language (${platform})`, async () => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'small-phone', userAgent: instagram(platform) });
      await page.route('**/*.js', (route) => route.abort());
      for (const language of stackLanguages) {
        const t = textsOf(language);
        await page.goto(`/social-sign-up/${inviter.userId}?lg=${language}`);
        const email = page.getByRole('link', { name: t.socialSignUp.email, exact: true });
        expect(onFirstScreen(await boxOf(email), 740), `${language}: the e-mail way on the first screen`).toBe(true);
        expect(await filledActions(page), `${language}: the one filled action`).toEqual([t.socialSignUp.email]);
        expect(await inAppNotice(page).count(), `${language}: the way out still offered`).toBe(1);
        if (language === 'hi') await screenshot(page, `social-sign-up-in-app-${platform}`, language, 'small-phone');
      }
    });
  }

  it('keeps the e-mail way first and filled in Tamil when the app takes over on the slow profile', async () => {
    const t = textsOf('ta');
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'small-phone', userAgent: instagram('android') });
    await slowPhone(page);
    await page.goto(`/social-sign-up/${inviter.userId}?lg=ta`, { waitUntil: 'commit' });
    await firstPaint(page);
    const email = page.getByRole('link', { name: t.socialSignUp.email, exact: true });
    const before = await boxOf(email);
    expect(onFirstScreen(before, 740)).toBe(true);

    await takenOver(page);
    expect(await boxOf(email)).toEqual(before);
    expect(await filledActions(page)).toEqual([t.socialSignUp.email]);
    await screenshot(page, 'social-sign-up-in-app', 'ta', 'small-phone');
  });
});

describe('The check-mail page reloaded on a slow phone (a dropped tab)', () => {
  const browser = useBrowser();

  for (const language of ['ta', 'hi'] as const) {
    it(`shows where the mail went from the first paint, and nothing moves when the app takes over (${language})`, async () => {
      const t = textsOf(language);
      const inviter = await seedInviter();
      const email = uniqueEmail('e2e-reloaded');
      const page = await browser.newPage({ device: 'small-phone', userAgent: CHROME_ANDROID });
      await page.goto(`/sign-up/${inviter.userId}?lg=${language}`);
      await takenOver(page);
      const loading = await loadingShown(page);
      await sendSignUpForm(page, { name: 'Mira Nair', email, password: 'correct-horse-1' }, t);
      await reachPath(page, confirmEmailPath);
      // From the form to the check-mail page with no "Loading…" between: its module came ahead.
      expect(await loading()).toBe(false);
      await visible(page.getByRole('button', { name: t.confirmEmail.resend, exact: true }));

      await slowPhone(page);
      await page.reload({ waitUntil: 'commit' });
      await firstPaint(page);
      expect(await isTakenOver(page)).toBe(false);
      const lead = page.locator('.lead');
      expect(await lead.textContent()).toContain(email);
      // In the server's page for a cold visit, hidden before the first paint for the tab that signed up.
      expect(await page.getByText(t.confirmEmail.noSession).isVisible()).toBe(false);
      const field = page.getByLabel(t.confirmEmail.codeLabel, { exact: true });
      const confirm = page.getByRole('button', { name: t.confirmEmail.codeSubmit, exact: true });
      const before = { field: await boxOf(field), confirm: await boxOf(confirm) };

      await takenOver(page);
      await visible(page.getByRole('button', { name: t.confirmEmail.resend, exact: true }));
      expect({ field: await boxOf(field), confirm: await boxOf(confirm) }).toEqual(before);
      expect(await lead.textContent()).toContain(email);
      await screenshot(page, 'confirm-email-reloaded', language, 'small-phone');
    });
  }
});

describe("Instagram's invitation on a slow phone", () => {
  const browser = useBrowser();

  it('keeps its actions where they painted when the way out comes with the app, below them', async () => {
    const t = textsOf('ta');
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: instagram('android') });
    await slowPhone(page);
    await page.goto(`/feedback/${inviter.userId}/ta`, { waitUntil: 'commit' });
    await firstPaint(page);
    const signUp = page.getByRole('link', { name: t.invitation.signUp, exact: true });
    const before = await boxOf(signUp);

    await takenOver(page);
    await visible(inAppNotice(page));
    expect(await boxOf(signUp)).toEqual(before);
    const notice = await boxOf(inAppNotice(page));
    expect(notice.y).toBeGreaterThan(before.y + before.height);
    await screenshot(page, 'first-paint-invitation-in-app', 'ta', 'phone');
  });
});

/**
 * A sign-up left half-way in Hindi (the network gone before the mail), tried again with another
 * password, and the link to finish it mailed: answers the mail's link.
 */
async function finishLinkMailed(
  browser: BrowserSession,
  inviterId: string,
  email: string,
  language: 'hi' | 'ta' = 'hi',
): Promise<string> {
  const t = textsOf(language);
  const fill = async (page: Page, password: string) => {
    await page.getByLabel(t.signUp.username, { exact: true }).fill('Mira Nair');
    await page.getByLabel(t.signUp.email, { exact: true }).fill(email);
    await page.getByLabel(t.signUp.password, { exact: true }).fill(password);
    await page.getByLabel(t.signUp.confirmPassword, { exact: true }).fill(password);
    await page.getByRole('button', { name: t.signUp.submit, exact: true }).click();
  };
  const first = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
  await stopSignUpBeforeTheMail(first);
  await first.goto(`/sign-up/${inviterId}?lg=${language}`);
  await takenOver(first);
  await fill(first, 'first-password-1');
  await visible(first.getByRole('alert'));
  expect(await outboxIds(email)).toEqual([]);
  await first.goto(`/sign-up/${inviterId}?lg=${language}`);
  await takenOver(first);
  await fill(first, 'second-password-2');
  await first.getByRole('button', { name: t.signUp.finishLinkButton, exact: true }).click();
  return (await verificationMail(email)).link;
}

describe('The mailed link that finishes a sign-up, on a slow phone', () => {
  const browser = useBrowser();

  it('is the finishing form from the first paint, keeps what she types before the app, and finishes', async () => {
    const t = textsOf('hi');
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-finish-first');
    const link = await finishLinkMailed(browser, inviter.userId, email);
    const code = new URLSearchParams(new URL(link).hash.slice(1)).get('oobCode') ?? '';
    expect(code).not.toBe('');

    // The mail app's browser: nobody signed in, nothing stored.
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const carried: string[] = [];
    page.on('request', (request) => {
      const referer = request.headers().referer ?? '';
      if (request.url().includes(code) || referer.includes(code)) carried.push(request.url());
    });
    await slowPhone(page);
    await page.goto(link, { waitUntil: 'commit' });
    await firstPaint(page);
    // At once, not once the app has come: the heading and no field of the sign-up form.
    expect(await page.getByRole('heading', { name: t.signUp.finishTitle }).count()).toBe(1);
    expect(await page.getByLabel(t.signUp.username, { exact: true }).count()).toBe(0);
    expect(await page.getByLabel(t.signUp.email, { exact: true }).count()).toBe(0);
    expect(await isTakenOver(page)).toBe(false);
    await screenshot(page, 'finish-first-paint', 'hi', 'phone');

    await page.getByLabel(t.signUp.password, { exact: true }).fill('third-password-3');
    await page.getByLabel(t.signUp.confirmPassword, { exact: true }).fill('third-password-3');
    expect(await isTakenOver(page)).toBe(false);
    await page.getByRole('button', { name: t.signUp.finishSubmit, exact: true }).click();

    await reachPath(page, new RegExp(`^/welcome/[^/]+/${inviter.userId}`));
    await visible(page.getByText(t.welcome.activated));
    const account = await authUserByEmail(email);
    await expectJoined(inviter, { uid: account.uid, name: 'Mira Nair', email });
    expect(account.emailVerified).toBe(true);
    expect(carried).toEqual([]);
  });

  it('shows "Finish" working from the tap, before the app and after it, until the welcome page', async () => {
    const t = textsOf('ta');
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-finish-busy');
    const link = await finishLinkMailed(browser, inviter.userId, email, 'ta');
    const page = await browser.newPage({ device: 'small-phone', userAgent: CHROME_ANDROID });
    await slowPhone(page);
    await page.goto(link, { waitUntil: 'commit' });
    await firstPaint(page);
    await page.getByLabel(t.signUp.password, { exact: true }).fill('third-password-3');
    await page.getByLabel(t.signUp.confirmPassword, { exact: true }).fill('third-password-3');
    await page.getByRole('button', { name: t.signUp.finishSubmit, exact: true }).click();
    // Every look of the button from the tap on: working while held by the page, then the app's own.
    await page.evaluate(() => {
      const looks: string[] = [];
      (window as unknown as { finishLooks: string[] }).finishLooks = looks;
      const look = () => {
        // The page's "Loading…" between the form and the welcome page.
        if (document.querySelector('.loader')) looks.push('loading');
        const button = document.querySelector('form[data-held-submit] [type="submit"]');
        if (!button) return;
        const held = document.documentElement.hasAttribute('data-submit-waiting');
        looks.push(held || button.getAttribute('aria-busy') === 'true' ? 'working' : 'idle');
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
      look();
    });
    expect(await page.getByRole('button', { name: t.signUp.finishWorking, exact: true }).count()).toBe(1);
    expect(await isTakenOver(page)).toBe(false);
    await screenshot(page, 'finish-held', 'ta', 'small-phone');

    await reachPath(page, new RegExp(`^/welcome/[^/]+/${inviter.userId}`));
    const looks = await page.evaluate(() => (window as unknown as { finishLooks?: string[] }).finishLooks);
    // The app went on to the welcome page in the same document, which keeps the record.
    expect(looks).toContain('working');
    expect(looks?.filter((look) => look !== 'working')).toEqual([]);
    await visible(page.getByText(t.welcome.activated));
  });

  it('moves nothing under her thumb when the app has read the link and names its address', async () => {
    const t = textsOf('ta');
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-finish-still');
    const link = await finishLinkMailed(browser, inviter.userId, email, 'ta');
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
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

  it('says a link that lost its code no longer works, with the way back to the form', async () => {
    const t = textsOf('ta');
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    // The mark without its fragment: a link cut short, or one somebody made up.
    await page.goto(`/sign-up/${inviter.userId}?lg=ta&finish=1`);
    await takenOver(page);
    await visible(page.getByText(t.signUp.finishUnusable, { exact: true }));
    await screenshot(page, 'finish-link-without-code', 'ta', 'phone');
    await page.getByRole('link', { name: t.signUp.signUpAgain, exact: true }).click();
    await visible(page.getByLabel(t.signUp.email, { exact: true }));
    expect(pathOf(page)).toBe(`/sign-up/${inviter.userId}?lg=ta`);
  });
});
