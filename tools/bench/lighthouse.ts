/**
 * Lighthouse (mobile, simulated throttling) on every page of the journey, in each language,
 * served by the Hosting emulator with the demo inviter seeded: the invitation (rendered by the
 * invitationPage function), the sign-up method page, the e-mail form, the confirmation page and
 * the welcome page (of an invitee seeded for the run), and the demo inviter's short link as an
 * iPhone gets it (`/l/{code}`, drawn by the same renderer; Android's page moves to the app by itself). Category scores and key metrics as a
 * Markdown table, reports in .artifacts/lighthouse/, and every page's budgets (web-lighthouse.ts:
 * performance >= 98, accessibility 100, LCP <= 1.5 s, TBT <= 100 ms, CLS 0); the script fails
 * when a page misses one. Needs the local stack and a web build:
 *   pnpm run build && tsx tools/stack/with-stack.ts tsx tools/bench/lighthouse.ts   (or npm run bench:web)
 *   CHROMIUM_PATH=/path/to/chrome  LIGHTHOUSE_RUNS=1 (default 5, median by performance)
 *   LIGHTHOUSE_LANGUAGES=en (default en,hi)  LIGHTHOUSE_WARMUP=0 (skip the uncounted first run per page)
 *   LIGHTHOUSE_PAGES=home,welcome (default every page)
 * Offline: nothing here reaches beyond 127.0.0.1 (Chromium's background networking is off).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS, demoInviter, inviteLink, provideBrowser, repoRoot, seedDemoInviter } from '@dayfocus/stack';
import { importVerifiedInvitees } from '@dayfocus/stack/testing';
import { budgetFailures, budgetText, categories, score, tableHeader, tableRow } from './src/web-lighthouse.js';

const browser = await provideBrowser();
const chromePath = browser.executablePath;
/** Scores vary by a few points from run to run (more on a busy machine): the median of 5 counts. */
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
/**
 * A first, uncounted run per page: the first load after the stack starts waits on cold
 * Functions workers, which the simulated metrics (LCP, Speed Index) then count.
 */
const warmUp = process.env.LIGHTHOUSE_WARMUP !== '0';
const languages = (process.env.LIGHTHOUSE_LANGUAGES ?? 'en,hi').split(',').filter(Boolean);
/** A run takes 10-20 s; past this something waits on a network that is not there. */
const runTimeoutMs = 120_000;
const outDir = join(repoRoot, '.artifacts', 'lighthouse');

const chromeFlags = ['--headless=new', ...CHROMIUM_ARGS];

const flags: Flags = {
  output: ['json', 'html'],
  logLevel: 'error',
  onlyCategories: [...categories],
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
};

/**
 * Each run is a first visit: Lighthouse clears only some storage by default, so the
 * Firebase SDK's IndexedDB from the previous run would otherwise stay (and be warned about).
 */
const config: Config = { extends: 'lighthouse:default', settings: { clearStorageTypes: ['all'] } };

await seedDemoInviter();
/**
 * The welcome page as the verification e-mail's link opens it: an invitee of the demo inviter,
 * made for this run (the first visit activates it, the later ones find it active, as a reload does).
 */
const [invitee] = await importVerifiedInvitees([demoInviter.uid]);
if (!invitee) throw new Error("Could not seed the welcome page's invitee");
const site = (path: string, language: string) =>
  new URL(`${path}?lg=${encodeURIComponent(language)}`, inviteLink(demoInviter.uid)).href;

/**
 * Every page of the journey in each language, in the order a person meets them. The confirmation
 * page is measured as a reload or a second tab shows it (the address it was sent to is in the
 * history entry the form leaves, which a first visit has not got).
 */
/** The demo inviter's short link, as "I already have an account" leads to it. */
async function demoShortLink(): Promise<string> {
  const response = await fetch(new URL(`/app-link/${demoInviter.uid}`, inviteLink(demoInviter.uid)), {
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`/app-link answered ${response.status}`);
  return location;
}
const shortLink = await demoShortLink();
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const pages: { name: string; url: string; budgeted: boolean; userAgent?: string }[] = languages.flatMap((language) => [
  { name: `invitation-${language}`, url: inviteLink(demoInviter.uid, language), budgeted: true },
  { name: `method-${language}`, url: site(`/social-sign-up/${demoInviter.uid}`, language), budgeted: true },
  { name: `email-form-${language}`, url: site(`/sign-up/${demoInviter.uid}`, language), budgeted: true },
  { name: `confirm-${language}`, url: site('/confirm-email', language), budgeted: true },
  { name: `welcome-${language}`, url: site(`/welcome/${invitee.uid}/${demoInviter.uid}`, language), budgeted: true },
  // The front door, server-rendered for the phone's own store.
  { name: `home-${language}`, url: site('/', language), budgeted: true },
  // `?lg=`: the page's own language switch, which also leaves the runs out of the link's open counts.
  { name: `short-link-${language}`, url: `${shortLink}?lg=${language}`, budgeted: true, userAgent: IPHONE },
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

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s (waiting on the network?)`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function audit(
  chrome: LaunchedChrome,
  page: { name: string; url: string; userAgent?: string },
  run: number | 'warm-up',
) {
  const started = performance.now();
  const pageFlags = page.userAgent ? { emulatedUserAgent: page.userAgent } : {};
  const result = await withTimeout(
    lighthouse(page.url, { ...flags, ...pageFlags, port: chrome.port }, config),
    runTimeoutMs,
    `Lighthouse on ${page.url}`,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse on ${page.url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `  ${page.name} ${run === 'warm-up' ? 'warm-up (not counted)' : `run ${run + 1}/${runs}`}: performance ${score(lhr, 'performance') ?? 'n/a'}, ${seconds} s`,
  );
  for (const warning of lhr.runWarnings) console.log(`    warning: ${warning}`);
  const [json, html] = Array.isArray(result.report) ? result.report : [result.report];
  return { lhr, json: json ?? JSON.stringify(lhr), html };
}

for (const page of measured) await expectPage(page.url, page.userAgent);

const userDataDir = mkdtempSync(join(tmpdir(), 'dayfocus-lighthouse-'));
const chrome = await launch({
  chromePath,
  chromeFlags,
  userDataDir,
  envVars: { ...process.env, ...browser.env } as Record<string, string>,
  logLevel: 'error',
});
const results: { name: string; url: string; budgeted: boolean; runs: number[]; lhr: Result }[] = [];
let error: unknown;
try {
  const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser?: string };
  console.log(
    `\nLighthouse on ${version.Browser ?? chromePath} (${chromePath}), mobile, simulated throttling, ${runs} run(s) per page${warmUp ? ' after a warm-up run' : ''}`,
  );
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const page of measured) {
    if (warmUp) await audit(chrome, page, 'warm-up');
    const done = [];
    for (let run = 0; run < runs; run++) {
      const result = await audit(chrome, page, run);
      if (runs > 1) writeFileSync(join(outDir, `${page.name}.run-${run + 1}.json`), result.json);
      done.push(result);
    }
    // The median run by performance score stands for the page (Lighthouse's own advice for variance).
    const ordered = [...done].sort((a, b) => (score(a.lhr, 'performance') ?? 0) - (score(b.lhr, 'performance') ?? 0));
    const median = ordered[Math.floor((ordered.length - 1) / 2)] ?? ordered[0];
    if (!median) continue;
    writeFileSync(join(outDir, `${page.name}.report.json`), median.json);
    if (median.html) writeFileSync(join(outDir, `${page.name}.report.html`), median.html);
    results.push({ ...page, runs: done.map((d) => score(d.lhr, 'performance') ?? 0), lhr: median.lhr });
  }
} catch (e) {
  error = e;
} finally {
  chrome.kill();
  rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
if (error) {
  console.error(`\nLighthouse failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const date = new Date().toISOString().slice(0, 10);
console.log(
  `\nLighthouse ${results[0]?.lhr.lighthouseVersion ?? ''}, ${date}, Node ${process.version}; scores 0-100\n`,
);
console.log(tableHeader);
for (const r of results) console.log(tableRow(`${r.name} (${new URL(r.url).pathname})`, r.runs, r.lhr));
writeFileSync(
  join(outDir, 'summary.json'),
  JSON.stringify(
    results.map((r) => ({
      page: r.name,
      url: r.url,
      runs: r.runs,
      scores: Object.fromEntries(categories.map((c) => [c, score(r.lhr, c)])),
      metrics: Object.fromEntries(
        Object.entries(r.lhr.audits)
          .filter(([, a]) => a.scoreDisplayMode === 'numeric' && typeof a.numericValue === 'number')
          .map(([id, a]) => [id, a.numericValue]),
      ),
    })),
    null,
    2,
  ) + '\n',
);
console.log(`\nReports in ${relative(process.cwd(), outDir) || '.'}/ (<page>.report.json and .html, summary.json).`);

const failures = results.filter((r) => r.budgeted).flatMap((r) => budgetFailures(r.name, r.lhr));
if (failures.length > 0) {
  console.error(`\nLighthouse budgets missed (${budgetText}):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`Budgets of every page met: ${budgetText}.`);
process.exit(0);
