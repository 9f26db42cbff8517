// The e-mail form works from its first paint (docs/arrival.md, "Pages that work before their
// scripts"): on a slow phone the app's code arrives seconds after the page. Here the app's main
// chunk is held back until the test lets it through, so every step below happens on the server's
// page before the app has taken it over.
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { en } from './support/locales';
import {
  authUserByEmail,
  confirmEmailPath,
  fillSignUpForm,
  isTakenOver,
  pathOf,
  reachPath,
  screenshot,
  seedInviter,
  signUpButton,
  takenOver,
  uniqueEmail,
  useBrowser,
  verificationEmail,
  visible,
} from './support/app';
import { holdTheApp, takeoverScript } from './support/hold-app';

describe('The e-mail form before the app', () => {
  const browser = useBrowser();

  it('takes typing, shows a submit made early as working, and sends it once when the app arrives', async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-early');
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const app = await holdTheApp(page);
    const signUps: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/signUpWithEmail')) signUps.push(request.method());
    });
    await page.goto(`/sign-up/${inviter.userId}`);

    await fillSignUpForm(page, { name: 'Early Friend', email, password: 'correct-horse' });
    expect(await isTakenOver(page)).toBe(false);
    await signUpButton(page).click();
    // Held: the page stays, says it is working, and nothing has been sent; the app is not there.
    await visible(page.getByRole('button', { name: en.signUp.working, exact: true }));
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-submit-waiting'))).toBe(true);
    expect(await isTakenOver(page)).toBe(false);
    await screenshot(page, 'sign-up-early-submit', 'en', 'phone');
    expect(pathOf(page)).toBe(`/sign-up/${inviter.userId}`);
    expect(signUps).toEqual([]);

    app.release();
    await reachPath(page, confirmEmailPath);
    expect(signUps).toEqual(['POST']);
    expect((await authUserByEmail(email)).email).toBe(email);
    await verificationEmail(email);
  });

  it("holds a submit made before any of the page's scripts has come, and sends it once when they have", async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-earliest');
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    let releaseTakeover: () => void = () => undefined;
    const takeoverHeld = new Promise<void>((resolve) => (releaseTakeover = resolve));
    await page.route(`**${takeoverScript()}`, async (route) => {
      await takeoverHeld;
      await route.fallback();
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.method() === 'POST') posts.push(request.url());
    });
    // Not DOMContentLoaded: it waits for the page's module scripts, the takeover among them.
    await page.goto(`/sign-up/${inviter.userId}`, { waitUntil: 'commit' });
    await fillSignUpForm(page, { name: 'Earliest Friend', email, password: 'correct-horse' });
    await signUpButton(page).click();
    // Held by the page's inline script: working, nothing posted, what was typed still there.
    await visible(page.getByRole('button', { name: en.signUp.working, exact: true }));
    expect(posts).toEqual([]);
    expect(await page.getByLabel(en.signUp.email, { exact: true }).inputValue()).toBe(email);

    releaseTakeover();
    await reachPath(page, confirmEmailPath);
    expect(posts).toEqual([]);
    expect((await authUserByEmail(email)).email).toBe(email);
  });

  it('keeps what was typed, the focus and the caret when the app takes the form over', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const app = await holdTheApp(page);
    await page.goto(`/sign-up/${inviter.userId}`);
    const name = page.getByLabel(en.signUp.username, { exact: true });
    await name.fill('Asha');
    const password = page.getByLabel(en.signUp.password, { exact: true });
    await password.click();
    await page.keyboard.type('correct');
    // The caret in the middle: what is typed after the takeover lands there.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await isTakenOver(page)).toBe(false);

    app.release();
    await takenOver(page);
    await page.keyboard.type('XY');
    expect(await password.inputValue()).toBe('correXYct');
    expect(await name.inputValue()).toBe('Asha');
  });

  it('never sends a field in the address, even when the browser submits it before any script ran', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID, javaScriptEnabled: false });
    await page.goto(`/sign-up/${inviter.userId}?lg=en`);
    await page.getByLabel(en.signUp.email, { exact: true }).fill('early@example.com');
    await page.getByLabel(en.signUp.password, { exact: true }).fill('secret-pass');
    const posted = page.waitForRequest((request) => request.url().includes(`/sign-up/${inviter.userId}`));
    await page.getByRole('button', { name: en.signUp.submit, exact: true }).click();
    const request = await posted;
    expect(request.method()).toBe('POST');
    expect(request.url()).not.toContain('secret');
    // The page comes back (nothing was signed up), at an address without any field.
    await page.waitForLoadState('load');
    expect(page.url()).not.toContain('secret');
    expect(page.url()).not.toContain('early%40example.com');
    await visible(page.getByRole('button', { name: en.signUp.submit, exact: true }));
  });
});
