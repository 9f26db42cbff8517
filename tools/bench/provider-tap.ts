/**
 * The method page's first action on slow 3G, as a person makes it on a cheap Android phone: open
 * the sign-up method page (`/social-sign-up/{uid}` of an inviter seeded for the run), tap the
 * phone's own provider (Google, the first button on Android) the moment it is painted, and wait
 * for the provider's page (the stack's stand-in where the server's start sends her, or the Auth
 * emulator's handler where Firebase's redirect does: where Google's sign-in page would be);
 * when the method page comes back instead (a tap that went through the server's form), tap
 * again the moment it is painted, as a person does (at most 5 taps).
 * Chrome DevTools' Slow 3G and 6x CPU (src/slow-phone.ts), a fresh browser each run (no cache).
 *
 * Prints, per run and as medians: the button painted, the provider's page asked for (both from
 * the navigation's start), the taps, and how many times the method page itself was loaded (a tap
 * that submits the server's form loads it again, as `?start=`). The budget (docs/benchmarks.md,
 * slow 3G): the provider's page within 4.5 s of the navigation (2.4 s on PHONE_NETWORK=cheap-android).
 * After an uncounted warm-up run without throttling (it wakes the functions). Writes
 * .artifacts/provider-tap.json. Fails when a state never comes. Needs the local stack and a build:
 *   pnpm run build && tsx tools/stack/with-stack.ts tsx tools/bench/provider-tap.ts
 *   PROVIDER_TAP_RUNS=5 (default 3)  PROVIDER_TAP_WARMUP=0 (no warm-up)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoInviter, repoRoot } from '@dayfocus/stack';
import { createInviter, uniqueId } from '@dayfocus/stack/testing';
import { href } from '@dayfocus/contracts/page-paths';
import type { Browser } from 'playwright-core';
import { isLocalProviderPage } from '@dayfocus/stack/provider-sign-in';
import { median } from './src/stats.js';
import {
  CPU_SLOWDOWN,
  phoneContext,
  phonePage,
  PHONE_NETWORK,
  withPhoneSite,
  type PhoneSite,
} from './src/slow-phone.js';

const runs = Math.max(1, Number(process.env.PROVIDER_TAP_RUNS ?? 3));
const warmUp = process.env.PROVIDER_TAP_WARMUP !== '0';
/** The longest a state may take to come: the slowest page of slow 3G worked after 24 s. */
const TIMEOUT_MS = 120_000;

interface TapRun {
  /** The Google button first painted, ms from the navigation's start. */
  paintedMs: number;
  /** The provider's page asked for, ms from the navigation's start. */
  providerMs: number;
  /** How many times the person tapped: again each time the method page came back instead. */
  taps: number;
  /** How many times the method page's document was loaded (more than 1: a tap went through the form). */
  pageLoads: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** A person gives up after this many taps that bring the page back. */
const MAX_TAPS = 5;

async function tapRun(browser: Browser, site: PhoneSite, throttled: boolean): Promise<TapRun> {
  const inviter = await createInviter({ userId: uniqueId('tap-inviter'), profileImage: demoInviter.profileImage });
  const path = href('social-sign-up', { inviterId: inviter.userId });
  const context = await phoneContext(browser);
  try {
    const page = await phonePage(context, throttled);
    let pageLoads = 0;
    let reloaded: () => void = () => undefined;
    let providerAsked: () => void = () => undefined;
    const provider = new Promise<'provider'>((resolve) => (providerAsked = () => resolve('provider')));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (isLocalProviderPage(url)) providerAsked();
      if (request.resourceType() === 'document' && url.pathname === path) {
        pageLoads += 1;
        reloaded();
      }
    });
    const started = performance.now();
    await page.goto(`${site.origin}${path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const google = page.locator('button[value="google.com"]');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), TIMEOUT_MS));
    let paintedMs = 0;
    let taps = 0;
    while (taps < MAX_TAPS) {
      // Painted and enabled: a page busy with the sign-in already is not tapped again.
      const shown = google.waitFor({ state: 'visible', timeout: TIMEOUT_MS }).then(
        () => 'shown' as const,
        () => 'gone' as const, // the page left for the provider's meanwhile
      );
      if ((await Promise.race([provider, shown, timeout])) !== 'shown') break;
      if (taps === 0) paintedMs = performance.now() - started;
      const again = new Promise<'again'>((resolve) => (reloaded = () => resolve('again')));
      const tapped = google.click({ timeout: TIMEOUT_MS, noWaitAfter: true }).then(
        () => 'tapped' as const,
        () => 'gone' as const,
      );
      if ((await Promise.race([provider, tapped, timeout])) !== 'tapped') break;
      taps += 1;
      if ((await Promise.race([provider, again, timeout])) !== 'again') break;
      // The page comes back: the person taps again once it is painted.
      await page.waitForEvent('framenavigated', {
        predicate: (frame) => frame === page.mainFrame(),
        timeout: TIMEOUT_MS,
      });
    }
    const outcome = await Promise.race([provider, timeout]);
    if (outcome === 'provider') return { paintedMs, providerMs: performance.now() - started, taps, pageLoads };
    throw new Error(`The provider's page never came after ${taps} taps (at ${page.url()})`);
  } finally {
    await context.close();
  }
}

async function measure(browser: Browser, site: PhoneSite): Promise<TapRun[]> {
  console.log(`The site: ${site.name}, at ${site.origin}.`);
  if (warmUp) {
    const first = await tapRun(browser, site, false);
    console.log(`Warm-up (no throttling, not counted): the provider's page after ${seconds(first.providerMs)}.`);
  }
  const results: TapRun[] = [];
  for (let n = 1; n <= runs; n += 1) {
    const run = await tapRun(browser, site, true);
    console.log(
      `Run ${n} of ${runs}: painted ${seconds(run.paintedMs)}, the provider's page ${seconds(run.providerMs)}, ` +
        `${run.taps} tap(s), the method page loaded ${run.pageLoads} time(s).`,
    );
    results.push(run);
  }
  return results;
}

const results = await withPhoneSite(measure);

const row = (label: string, pick: (run: TapRun) => number, show: (n: number) => string) =>
  `| ${label} | ${show(median(results.map(pick)))} | ${results.map((run) => show(pick(run))).join(', ')} |`;
console.log(
  `\nThe method page's provider, tapped at first paint, on ${PHONE_NETWORK.name} (${PHONE_NETWORK.rttMs} ms RTT, sent as ` +
    `${PHONE_NETWORK.latencyMs} ms a request; ${(PHONE_NETWORK.bytesPerSecond * 8) / 1000} Kbps; ${CPU_SLOWDOWN}x CPU), median of ${runs}\n`,
);
console.log('| from the navigation | median | runs |\n| --- | --- | --- |');
console.log(row('the Google button painted (tapped)', (run) => run.paintedMs, seconds));
console.log(row("**the provider's page asked for**", (run) => run.providerMs, seconds));
console.log(row('taps', (run) => run.taps, String));
console.log(row('loads of the method page', (run) => run.pageLoads, String));
const out = join(repoRoot, '.artifacts');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'provider-tap.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nWritten to .artifacts/provider-tap.json.');
process.exit(0);
