/**
 * lighthouse.ts' report per profile (web-profiles.ts): a Markdown table each, the budgets a page
 * misses, and the summary file.
 */
import { categories, metricValue, score, tableHeader, tableRow } from './web-lighthouse.js';
import { mainActionFigures, MAIN_ACTION_AUDIT } from './web-main-action.js';
import { profileBudgetMisses, type Profile } from './web-profiles.js';
import type { PageResult } from './web-lighthouse-run.js';

const seconds = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
const millis = (ms: number | null) => (ms === null ? 'n/a' : `${ms.toFixed(0)} ms`);
const kilobytes = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);
const shift = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));

interface Column {
  label: string;
  cell: (r: PageResult, profile: Profile) => string;
}

const runsCell = (r: PageResult) => (r.runs.length > 1 ? `${r.runs.length} (performance ${r.runs.join(', ')})` : '1');
const overBudget = (r: PageResult, profile: Profile) => profileBudgetMisses(r.lhr, profile.budgets).join('; ') || '-';

const lowTierColumns: Column[] = [
  { label: 'runs', cell: runsCell },
  { label: 'performance', cell: (r) => String(score(r.lhr, 'performance') ?? 'n/a') },
  { label: 'FCP', cell: (r) => seconds(metricValue(r.lhr, 'first-contentful-paint')) },
  { label: 'LCP', cell: (r) => seconds(metricValue(r.lhr, 'largest-contentful-paint')) },
  { label: 'TBT', cell: (r) => millis(metricValue(r.lhr, 'total-blocking-time')) },
  { label: 'CLS', cell: (r) => shift(metricValue(r.lhr, 'cumulative-layout-shift')) },
  { label: 'benchmarkIndex', cell: (r) => String(Math.round(r.lhr.environment.benchmarkIndex)) },
  { label: 'over budget', cell: overBudget },
];

const slow3gColumns: Column[] = [
  { label: 'runs', cell: runsCell },
  { label: 'performance', cell: (r) => String(score(r.lhr, 'performance') ?? 'n/a') },
  { label: 'FCP', cell: (r) => seconds(metricValue(r.lhr, 'first-contentful-paint')) },
  { label: 'LCP', cell: (r) => seconds(metricValue(r.lhr, 'largest-contentful-paint')) },
  { label: 'main action', cell: (r) => seconds(mainActionFigures(r.lhr).atMs) },
  { label: 'before it works', cell: (r) => kilobytes(mainActionFigures(r.lhr).bytesBefore) },
  { label: 'total bytes', cell: (r) => kilobytes(metricValue(r.lhr, 'total-byte-weight')) },
  { label: 'over budget', cell: overBudget },
];

function pageLabel(r: PageResult): string {
  return `${r.name} (${new URL(r.url).pathname})`;
}

/** A profile's Markdown table: the default's as before, the others' with their own figures and misses. */
export function profileTable(profile: Profile, results: PageResult[]): string {
  if (profile.name === 'default')
    return [tableHeader, ...results.map((r) => tableRow(pageLabel(r), r.runs, r.lhr))].join('\n');
  const columns = profile.name === 'low-tier' ? lowTierColumns : slow3gColumns;
  return [
    `| page | ${columns.map((c) => c.label).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    ...results.map((r) => `| ${pageLabel(r)} | ${columns.map((c) => c.cell(r, profile)).join(' | ')} |`),
  ].join('\n');
}

/** Every budget a profile's pages miss, one line each ("invitation-en: LCP 3120 ms (budget <= 2500 ms)"). */
export function profileMisses(profile: Profile, results: PageResult[]): string[] {
  return results.flatMap((r) => profileBudgetMisses(r.lhr, profile.budgets).map((miss) => `${r.name}: ${miss}`));
}

/** summary.json: one entry per page and profile. */
export function summary(results: PageResult[]): unknown[] {
  return results.map((r) => ({
    profile: r.profile,
    page: r.name,
    url: r.url,
    runs: r.runs,
    benchmarkIndexes: r.indexes.map(Math.round),
    cpuSlowdownMultiplier: r.lhr.configSettings.throttling.cpuSlowdownMultiplier,
    scores: Object.fromEntries(categories.map((c) => [c, score(r.lhr, c)])),
    metrics: Object.fromEntries(
      Object.entries(r.lhr.audits)
        .filter(([, a]) => a.scoreDisplayMode === 'numeric' && typeof a.numericValue === 'number')
        .map(([id, a]) => [id, a.numericValue]),
    ),
    ...(r.lhr.audits[MAIN_ACTION_AUDIT] ? { mainAction: mainActionFigures(r.lhr) } : {}),
  }));
}
