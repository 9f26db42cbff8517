/**
 * Lighthouse on every page of the journey, in each switched-on language, served by the Hosting
 * emulator with the demo inviter seeded: the invitation (rendered by the invitationPage
 * function), the sign-up method page, the e-mail form, the confirmation page and the welcome page
 * (of an invitee seeded for the run), the front door, and the demo inviter's short link as an
 * iPhone gets it (`/l/{code}`, drawn by the same renderer; Android's page moves to the app by
 * itself). Three profiles (src/web-profiles.ts), a Markdown table each:
 * - default: mobile, simulated throttling; every page's budgets (web-lighthouse.ts: performance
 *   >= 98, accessibility 100, LCP <= 1.5 s, TBT <= 100 ms, CLS 0) fail the script when missed;
 * - low-tier: the same network, the CPU slowed by this machine's benchmarkIndex over a low-tier
 *   phone's (both printed); budgets LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1;
 * - slow-3g: DevTools throttling, 400 ms RTT, 400 Kbps, 6x CPU, with the page's main action
 *   working and the bytes before it (src/web-main-action.ts); budgets LCP <= 4 s, main action
 *   <= 6 s, <= 170 KB before it.
 * Low-tier's and slow 3G's misses are printed as "over budget", not failed: figures to explain in
 * docs/benchmarks.md. Reports in .artifacts/lighthouse/. Needs the local stack and a web build:
 *   pnpm run build && tsx tools/stack/with-stack.ts tsx tools/bench/lighthouse.ts   (or npm run bench:web)
 *   CHROMIUM_PATH=/path/to/chrome  LIGHTHOUSE_RUNS=1 (default 5, median by performance)
 *   LIGHTHOUSE_PROFILES=default,slow-3g (default: default,low-tier,slow-3g)
 *   LIGHTHOUSE_LANGUAGES=en,hi (default: apps/web/public/config.json's portalLanguages, no pseudo-locales)
 *   LIGHTHOUSE_WARMUP=0 (skip the uncounted first run per page)  LIGHTHOUSE_PAGES=home,welcome (default all)
 * Offline: nothing here reaches beyond 127.0.0.1 (Chromium's background networking is off).
 */
import { join } from 'node:path';
import { CHROMIUM_ARGS, demoInviter, inviteLink, provideBrowser, repoRoot, seedDemoInviter } from '@dayfocus/stack';
import { importVerifiedInvitees } from '@dayfocus/stack/testing';
import { href } from '@dayfocus/contracts/page-paths';
import { SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { benchWeb } from './src/web-lighthouse-bench.js';
import type { MeasuredPage } from './src/web-lighthouse-run.js';
import { portalLanguages, selectedProfiles } from './src/web-profiles.js';

const browser = await provideBrowser();
/** Scores vary by a few points from run to run (more on a busy machine): the median of 5 counts. */
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
/**
 * A first, uncounted run per page (in the first profile): the first load after the stack starts
 * waits on cold Functions workers, which the simulated metrics (LCP, Speed Index) then count.
 */
const warmUp = process.env.LIGHTHOUSE_WARMUP !== '0';
const profiles = selectedProfiles(process.env.LIGHTHOUSE_PROFILES);
/** Every language the portal has switched on, as a person can reach it (the pseudo-locales are for testing). */
const languages = process.env.LIGHTHOUSE_LANGUAGES
  ? process.env.LIGHTHOUSE_LANGUAGES.split(',').filter(Boolean)
  : portalLanguages(join(repoRoot, 'apps', 'web', 'public', 'config.json'));
const outDir = join(repoRoot, '.artifacts', 'lighthouse');

await seedDemoInviter();
/**
 * The welcome page as the verification e-mail's link opens it: an invitee of the demo inviter,
 * made for this run (the first visit activates it, the later ones find it active, as a reload does).
 */
const [invitee] = await importVerifiedInvitees([demoInviter.uid]);
if (!invitee) throw new Error("Could not seed the welcome page's invitee");
const site = (path: string, language: string) =>
  new URL(`${path}?lg=${encodeURIComponent(language)}`, inviteLink(demoInviter.uid)).href;

/** The demo inviter's short link, as "I already have an account" leads to it. */
async function demoShortLink(): Promise<string> {
  const response = await fetch(new URL(href('app-link', { inviterId: demoInviter.uid }), inviteLink(demoInviter.uid)), {
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`/app-link answered ${response.status}`);
  return location;
}
const shortLink = await demoShortLink();

/**
 * Every page of the journey in each language, in the order a person meets them, with its main
 * action (src/web-main-action.ts; Lighthouse's phone is an Android one, the short link's an
 * iPhone). The confirmation page is measured as a reload or a second tab shows it (the address
 * it was sent to is in the history entry the form leaves, which a first visit has not got): it
 * offers nothing to do then but read it: its heading stands for it, from the frame it is painted in.
 */
const pages: MeasuredPage[] = languages.flatMap((language) => [
  // "Sign up": a link to the method page.
  {
    name: `invitation-${language}`,
    url: inviteLink(demoInviter.uid, language),
    budgeted: true,
    action: 'a.button-primary',
  },
  // The phone's own provider (Google on Android), which opens its sign-in once the app has the page.
  {
    name: `method-${language}`,
    url: site(href('social-sign-up', { inviterId: demoInviter.uid }), language),
    budgeted: true,
    action: 'button.button-first',
  },
  // The form's first field, taking typing from its first paint; a submit before the app is held and
  // sent by the app (the e-mail journey's figure, email-journey.ts, measures that wait).
  {
    name: `email-form-${language}`,
    url: site(href('sign-up', { inviterId: demoInviter.uid }), language),
    budgeted: true,
    action: 'form input[name="username"]',
  },
  { name: `confirm-${language}`, url: site(href('confirm-email'), language), budgeted: true, action: '#page-title' },
  // From the e-mail's link: "Confirm and become friends with …", a form the server answers. Its GET
  // applies nothing, so a code of Auth's shape is enough here (the app, once loaded, finds the
  // account active, as a second tap on the link does).
  {
    name: `welcome-${language}`,
    url: `${site(href('welcome', { inviteeId: invitee.uid, inviterId: demoInviter.uid }), language)}&mode=verifyEmail&oobCode=bench-code`,
    budgeted: true,
    action: '#welcome-confirm button[type="submit"]',
  },
  // The front door, server-rendered for the phone's own store.
  {
    name: `home-${language}`,
    url: site(href('home'), language),
    budgeted: true,
    action: '.store-badges a.store-badge',
  },
  // `?lg=`: the page's own language switch, which also leaves the runs out of the link's open counts.
  // "Copy the invite", a link to the App Store.
  {
    name: `short-link-${language}`,
    url: `${shortLink}?lg=${language}`,
    budgeted: true,
    userAgent: SAFARI_IPHONE,
    action: 'a.button-primary',
  },
]);

/** `LIGHTHOUSE_PAGES=home,welcome`: only these pages (every language), for a quick look at one change. */
const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const measured = only ? pages.filter((page) => only.some((name) => page.name.startsWith(`${name}-`))) : pages;
if (measured.length === 0) throw new Error(`LIGHTHOUSE_PAGES=${process.env.LIGHTHOUSE_PAGES} names no page`);

async function expectPage(url: string, userAgent?: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(10_000),
      headers: userAgent ? { 'user-agent': userAgent } : {},
    });
  } catch (error) {
    throw new Error(
      `Nothing answers at ${url} (${(error as Error).message}): run this under \`tsx tools/stack/with-stack.ts\`.`,
    );
  }
  const body = await response.text();
  if (response.status !== 200 || !body.includes('<script')) {
    throw new Error(
      `${url} answered ${response.status} without the app: build it first (\`pnpm run build\`, apps/web/dist).`,
    );
  }
}

for (const page of measured) await expectPage(page.url, page.userAgent);

process.exit(
  await benchWeb({
    pages: measured,
    profiles,
    runs,
    warmUp,
    outDir,
    chromePath: browser.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    chromeEnv: { ...process.env, ...browser.env } as Record<string, string>,
  }),
);
