/**
 * The e-mail leg's three ways, per arrival context (src/email-ways-run.ts): the mail's link in
 * another browser, the mail's code typed in the same tab, and the browser's proof (the form's hidden
 * `email-verification-token` field filled from the stack's own issuer, no mail). Contexts: Chrome on
 * an Android phone and Instagram's in-app browser on Android, both on Slow 3G and 6x CPU from the
 * sign-up tap on (src/slow-phone.ts), and desktop Chrome as the machine is.
 *
 * For each: the time from the form's "Sign up" tap to the welcome step saying the two are friends,
 * the person's taps and keys, browser switches and mails sent, medians of the runs; each run takes
 * every context and way once (the ways' order turning from run to run), and the ratios to the link
 * are taken within a run, since this machine is shared and its absolute times drift. The time a
 * real mail takes to reach an inbox, and the person's time to open her mail app, are not measured
 * (nothing here can): the link and the code wait only for the stack's outbox. The proof is left out,
 * saying so, while the web build has no proof field on the sign-up form. Fails when a step never comes.
 *   pnpm run build && tsx tools/stack/with-stack.ts tsx tools/bench/email-ways.ts
 *   EMAIL_WAYS_RUNS=5 (default 3)  EMAIL_WAYS_WARMUP=0 (no warm-up)  EMAIL_WAYS_THROTTLE=0 (phones unthrottled)
 * Writes .artifacts/email-ways.json.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { href } from '@dayfocus/contracts/page-paths';
import { repoRoot, urls } from '@dayfocus/stack';
import type { Browser } from 'playwright-core';
import { arrivalContexts, runWay, ways, type Way, type WayRun } from './src/email-ways-run.js';
import { withPhoneBrowser } from './src/slow-phone.js';
import { median } from './src/stats.js';

const runs = Math.max(1, Number(process.env.EMAIL_WAYS_RUNS ?? 3));
const warmUp = process.env.EMAIL_WAYS_WARMUP !== '0';
const contexts = arrivalContexts(process.env.EMAIL_WAYS_THROTTLE !== '0');
const webDist = process.env.WEB_DIST ?? join(repoRoot, 'apps', 'web', 'dist');
const buildStamp = () => (existsSync(webDist) ? statSync(webDist).mtimeMs : 0);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Whether the web build Hosting serves asks the browser for its proof (the form's hidden field). */
function buildTakesProof(dist = webDist): boolean {
  if (!existsSync(dist)) throw new Error(`No web build at ${dist}: run \`pnpm run build\` first.`);
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:js|html)$/.test(file))
    .some((file) => readFileSync(join(dist, file), 'utf8').includes('email-verification-token'));
}

async function expectTheSite(): Promise<void> {
  const url = `${urls.hosting}${href('sign-up', { inviterId: 'ways-probe' })}`;
  try {
    await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new Error(
      `Nothing answers at ${url} (${(error as Error).message}): run this under \`tsx tools/stack/with-stack.ts\`.`,
    );
  }
}

/** One way's run in one context, the n-th run of the benchmark. */
interface Row {
  context: string;
  way: Way;
  n: number;
  run: WayRun;
}

async function measure(browser: Browser, measured: Way[]): Promise<Row[]> {
  const warmContext = contexts.find((context) => !context.throttled) ?? contexts[0];
  if (warmUp && warmContext)
    for (const way of measured) {
      const run = await runWay(browser, warmContext, way);
      console.log(`Warm-up, ${ways[way]} (not counted): ${seconds(run.ms)}.`);
    }
  const rows: Row[] = [];
  for (let n = 0; n < runs; n += 1) {
    const order = measured.map((_, i) => measured[(i + n) % measured.length] as Way);
    for (const context of contexts)
      for (const way of order) {
        const run = await runAgainOnNewBuild(() => runWay(browser, context, way));
        rows.push({ context: context.name, way, n, run });
        console.log(`Run ${n + 1} of ${runs}, ${context.name}, ${ways[way]}: ${seconds(run.ms)}.`);
      }
  }
  return rows;
}

/**
 * A run, made again once when it failed while the web build changed under it (this tree is shared:
 * a page loaded from the build before asks for chunks that are gone); any other failure stands.
 */
async function runAgainOnNewBuild(run: () => Promise<WayRun>): Promise<WayRun> {
  const before = buildStamp();
  try {
    return await run();
  } catch (error) {
    if (buildStamp() === before) throw error;
    console.log(`The web build changed during this run, which failed (${(error as Error).message}): once more.`);
    return run();
  }
}

/** A way's time against the link's in the same run and context: the median of those ratios. */
function ratioToLink(rows: Row[], own: Row[]): string {
  const ratios = own.flatMap((row) => {
    const link = rows.find((r) => r.context === row.context && r.n === row.n && r.way === 'link');
    return link ? [row.run.ms / link.run.ms] : [];
  });
  return ratios.length === 0 ? '-' : `${median(ratios).toFixed(2)}`;
}

/** Each way's medians in each context, and its ratio to the link. */
function report(rows: Row[], measured: Way[]): string[] {
  const lines = [
    '| arrival | way | sign-up tap to friends | x the link | mail in the outbox | taps | keys | browser switches | mails |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const context of contexts)
    for (const way of measured) {
      const own = rows.filter((row) => row.context === context.name && row.way === way);
      const mails = own.flatMap(({ run }) => (run.mailMs === null ? [] : [run.mailMs]));
      const pick = (f: (r: WayRun) => number) => median(own.map(({ run }) => f(run)));
      lines.push(
        `| ${context.name}${context.throttled ? ' (slow 3G, 6x CPU)' : ''} | ${ways[way]} | ${seconds(pick((r) => r.ms))} ` +
          `| ${ratioToLink(rows, own)} | ${mails.length ? seconds(median(mails)) : '-'} | ${pick((r) => r.taps)} ` +
          `| ${pick((r) => r.keys)} | ${pick((r) => r.browserSwitches)} | ${pick((r) => r.mailsSent)} |`,
      );
    }
  return lines;
}

await expectTheSite();
const measured: Way[] = ['link', 'code'];
if (buildTakesProof()) measured.push('proof');
else
  console.log(
    "The browser's proof is left out: the web build has no `email-verification-token` field on the sign-up form " +
      '(build the web app with it to measure the proof).',
  );
const rows = await withPhoneBrowser((browser) => measure(browser, measured));
console.log(`\nThe e-mail leg's ways per arrival context, medians of ${runs} (ratios taken within each run)\n`);
for (const line of report(rows, measured)) console.log(line);
console.log(
  "\nNot measured: a real mail's way to the inbox and the person opening her mail app (the same for the link and " +
    'the code; the code adds coming back to the tab). Taps: "Sign up", then the link and a confirm tap, or the ' +
    'code field and its button; opening the mail app is not counted.',
);
const out = join(repoRoot, '.artifacts');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'email-ways.json'), `${JSON.stringify(rows, null, 2)}\n`);
console.log('\nWritten to .artifacts/email-ways.json.');
process.exit(0);
