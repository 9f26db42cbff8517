/**
 * The app held back: its main chunk (main.tsx, which the takeover's entry imports last, once the
 * page has loaded) waits until the test lets it through, so that a test acts on the server's page as a
 * slow phone shows it before the app has taken it over. Also the welcome step's activation held,
 * to see the page while it runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { repoRoot } from './app';

/** The takeover's entry, the one script a server page loads up front, as the build's manifest names it. */
const TAKEOVER_ENTRY = 'src/takeover/entry.ts';

/**
 * The chunk of the app's main module (main.tsx), which the takeover's entry imports last, once the
 * page has loaded: from the build's manifest (it is one of takeover's dynamic imports, named after main).
 */
export function appMain(): string {
  type Chunk = { file: string; dynamicImports?: string[] };
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const files = (manifest[TAKEOVER_ENTRY]?.dynamicImports ?? []).map((key) => manifest[key]?.file ?? '');
  const file = files.find((name) => /(^|\/)main-[^/]*\.js$/.test(name));
  if (!file)
    throw new Error(`${TAKEOVER_ENTRY} imports no main chunk in the web build's manifest: ${files.join(', ')}`);
  return `/${file}`;
}

/** The takeover's own file (the one script a server page loads up front), from the build's manifest. */
export function takeoverScript(): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const file = manifest[TAKEOVER_ENTRY]?.file;
  if (!file) throw new Error(`The web build's manifest has no ${TAKEOVER_ENTRY}`);
  return `/${file}`;
}

/** Holds the app's main chunk back until `release` is called. */
export async function holdTheApp(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${appMain()}`, async (route) => {
    await gate;
    await route.fallback();
  });
  return { release };
}

/**
 * Holds every activation call until `release()`: the page as it looks while activation runs.
 * `calls` counts the calls the page made.
 */
export async function holdActivation(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  let arrived: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/activateAccount'),
    async (route: Route) => {
      calls += 1;
      arrived();
      await released;
      await route.fallback();
    },
  );
  return { release, arrived: first, calls: () => calls };
}
