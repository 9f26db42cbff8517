// The sign-up method page's first action is the phone's own provider (src/takeover/entry.ts): what its
// sign-in needs, Firebase Auth, is asked for before the app's main chunk, and a tap made before
// the app has taken the page over reaches the provider's page without waiting for the app.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { completeProviderRedirect, isLocalProviderPage } from '@dayfocus/stack/provider-sign-in';
import { LOCAL_IDENTITY_PROVIDER_PATH, providerReturnFragment } from '@dayfocus/contracts/provider-return';
import {
  authUserByEmail,
  expectJoined,
  isTakenOver,
  reachWelcome,
  repoRoot,
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

  it("a tap before the app reaches the provider's page in one round trip, no script on the way, and the sign-up completes", async () => {
    const inviter = await seedInviter();
    const invitee = { email: uniqueEmail('e2e-provider-first'), name: 'Provider First' };
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const app = await holdTheApp(page);
    // Auth never comes before the provider's page: the server starts the sign-in.
    const auth = await holdBack(page, authChunk());
    await page.goto(`/social-sign-up/${inviter.userId}`, { waitUntil: 'domcontentloaded' });
    await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
    const apple = page.locator('button[value="apple.com"]');
    expect(await apple.getAttribute('type')).toBe('submit');
    // The pages the tab goes to: the takeover's own early requests (Firebase Auth's chunk, held
    // here, and the chunks beside it) may still leave after the listener is on, on a busy machine,
    // and are not on the tap's way. With Auth and the app held, no script can start a sign-in: the
    // tap's first page is the server's start, a form's POST.
    const went: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) went.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await apple.click();

    // The provider's page, straight from the server's answer to the tap.
    await page.waitForURL(isLocalProviderPage, { timeout: 15_000 });
    expect(went.slice(0, 2)).toEqual(['POST /auth/start', `GET ${LOCAL_IDENTITY_PROVIDER_PATH}/apple.com`]);
    auth.release();
    app.release();
    await completeProviderRedirect(page, { email: invitee.email, displayName: invitee.name }, urls.hosting);
    // Back on her page, the token out of the address at once.
    await page.waitForFunction(() => !window.location.hash.includes('idp='));

    const welcomed = await reachWelcome(page, inviter.userId);
    const account = await authUserByEmail(invitee.email);
    expect(welcomed).toBe(account.uid);
    expect(account.providerData.map((info) => info.providerId)).toEqual(['apple.com']);
    await expectJoined(inviter, { uid: account.uid, name: invitee.name, email: invitee.email });
  });

  it("a tap before any of the page's scripts has come goes to the server's start too, nothing held", async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const path = `/social-sign-up/${inviter.userId}`;
    const takeover = await holdBack(page, takeoverScript());
    // Not DOMContentLoaded: it waits for the page's module scripts, the takeover among them.
    await page.goto(path, { waitUntil: 'commit' });
    await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
    await page.locator('button[value="google.com"]').click();
    await page.waitForURL(isLocalProviderPage, { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${urls.hosting}/auth/return`);
    takeover.release();
  });

  it('a provider the server does not start comes back as ?start= and the page signs in by its own redirect', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const path = `/social-sign-up/${inviter.userId}`;
    // As a deploy without Apple's Services ID answers (provider-redirect-flow.ts, unit-tested there).
    await page.route('**/auth/start?*', (route) =>
      route.fulfill({ status: 303, headers: { location: `${path}?start=apple.com` } }),
    );
    const app = await holdTheApp(page);
    await page.goto(path);
    await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));
    await page.waitForFunction(() => (window as { dayfocusTakeover?: boolean }).dayfocusTakeover === true);
    const reloaded = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return request.isNavigationRequest() && url.pathname === path && url.searchParams.get('start') === 'apple.com';
    });
    await page.locator('button[value="apple.com"][type="submit"]').click();
    await reloaded;
    await page.waitForURL((url) => url.pathname === '/emulator/auth/handler', { timeout: 15_000 });
    app.release();
  });

  it("an address made elsewhere with a provider's token in its fragment signs nobody in", async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-forged-return');
    // A token the stand-in would issue (the Auth emulator believes it), for someone else's account.
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = {
      iss: 'https://accounts.google.com',
      aud: 'x',
      sub: `forged-${email}`,
      email,
      email_verified: true,
    };
    const idToken = `${part({ alg: 'none' })}.${part(claims)}.`;
    const fragment = providerReturnFragment({ provider: 'google.com', idToken, rawNonce: 'n' });
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await page.goto(`/social-sign-up/${inviter.userId}#${fragment}`);
    await takenOver(page);
    // Out of the address, and nobody signed in: the buttons wait for a tap.
    await page.waitForFunction(() => window.location.hash === '');
    await visible(page.locator('button[value="google.com"][type="button"]:not([disabled])'));
    await expect(authUserByEmail(email)).rejects.toThrow();
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
