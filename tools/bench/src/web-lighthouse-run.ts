/**
 * Running Lighthouse on the journey's pages for lighthouse.ts: one run, a page's runs and their
 * median, a profile's pages, and the calibration of the low-tier profile's CPU (web-profiles.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import pTimeout from 'p-timeout';
import { mainActionConfig, mainActionFlags } from './web-main-action.js';
import { categories, score } from './web-lighthouse.js';
import type { Profile, ProfileName } from './web-profiles.js';

export interface MeasuredPage {
  name: string;
  url: string;
  budgeted: boolean;
  userAgent?: string;
  /** The page's main action (web-main-action.ts): a selector. */
  action: string;
}

export interface PageResult extends MeasuredPage {
  profile: ProfileName;
  /** Performance score of each counted run. */
  runs: number[];
  /** `benchmarkIndex` of each counted run: how fast this machine was while it ran. */
  indexes: number[];
  /** The median run's result. */
  lhr: Result;
}

export interface RunOptions {
  runs: number;
  warmUp: boolean;
  outDir: string;
}

const commonFlags: Flags = { output: ['json', 'html'], logLevel: 'error', onlyCategories: [...categories] };

/**
 * Each run is a first visit: Lighthouse clears only some storage by default, so the
 * Firebase SDK's IndexedDB from the previous run would otherwise stay (and be warned about).
 */
const baseConfig: Config = { extends: 'lighthouse:default', settings: { clearStorageTypes: ['all'] } };

/** The middle value (the lower of the two middle ones for an even count). */
function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** One Lighthouse run of a page in a profile. */
export async function runLighthouse(chrome: LaunchedChrome, profile: Profile, page: MeasuredPage, extra: Flags = {}) {
  const pageFlags: Flags = page.userAgent ? { emulatedUserAgent: page.userAgent } : {};
  const flags: Flags = { ...commonFlags, ...profile.flags, ...pageFlags, ...extra, port: chrome.port };
  const config = profile.mainAction ? mainActionConfig(baseConfig, page.action) : baseConfig;
  if (profile.mainAction) flags.onlyAudits = [...(flags.onlyAudits ?? []), ...mainActionFlags.onlyAudits];
  const result = await pTimeout(lighthouse(page.url, flags, config), {
    milliseconds: profile.runTimeoutMs,
    message: `Lighthouse (${profile.name}) on ${page.url} took over ${profile.runTimeoutMs / 1000} s (waiting on the network?)`,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse on ${page.url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const [json, html] = Array.isArray(result.report) ? result.report : [result.report];
  return { lhr, json: json ?? JSON.stringify(lhr), html };
}

/** Where a page's reports go: `<page>.report.json` for the default profile, `<page>.<profile>.report.json` else. */
function reportName(page: MeasuredPage, profile: ProfileName, suffix: string): string {
  return profile === 'default' ? `${page.name}.${suffix}` : `${page.name}.${profile}.${suffix}`;
}

/** A page's runs (after an uncounted warm-up), reports of each and of the median by performance. */
async function measurePage(
  chrome: LaunchedChrome,
  profile: Profile,
  page: MeasuredPage,
  options: RunOptions,
): Promise<PageResult> {
  const runs = [];
  for (let run = options.warmUp ? -1 : 0; run < options.runs; run++) {
    const started = performance.now();
    const result = await runLighthouse(chrome, profile, page);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const label = run < 0 ? 'warm-up (not counted)' : `run ${run + 1}/${options.runs}`;
    console.log(
      `  ${page.name} ${label}: performance ${score(result.lhr, 'performance') ?? 'n/a'}, benchmarkIndex ${Math.round(result.lhr.environment.benchmarkIndex)}, ${seconds} s`,
    );
    for (const warning of result.lhr.runWarnings) console.log(`    warning: ${warning}`);
    if (run < 0) continue;
    if (options.runs > 1)
      writeFileSync(join(options.outDir, reportName(page, profile.name, `run-${run + 1}.json`)), result.json);
    runs.push(result);
  }
  // The median run by performance score stands for the page (Lighthouse's own advice for variance).
  const ordered = [...runs].sort((a, b) => (score(a.lhr, 'performance') ?? 0) - (score(b.lhr, 'performance') ?? 0));
  const middle = ordered[Math.floor((ordered.length - 1) / 2)];
  if (!middle) throw new Error(`No run of ${page.name}`);
  writeFileSync(join(options.outDir, reportName(page, profile.name, 'report.json')), middle.json);
  if (middle.html) writeFileSync(join(options.outDir, reportName(page, profile.name, 'report.html')), middle.html);
  return {
    ...page,
    profile: profile.name,
    runs: runs.map((r) => score(r.lhr, 'performance') ?? 0),
    indexes: runs.map((r) => r.lhr.environment.benchmarkIndex),
    lhr: middle.lhr,
  };
}

/** Every page in one profile. */
export async function measureProfile(
  chrome: LaunchedChrome,
  profile: Profile,
  pages: MeasuredPage[],
  options: RunOptions,
): Promise<PageResult[]> {
  console.log(`\n${profile.name}: ${profile.description}`);
  const results: PageResult[] = [];
  for (const page of pages) results.push(await measurePage(chrome, profile, page, options));
  return results;
}

/**
 * This machine's `benchmarkIndex` for the low-tier profile's CPU: the median of the runs so far
 * (the default profile's), else of quick runs made for it (one page, one audit; the index is
 * measured before the page loads, on about:blank, unthrottled).
 */
export async function machineIndex(
  chrome: LaunchedChrome,
  earlier: number[],
  page: MeasuredPage,
  quickRuns = 3,
): Promise<{ index: number; samples: number[]; source: string }> {
  if (earlier.length > 0) {
    return { index: middle(earlier), samples: earlier, source: `the default profile's ${earlier.length} run(s)` };
  }
  const quick: Profile = {
    name: 'default',
    description: 'calibration',
    flags: { formFactor: 'mobile', throttlingMethod: 'simulate' },
    runTimeoutMs: 120_000,
    budgets: [],
    mainAction: false,
  };
  const samples: number[] = [];
  for (let run = 0; run < quickRuns; run++) {
    const { lhr } = await runLighthouse(chrome, quick, page, {
      onlyCategories: undefined,
      onlyAudits: ['first-contentful-paint'],
      output: 'json',
    });
    samples.push(lhr.environment.benchmarkIndex);
  }
  return { index: middle(samples), samples, source: `${quickRuns} calibration run(s)` };
}
