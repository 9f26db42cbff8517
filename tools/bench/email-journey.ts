/**
 * The whole e-mail journey on slow 3G, as a person makes it on a cheap Android phone: open the
 * invitation (`/feedback/{uid}` of an inviter seeded for the run), tap "Sign up", tap "Sign up
 * with email", type the four fields at a steady 4 characters a second (each as soon as it takes
 * typing, without waiting for the app), tap "Sign up", then open the verification e-mail's link
 * in another browser (as the mail app does) until the welcome page says the two are friends and a
 * store badge is a real link, tapping the page's confirm button where there is one
 * (src/email-journey-run.ts). Chrome DevTools' Slow 3G and 6x CPU on every page
 * (src/slow-phone.ts).
 *
 * Prints each step's time and the headline, the time the person waits beyond their own typing
 * (the total less the characters at 250 ms each): medians of the runs, after an uncounted warm-up
 * journey without throttling (it wakes the functions). Writes .artifacts/email-journey.json.
 * Fails when a step's state never comes. Needs the local stack and a web build:
 *   pnpm run build && tsx tools/stack/with-stack.ts tsx tools/bench/email-journey.ts
 *   JOURNEY_RUNS=5 (default 3)  JOURNEY_WARMUP=0 (no warm-up)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, urls } from '@dayfocus/stack';
import type { Browser } from 'playwright-core';
import { journeySteps, runJourney, type JourneyRun, type StepName } from './src/email-journey-run.js';
import { CPU_SLOWDOWN, PHONE_NETWORK, withPhoneSite, type PhoneSite } from './src/slow-phone.js';
import { median } from './src/stats.js';

/** 4 characters a second. */
const KEY_INTERVAL_MS = 250;
const runs = Math.max(1, Number(process.env.JOURNEY_RUNS ?? 3));
const warmUp = process.env.JOURNEY_WARMUP !== '0';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function expectTheSite(): Promise<void> {
  const url = `${urls.hosting}/feedback/journey-probe`;
  try {
    await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new Error(
      `Nothing answers at ${url} (${(error as Error).message}): run this under \`tsx tools/stack/with-stack.ts\`.`,
    );
  }
}

/** The runs' table: each step's median and every run's time; then the totals and the headline. */
function report(results: JourneyRun[]): string[] {
  const lines = [
    `| step | median | runs |`,
    `| --- | --- | --- |`,
    ...(Object.keys(journeySteps) as StepName[]).map((name) => {
      const times = results.map((r) => r.steps[name]);
      const measured = times.filter((ms): ms is number => ms !== null);
      const shown = measured.length === 0 ? 'none' : seconds(median(measured));
      return `| ${journeySteps[name]} | ${shown} | ${times.map((ms) => (ms === null ? '-' : seconds(ms))).join(', ')} |`;
    }),
  ];
  const row = (label: string, pick: (r: JourneyRun) => number) =>
    `| ${label} | ${seconds(median(results.map(pick)))} | ${results.map((r) => seconds(pick(r))).join(', ')} |`;
  const typed = results[0]?.characters ?? 0;
  lines.push(
    row('the whole journey', (r) => r.totalMs),
    row(`the person's own typing (${typed} characters at 4 a second)`, (r) => r.typingMs),
    row('**waited beyond their own typing**', (r) => r.waitedMs),
  );
  return lines;
}

async function measure(browser: Browser, site: PhoneSite): Promise<JourneyRun[]> {
  console.log(`The site: ${site.name}, at ${site.origin}.`);
  if (warmUp) {
    const first = await runJourney(browser, site, { throttled: false, keyIntervalMs: 0 });
    console.log(`Warm-up journey (no throttling, not counted): ${seconds(first.totalMs)}.`);
  }
  const results: JourneyRun[] = [];
  for (let n = 1; n <= runs; n += 1) {
    const run = await runJourney(browser, site, { throttled: true, keyIntervalMs: KEY_INTERVAL_MS });
    console.log(`Run ${n} of ${runs}: ${seconds(run.totalMs)} in all, ${seconds(run.waitedMs)} beyond the typing.`);
    results.push(run);
  }
  return results;
}

await expectTheSite();
const results = await withPhoneSite(measure);

console.log(
  `\nThe e-mail journey on ${PHONE_NETWORK.name} (${PHONE_NETWORK.rttMs} ms RTT, sent as ${PHONE_NETWORK.latencyMs} ms a request; ` +
    `${(PHONE_NETWORK.bytesPerSecond * 8) / 1000} Kbps down and up; ${CPU_SLOWDOWN}x CPU), median of ${runs}\n`,
);
for (const line of report(results)) console.log(line);
const out = join(repoRoot, '.artifacts');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'email-journey.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nWritten to .artifacts/email-journey.json.');
process.exit(0);
