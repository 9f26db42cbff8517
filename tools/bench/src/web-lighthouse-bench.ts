/**
 * lighthouse.ts' run once its pages are known: Chromium, every selected profile (web-profiles.ts)
 * on every page, the low-tier CPU calibrated first, then a Markdown table per profile, the
 * summary, and the budgets. Only the default profile's budgets fail the run; low-tier's and slow
 * 3G's misses are printed as "over budget", figures to explain in docs/benchmarks.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { budgetFailures, budgetText } from './web-lighthouse.js';
import { machineIndex, measureProfile, type MeasuredPage, type PageResult } from './web-lighthouse-run.js';
import { profileMisses, profileTable, summary } from './web-profile-report.js';
import {
  LOW_TIER_PHONE_INDEX,
  lowTierMultiplier,
  profile,
  profileBudgetText,
  type Profile,
  type ProfileName,
} from './web-profiles.js';

export interface BenchOptions {
  pages: MeasuredPage[];
  profiles: ProfileName[];
  runs: number;
  /** A first, uncounted run per page, in the first profile only (cold workers; the later profiles find them warm). */
  warmUp: boolean;
  outDir: string;
  chromePath: string;
  chromeFlags: string[];
  chromeEnv: Record<string, string>;
}

/** The low-tier profile, its CPU calibrated from this machine's benchmarkIndex. */
async function lowTierProfile(chrome: LaunchedChrome, earlier: PageResult[], page: MeasuredPage): Promise<Profile> {
  const defaults = earlier.filter((r) => r.profile === 'default').flatMap((r) => r.indexes);
  const machine = await machineIndex(chrome, defaults, page);
  const multiplier = lowTierMultiplier(machine.index);
  const index = Math.round(machine.index);
  console.log(
    `\nbenchmarkIndex: machine ${index}, low-tier phone ${LOW_TIER_PHONE_INDEX}, CPU multiplier ${index}/${LOW_TIER_PHONE_INDEX} = ${multiplier.toFixed(2)}` +
      `${multiplier === 1 ? ' (at least 1)' : ''}; the machine's is the median of ${machine.source}: ${machine.samples.map(Math.round).join(', ')}`,
  );
  return profile('low-tier', multiplier);
}

/** Every profile on every page; the profiles as they ran (the low-tier one with its multiplier). */
async function measureAll(options: BenchOptions): Promise<{ profiles: Profile[]; results: PageResult[] }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'dayfocus-lighthouse-'));
  const chrome = await launch({
    chromePath: options.chromePath,
    chromeFlags: options.chromeFlags,
    userDataDir,
    envVars: options.chromeEnv,
    logLevel: 'error',
  });
  const profiles: Profile[] = [];
  const results: PageResult[] = [];
  try {
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      Browser?: string;
    };
    console.log(
      `\nLighthouse on ${version.Browser ?? options.chromePath} (${options.chromePath}), mobile, profiles ${options.profiles.join(', ')}, ` +
        `${options.runs} run(s) per page${options.warmUp ? ' after a warm-up run (first profile)' : ''}`,
    );
    rmSync(options.outDir, { recursive: true, force: true });
    mkdirSync(options.outDir, { recursive: true });
    const [firstPage] = options.pages;
    if (!firstPage) throw new Error('No page to measure');
    for (const [i, name] of options.profiles.entries()) {
      const current = name === 'low-tier' ? await lowTierProfile(chrome, results, firstPage) : profile(name);
      profiles.push(current);
      const runOptions = { runs: options.runs, warmUp: options.warmUp && i === 0, outDir: options.outDir };
      results.push(...(await measureProfile(chrome, current, options.pages, runOptions)));
    }
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
  return { profiles, results };
}

/** Runs the profiles and reports; the exit code (1: a page misses a default budget, or a run failed). */
export async function benchWeb(options: BenchOptions): Promise<number> {
  let measured: Awaited<ReturnType<typeof measureAll>>;
  try {
    measured = await measureAll(options);
  } catch (error) {
    console.error(`\nLighthouse failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const { profiles, results } = measured;
  const date = new Date().toISOString().slice(0, 10);
  const version = results[0]?.lhr.lighthouseVersion ?? '';
  for (const current of profiles) {
    console.log(`\nLighthouse ${version}, ${date}, Node ${process.version}; ${current.name}: ${current.description}\n`);
    console.log(
      profileTable(
        current,
        results.filter((r) => r.profile === current.name),
      ),
    );
  }
  writeFileSync(join(options.outDir, 'summary.json'), JSON.stringify(summary(results), null, 2) + '\n');
  const where = relative(process.cwd(), options.outDir) || '.';
  console.log(`\nReports in ${where}/ (<page>[.<profile>].report.json and .html, summary.json).`);

  for (const current of profiles.filter((p) => p.name !== 'default')) {
    const misses = profileMisses(
      current,
      results.filter((r) => r.profile === current.name),
    );
    const budgets = profileBudgetText(current.budgets);
    if (misses.length === 0) console.log(`\n${current.name}: every page within its budgets (${budgets}).`);
    else
      console.log(
        `\n${current.name}: over budget (${budgets}); not a failure, figures to explain in docs/benchmarks.md:\n  ${misses.join('\n  ')}`,
      );
  }
  if (!profiles.some((p) => p.name === 'default')) return 0;
  const failures = results
    .filter((r) => r.profile === 'default' && r.budgeted)
    .flatMap((r) => budgetFailures(r.name, r.lhr));
  if (failures.length > 0) {
    console.error(`\nLighthouse budgets missed (default profile: ${budgetText}):\n  ${failures.join('\n  ')}`);
    return 1;
  }
  console.log(`\nBudgets of every page met (default profile): ${budgetText}.`);
  return 0;
}
