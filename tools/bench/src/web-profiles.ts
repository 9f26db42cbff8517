/**
 * The phones and networks Lighthouse measures the web pages on (lighthouse.ts), as data:
 *
 * - `default`: Lighthouse's own mobile run (simulated throttling: 150 ms, 1.6 Mbps down, 750 Kbps
 *   up, 4x CPU), the one whose budgets fail the run (web-lighthouse.ts).
 * - `low-tier`: the same simulated network, with the CPU slowed to a low-tier phone's: the
 *   multiplier is this machine's `benchmarkIndex` over a low-tier phone's (never below 1), the
 *   machine's taken from Lighthouse runs on it (machineIndex, web-lighthouse-run.ts).
 * - `slow-3g`: Chrome's own throttling while the page loads ("DevTools throttling"): Slow 3G
 *   (400 ms RTT, 400 Kbps down and up) with 6x CPU, DevTools' "low-end mobile". Its extra figures,
 *   the page's main action working and the bytes before it, are web-main-action.ts's.
 *
 * The budgets of low-tier and slow 3G are figures to explain where they are missed
 * (docs/benchmarks.md), not a failed run.
 */
import { readFileSync } from 'node:fs';
import type { Flags, Result } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { mainActionFigures } from './web-main-action.js';
import { metricValue } from './web-lighthouse.js';

export const profileNames = ['default', 'low-tier', 'slow-3g'] as const;
export type ProfileName = (typeof profileNames)[number];

/**
 * A low-tier phone's `benchmarkIndex`: 264, "the benchmark score of a low-tier device (like a Moto G4
 * Power 2022)", the target of Chrome DevTools' CPU throttling calibration ("Low-tier mobile"), scored
 * with Lighthouse's own BenchmarkIndex function: `lowScore` in devtools-frontend
 * front_end/panels/mobile_throttling/CalibrationController.ts. Lighthouse's throttling guide
 * ("Benchmarking CPU Power") give only a range for its Moto G4 example (mid-tier mobile,
 * 125-800); 264 is the one figure Chrome publishes, for the phone Lighthouse 13 emulates
 * (moto g power (2022): its user agent in lighthouse's core/config/constants.js).
 */
export const LOW_TIER_PHONE_INDEX = 264;

/** The CPU slowdown that turns this machine into a low-tier phone: never below 1 (no speed-up). */
export function lowTierMultiplier(machineIndex: number): number {
  return Math.max(1, machineIndex / LOW_TIER_PHONE_INDEX);
}

/**
 * Chrome DevTools' Slow 3G (`Slow3GConditions`, front_end/core/sdk/NetworkManager.ts; Puppeteer's
 * `PredefinedNetworkConditions['Slow 3G']`, "400ms RTT"): 2,000 ms per request, 500 Kbps x 0.8.
 */
const SLOW_3G = {
  rttMs: 400,
  /** DevTools turns a round trip into a request's latency x5 for Slow 3G (Lighthouse x3.75 for its 150 ms). */
  requestLatencyMs: 400 * 5,
  /** 400 Kbps as DevTools sends it (50,000 bytes/s); Lighthouse counts a Kbps as 1,024 bits/s. */
  throughputKbps: (400 * 1000) / 1024,
};

/** A budget of a profile: the highest a figure of the page may be. */
export interface ProfileBudget {
  label: string;
  max: number;
  unit: 'ms' | 'KB' | '';
  value: (lhr: Result) => number | null;
}

export interface Profile {
  name: ProfileName;
  /** One line for the report. */
  description: string;
  flags: Flags;
  /** A run takes 10-20 s (slow 3G 30-60 s); past this something waits on a network that is not there. */
  runTimeoutMs: number;
  /** Budgets of the profile's own (the default profile's are web-lighthouse.ts's, and fail the run). */
  budgets: ProfileBudget[];
  /** Whether the page's main action is measured (web-main-action.ts): on real throttling only. */
  mainAction: boolean;
}

const lcp: ProfileBudget['value'] = (lhr) => metricValue(lhr, 'largest-contentful-paint');

/** What each profile's figures must stay within (docs/benchmarks.md, "Lighthouse"): printed, never failing. */
export const profileBudgets: Record<Exclude<ProfileName, 'default'>, ProfileBudget[]> = {
  'low-tier': [
    { label: 'LCP', max: 2500, unit: 'ms', value: lcp },
    { label: 'TBT', max: 200, unit: 'ms', value: (lhr) => metricValue(lhr, 'total-blocking-time') },
    { label: 'CLS', max: 0.1, unit: '', value: (lhr) => metricValue(lhr, 'cumulative-layout-shift') },
  ],
  'slow-3g': [
    { label: 'LCP', max: 4000, unit: 'ms', value: lcp },
    { label: 'main action working', max: 6000, unit: 'ms', value: (lhr) => mainActionFigures(lhr).atMs },
    { label: 'bytes before it works', max: 170, unit: 'KB', value: (lhr) => kb(mainActionFigures(lhr).bytesBefore) },
  ],
};

function kb(bytes: number | null): number | null {
  return bytes === null ? null : bytes / 1024;
}

/** A profile's settings; `low-tier` needs the calibrated CPU multiplier. */
export function profile(name: ProfileName, lowTierCpu?: number): Profile {
  const base: Flags = { formFactor: 'mobile' };
  if (name === 'default')
    return {
      name,
      description: "Lighthouse's mobile default: simulated throttling, 150 ms, 1.6 Mbps down, 750 Kbps up, 4x CPU",
      flags: { ...base, throttlingMethod: 'simulate' },
      runTimeoutMs: 120_000,
      budgets: [],
      mainAction: false,
    };
  if (name === 'low-tier') {
    if (lowTierCpu === undefined) throw new Error('The low-tier profile needs the calibrated CPU multiplier');
    return {
      name,
      description: `low-tier phone: simulated throttling, 150 ms, 1.6 Mbps down, 750 Kbps up, ${lowTierCpu.toFixed(2)}x CPU`,
      flags: {
        ...base,
        throttlingMethod: 'simulate',
        // Lighthouse's own mobile network (mobileSlow4G: 1.6 Mbps is 1,638.4 Kbps there), a slower CPU.
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: lowTierCpu },
      },
      runTimeoutMs: 120_000,
      budgets: profileBudgets['low-tier'],
      mainAction: false,
    };
  }
  return {
    name,
    description: `slow 3G: DevTools throttling, 400 ms RTT (${SLOW_3G.requestLatencyMs} ms a request), 400 Kbps down and up, 6x CPU`,
    flags: {
      ...base,
      throttlingMethod: 'devtools',
      throttling: {
        rttMs: SLOW_3G.rttMs,
        throughputKbps: SLOW_3G.throughputKbps,
        requestLatencyMs: SLOW_3G.requestLatencyMs,
        downloadThroughputKbps: SLOW_3G.throughputKbps,
        uploadThroughputKbps: SLOW_3G.throughputKbps,
        cpuSlowdownMultiplier: 6,
      },
    },
    runTimeoutMs: 240_000,
    budgets: profileBudgets['slow-3g'],
    mainAction: true,
  };
}

/** `LIGHTHOUSE_PROFILES=default,slow-3g` (default: all three), in the order given. */
export function selectedProfiles(value: string | undefined): ProfileName[] {
  if (value === undefined || value.trim() === '') return [...profileNames];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(profileNames as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`LIGHTHOUSE_PROFILES=${value}: the profiles are ${profileNames.join(', ')}`);
  return [...new Set(names as ProfileName[])];
}

/**
 * The languages the portal has switched on (`portalLanguages` of apps/web/public/config.json),
 * without the pseudo-locales (`en-XA`, `ar-XB`: codes with `-X`), for `LIGHTHOUSE_LANGUAGES`' default.
 */
export function portalLanguages(configPath: string): string[] {
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as { portalLanguages?: unknown };
  const languages = Array.isArray(config.portalLanguages) ? config.portalLanguages : [];
  const real = languages.filter((code): code is string => typeof code === 'string' && !code.includes('-X'));
  if (real.length === 0) throw new Error(`${configPath} switches on no language (portalLanguages)`);
  return real;
}

/** A budget's figure as the report shows it (ms rounded; KB to 0.1; a shift score to 0.001). */
export function shownValue(budget: ProfileBudget, value: number): number {
  if (budget.unit === 'ms') return Math.round(value);
  if (budget.unit === 'KB') return Math.round(value * 10) / 10;
  return Number(value.toFixed(3));
}

/** The budgets of a profile a page's result misses, in words ("LCP 3120 ms (budget <= 2500 ms)"). */
export function profileBudgetMisses(lhr: Result, budgets: ProfileBudget[]): string[] {
  const misses: string[] = [];
  for (const budget of budgets) {
    const value = budget.value(lhr);
    const shown = value === null ? null : shownValue(budget, value);
    if (shown !== null && shown <= budget.max) continue;
    const unit = budget.unit ? ` ${budget.unit}` : '';
    misses.push(
      `${budget.label} ${shown === null ? 'not measured' : `${shown}${unit}`} (budget <= ${budget.max}${unit})`,
    );
  }
  return misses;
}

/** The budgets in words, for the report. */
export function profileBudgetText(budgets: ProfileBudget[]): string {
  return budgets.map((b) => `${b.label} <= ${b.max}${b.unit ? ` ${b.unit}` : ''}`).join(', ');
}
