// The sign-up method page's first action is the phone's own provider (src/takeover/entry.ts): what its
// sign-in needs, Firebase Auth, is asked for before the app's main chunk, and a tap made before
// the app has taken the page over reaches the provider's page without waiting for the app.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { completeProviderRedirect } from '@dayfocus/stack/provider-sign-in';
import {
  authUserByEmail,
  expectJoined,
  isTakenOver,
  reachWelcome,
  repoRoot,
  screenshot,
  seedInviter,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';
import { appMain, holdTheApp, takeoverScript } from './support/hold-app';

/**
 * Holds the requests for `path` back until `release` lets them through or `refuse` fails them;
 * later requests (a page loaded again) go through.
 */
async function holdBack(page: Page, path: string): Promise<{ release: () => void; refuse: () => void }> {
  let settle: (pass: boolean) => void = () => undefined;
  const gate = new Promise<boolean>((resolve) => (settle = resolve));
  let settled = false;
  await page.route(`**${path}`, async (route) => {
    if (settled) return route.fallback();
    if (await gate) await route.fallback();
    else await route.abort('failed');
  });
  const open = (pass: boolean) => {
    settle(pass);
    settled = true;
  };
  return { release: () => open(true), refuse: () => open(false) };
}

/** The documents of `path` the page loads (a form's submit loads it again). */
function documentsOf(page: Page, path: string): string[] {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname === path) loaded.push(request.url());
  });
  return loaded;
}

/** Firebase Auth's chunk in the web build (the manifest's chunk named `auth`). */
function authChunk(): string {
  type Chunk = { file: string; name?: string };
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const file = Object.values(manifest).find((chunk) => chunk.name === 'auth')?.file;
  if (!file) throw new Error('The web build has no chunk named auth in its manifest');
  return `/${file}`;
}

describe("The method page's provider before the rest of the app", () => {
  const browser = useBrowser();

  it("asks for Firebase Auth before the app's main chunk", async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/assets/')) asked.push(path);
    });
    await page.goto(`/social-sign-up/${inviter.userId}`);
    await takenOver(page);

    const auth = asked.indexOf(authChunk());
    const main = asked.indexOf(appMain());
    expect(auth, asked.join('\n')).toBeGreaterThanOrEqual(0);
    expect(main, asked.join('\n')).toBeGreaterThan(auth);
  });

  it("a tap before the app reaches the provider's page while the app is held back, and the sign-up completes", async () => {
    const inviter = await seedInviter();
    const invitee = { email: uniqueEmail('e2e-provider-first'), name: 'Provider First' };
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const app = await holdTheApp(page);
    await page.goto(`/social-sign-up/${inviter.userId}`);
    await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
    // The server's button: once Auth has loaded, a tap starts its sign-in in the page.
    const apple = page.locator('button[value="apple.com"]');
    expect(await apple.getAttribute('type')).toBe('submit');
    await apple.click();

    // The provider's page, with the app's main chunk still held back.
    await page.waitForURL((url) => url.pathname === '/emulator/auth/handler', { timeout: 15_000 });
    app.release();
    await completeProviderRedirect(page, { email: invitee.email, displayName: invitee.name }, urls.hosting);

    const welcomed = await reachWelcome(page, inviter.userId);
    const account = await authUserByEmail(invitee.email);
    expect(welcomed).toBe(account.uid);
    await expectJoined(inviter, { uid: account.uid, name: invitee.name, email: invitee.email });
  });

  it('a tap before Auth has loaded is held in the page, says it is working, and reaches the provider once Auth comes', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const path = `/social-sign-up/${inviter.userId}`;
    const documents = documentsOf(page, path);
    const app = await holdTheApp(page);
    const auth = await holdBack(page, authChunk());
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
    const google = page.locator('button[value="google.com"]');
    await google.click();

    // Working, on the same page: no second load of it, the mark in place of a spinner.
    await page.waitForFunction(() => document.documentElement.getAttribute('data-start-waiting') === 'google.com');
    expect(await google.locator('.provider-mark').isVisible()).toBe(false);
    expect(await google.evaluate((button) => getComputedStyle(button, '::before').animationName)).toBe('spin');
    await screenshot(page, 'social-sign-up-held-tap', 'en', 'phone');
    expect(new URL(page.url()).pathname).toBe(path);
    expect(documents).toHaveLength(1);

    auth.release();
    await page.waitForURL((url) => url.pathname === '/emulator/auth/handler', { timeout: 15_000 });
    expect(await isTakenOver(page)).toBe(false);
    expect(documents).toHaveLength(1);
    app.release();
  });

  it("a tap before any of the page's scripts has come is held by the page itself, then taken on by them", async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const path = `/social-sign-up/${inviter.userId}`;
    const documents = documentsOf(page, path);
    const takeover = await holdBack(page, takeoverScript());
    const auth = await holdBack(page, authChunk());
    // Not DOMContentLoaded: it waits for the page's module scripts, the takeover among them.
    await page.goto(path, { waitUntil: 'commit' });
    await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
    await page.locator('button[value="google.com"]').click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-start-waiting') === 'google.com');
    expect(documents).toHaveLength(1);

    takeover.release();
    await page.waitForFunction(() => (window as { dayfocusTakeover?: boolean }).dayfocusTakeover === true);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-start-waiting'))).toBe('google.com');
    auth.release();
    await page.waitForURL((url) => url.pathname === '/emulator/auth/handler', { timeout: 15_000 });
    expect(documents).toHaveLength(1);
  });

  it('a tap whose Auth could not load goes back to the form: the page comes back as ?start= and signs in', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const path = `/social-sign-up/${inviter.userId}`;
    const auth = await holdBack(page, authChunk());
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
    await page.locator('button[value="apple.com"]').click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-start-waiting') === 'apple.com');

    auth.refuse();
    const reloaded = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return request.isNavigationRequest() && url.pathname === path && url.searchParams.get('start') === 'apple.com';
    });
    await reloaded;
    await page.waitForURL((url) => url.pathname === '/emulator/auth/handler', { timeout: 15_000 });
  });

  it('a link shared with ?start= still starts nothing before the app, nor after it', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const app = await holdTheApp(page);
    await page.goto(`/social-sign-up/${inviter.userId}?start=apple.com`);
    await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
    expect(await isTakenOver(page)).toBe(false);
    app.release();
    await takenOver(page);
    await visible(page.locator('button[value="apple.com"][type="button"]'));
    expect(new URL(page.url()).pathname).toBe(`/social-sign-up/${inviter.userId}`);
  });
});
