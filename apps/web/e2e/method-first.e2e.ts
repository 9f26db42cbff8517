// The sign-up method page's first action is the phone's own provider (takeover.ts): what its
// sign-in needs, Firebase Auth, is asked for before the app's main chunk, and a tap made before
// the app has taken the page over reaches the provider's page without waiting for the app.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import {
  authUserByEmail,
  expectJoined,
  reachWelcome,
  repoRoot,
  seedInviter,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';
import { completeProviderRedirect } from './support/auth-emulator';
import { appMain, holdTheApp, isTakenOver } from './support/hold-app';

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
    // The server's button, which submits the page's form: the page comes back with `?start=`.
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
