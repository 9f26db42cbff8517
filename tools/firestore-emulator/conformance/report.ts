/**
 * What a conformance run reports (run.ts): each failure's category, the tolerated ones, the
 * report as the JSON file holds it, and how it is printed.
 */

export const CATEGORIES = ['vector search', 'query explain', 'pipelines', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];
/** Failures in these categories are expected (features the emulator does not offer). */
export const TOLERATED: readonly Category[] = ['vector search', 'query explain'];

/** Which emulator a run judges. */
export const TARGETS = ['ours', 'official'] as const;
export type Target = (typeof TARGETS)[number];

/**
 * The category of a failure, from its full title. Explain comes first ("can profile a vector
 * query"); ordering by a vector field ("SDK orders vector field same way as backend") is not
 * vector search but the order of values, and stays in "other".
 */
export function categorize(title: string): Category {
  if (/\bexplain|\bprofile\b|\bplan (a|an)\b|ExplainMetrics/i.test(title)) return 'query explain';
  if (/\bvector search\b|findNearest/i.test(title)) return 'vector search';
  if (/pipeline/i.test(title)) return 'pipelines';
  return 'other';
}

export interface Failure {
  title: string;
  category: Category;
  /** The first line of the error, as mocha prints it ("Name: message"). */
  error: string;
  /** The whole message (cut at 2,000 characters). */
  message: string;
}

/** What the suite's run gave, test by test, before it is summed up in a report. */
export interface Outcome {
  passed: string[];
  pendingTitles: string[];
  failures: Failure[];
  /** Every test's duration (mocha's; a failure's until it failed). */
  durations: { title: string; ms: number; failed: boolean }[];
  /** False when the deadline cut the run short. */
  complete: boolean;
  /** The suite's own run, without compiling it or starting the emulator. */
  durationMs: number;
}

export interface Report {
  against: Target;
  suite: { checkout: string; file: string; version: string };
  client: { package: string; version: string };
  emulator: string;
  env: Record<string, string>;
  grep: string | null;
  /** Top-level suites not run (run.ts, UNIT_TEST_SUITES). */
  excludedSuites: string[];
  timeoutMs: number;
  /** False when the deadline cut the run short. */
  complete: boolean;
  passed: number;
  failed: number;
  pending: number;
  total: number;
  /** The suite's own run, without compiling it or starting the emulator. */
  durationMs: number;
  /** Starting the emulator (for ours, in this process: almost nothing). */
  startupMs: number;
  failures: Failure[];
  /** The slowest tests (mocha's duration, a failure's until it failed), slowest first. */
  slowest: { title: string; ms: number; failed: boolean }[];
  failuresByCategory: Record<Category, string[]>;
  pendingTitles: string[];
}

/** The report of a run: what it ran (`run`) and what came of it (`outcome`). */
export function reportOf(
  run: Omit<
    Report,
    | 'complete'
    | 'passed'
    | 'failed'
    | 'pending'
    | 'total'
    | 'durationMs'
    | 'failures'
    | 'slowest'
    | 'failuresByCategory'
    | 'pendingTitles'
  >,
  outcome: Outcome,
): Report {
  const { passed, pendingTitles, failures } = outcome;
  const { startupMs, ...ran } = run;
  return {
    ...ran,
    complete: outcome.complete,
    passed: passed.length,
    failed: failures.length,
    pending: pendingTitles.length,
    total: passed.length + failures.length + pendingTitles.length,
    durationMs: outcome.durationMs,
    startupMs,
    failures,
    slowest: [...outcome.durations].sort((a, b) => b.ms - a.ms).slice(0, 10),
    failuresByCategory: Object.fromEntries(
      CATEGORIES.map((category) => [category, failures.filter((f) => f.category === category).map((f) => f.title)]),
    ) as Record<Category, string[]>,
    pendingTitles,
  };
}

/** Whether a run passes: complete, and every failure in a tolerated category. */
export function passes(report: Pick<Report, 'complete' | 'failures'>): boolean {
  return report.complete && report.failures.every((failure) => TOLERATED.includes(failure.category));
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function describeError(error: unknown): { error: string; message: string } {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { error: text.split('\n')[0] ?? '', message: text.slice(0, 2000) };
}

export function printReport(report: Report): void {
  console.log(
    `\n${report.against === 'official' ? "Google's emulator" : 'Our emulator'}: ` +
      `${report.passed} passed, ${report.failed} failed, ${report.pending} pending (skipped), ${report.total} total` +
      ` in ${seconds(report.durationMs)}` +
      (report.complete ? '' : ' — INCOMPLETE: the deadline cut the run short'),
  );
  console.log('\nSlowest tests:');
  for (const test of report.slowest.slice(0, 5)) {
    console.log(`  ${seconds(test.ms).padStart(7)}  ${test.failed ? '(failed) ' : ''}${test.title}`);
  }
  for (const category of CATEGORIES) {
    const failures = report.failures.filter((failure) => failure.category === category);
    if (failures.length === 0) continue;
    console.log(`\n${category} (${failures.length}):`);
    for (const failure of failures) console.log(`  - ${failure.title}\n      ${failure.error}`);
  }
}

/** Both runs' reports side by side (`undefined`: the run wrote none), then the tests whose outcome differs. */
export function printSideBySide(reports: Map<Target, Report>): void {
  console.log('\n=== Side by side ===\n');
  const header = ['Emulator', 'Passed', 'Failed', 'Skipped', 'Total', 'Suite time', 'Start', 'Other failures'];
  const rows = TARGETS.map((target) => {
    const r = reports.get(target);
    const name = target === 'ours' ? 'ours' : "Google's";
    if (r === undefined) return [name, '-', '-', '-', '-', '-', '-', 'no report'];
    const other = r.failures.filter((f) => !TOLERATED.includes(f.category)).length;
    return [name, r.passed, r.failed, r.pending, r.total, seconds(r.durationMs), seconds(r.startupMs), other].map(
      String,
    );
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i] as number)).join('  '));

  const ours = reports.get('ours');
  const official = reports.get('official');
  if (ours === undefined || official === undefined) return;
  const failedOn = (r: Report) => new Map(r.failures.map((f) => [f.title, f]));
  const oursFailed = failedOn(ours);
  const officialFailed = failedOn(official);
  const list = (what: string, failures: Failure[]) => {
    console.log(`\n${what} (${failures.length}):`);
    for (const f of failures) console.log(`  - [${f.category}] ${f.title}\n      ${f.error}`);
  };
  list(
    'Failing on ours only',
    [...oursFailed.values()].filter((f) => !officialFailed.has(f.title)),
  );
  list(
    "Failing on Google's only",
    [...officialFailed.values()].filter((f) => !oursFailed.has(f.title)),
  );
}
