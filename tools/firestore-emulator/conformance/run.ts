/**
 * Runs the Node Firestore client's system tests (`dev/system-test/firestore.ts` of a
 * googleapis/nodejs-firestore checkout) with the installed `@google-cloud/firestore` against our
 * emulator, started in this process on a free port, or Google's (`--against official`), or both
 * one after the other with a summary side by side (`--against both`). See README.md.
 *
 *   tsx tools/firestore-emulator/conformance/run.ts --suite /tmp/nodejs-firestore \
 *     [--against ours|official|both] [--grep pattern] [--json out.json] [--timeout ms] [--deadline s]
 *     [--reporter name] [--emulator module] [--unit-tests]
 *
 * Exits 0 when every failure is in vector search or query explain (in each run), 1 otherwise.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Mocha from 'mocha';
import { officialEmulatorVersion, startOfficialFirestoreEmulator } from '../src/official.js';
import { compileSuite } from './compile.js';

/** The only API of the emulator that the runner uses. */
interface EmulatorModule {
  startFirestoreEmulator(options: { port: number }): Promise<{ host: string; port: number; stop(): Promise<void> }>;
}

const CATEGORIES = ['vector search', 'query explain', 'pipelines', 'other'] as const;
type Category = (typeof CATEGORIES)[number];
/** Failures in these categories are expected (features the emulator does not offer). */
const TOLERATED: readonly Category[] = ['vector search', 'query explain'];
/**
 * Top-level suites that `{checkout}/dev/test/bundle.ts` (the client's unit tests, imported by the
 * system test for two helpers) registers as a side effect: they never reach the emulator, and are
 * left out unless --unit-tests is given.
 */
const UNIT_TEST_SUITES = ['Bundle Builder', 'Bundle Builder using BigInt'];

/**
 * The category of a failure, from its full title. Explain comes first ("can profile a vector
 * query"); ordering by a vector field ("SDK orders vector field same way as backend") is not
 * vector search but the order of values, and stays in "other".
 */
function categorize(title: string): Category {
  if (/\bexplain|\bprofile\b|\bplan (a|an)\b|ExplainMetrics/i.test(title)) return 'query explain';
  if (/\bvector search\b|findNearest/i.test(title)) return 'vector search';
  if (/pipeline/i.test(title)) return 'pipelines';
  return 'other';
}

interface Failure {
  title: string;
  category: Category;
  /** The first line of the error, as mocha prints it ("Name: message"). */
  error: string;
  /** The whole message (cut at 2,000 characters). */
  message: string;
}

/** Which emulator a run judges. */
const TARGETS = ['ours', 'official'] as const;
type Target = (typeof TARGETS)[number];

interface Report {
  against: Target;
  suite: { checkout: string; file: string; version: string };
  client: { package: string; version: string };
  emulator: string;
  env: Record<string, string>;
  grep: string | null;
  /** Top-level suites not run (see UNIT_TEST_SUITES). */
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

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The command line without the options `--against` and `--json` (and their values). */
function argsWithout(args: string[], names: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (names.includes(arg)) i++;
    else if (!names.some((name) => arg.startsWith(`${name}=`))) kept.push(arg);
  }
  return kept;
}

/**
 * Runs the suite against each emulator in a process of its own (the suite's clients and the
 * client's module state start afresh), one after the other, then prints both side by side with
 * the tests whose outcome differs.
 */
function runBoth(jsonFile: string | undefined): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'firestore-conformance-both-'));
  const reports = new Map<Target, Report>();
  const exitCodes = new Map<Target, number | null>();
  const args = argsWithout(process.argv.slice(2), ['--against', '--json']);
  for (const target of TARGETS) {
    const file = path.join(dir, `${target}.json`);
    console.log(`\n=== The suite against ${target === 'ours' ? 'our emulator' : "Google's emulator"} ===`);
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), ...args, '--against', target, '--json', file],
      { stdio: 'inherit' },
    );
    exitCodes.set(target, child.status);
    try {
      reports.set(target, JSON.parse(readFileSync(file, 'utf8')) as Report);
    } catch {
      console.log(`The run against ${target} wrote no report (exit code ${String(child.status)}).`);
    }
  }
  rmSync(dir, { recursive: true, force: true });

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
  if (ours !== undefined && official !== undefined) {
    const failedOn = (r: Report) => new Map(r.failures.map((f) => [f.title, f]));
    const oursFailed = failedOn(ours);
    const officialFailed = failedOn(official);
    const onlyOurs = [...oursFailed.values()].filter((f) => !officialFailed.has(f.title));
    const onlyOfficial = [...officialFailed.values()].filter((f) => !oursFailed.has(f.title));
    const list = (what: string, failures: Failure[]) => {
      console.log(`\n${what} (${failures.length}):`);
      for (const f of failures) console.log(`  - [${f.category}] ${f.title}\n      ${f.error}`);
    };
    list('Failing on ours only', onlyOurs);
    list("Failing on Google's only", onlyOfficial);
  }
  if (jsonFile !== undefined) {
    writeFileSync(jsonFile, `${JSON.stringify(Object.fromEntries(reports), null, 2)}\n`);
    console.log(`\nBoth reports written to ${jsonFile}`);
  }
  return TARGETS.every((target) => exitCodes.get(target) === 0) ? 0 : 1;
}

function describeError(error: unknown): { error: string; message: string } {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { error: text.split('\n')[0] ?? '', message: text.slice(0, 2000) };
}

function printReport(report: Report): void {
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

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      suite: { type: 'string' },
      against: { type: 'string', default: 'ours' },
      grep: { type: 'string' },
      json: { type: 'string' },
      timeout: { type: 'string', default: '30000' },
      deadline: { type: 'string', default: '1800' },
      reporter: { type: 'string', default: 'dot' },
      emulator: { type: 'string' },
      'unit-tests': { type: 'boolean', default: false },
    },
  });
  if (values.suite === undefined) throw new Error('--suite <nodejs-firestore checkout> is required');
  if (values.against === 'both') return runBoth(values.json);
  if (!TARGETS.includes(values.against as Target)) throw new Error('--against: ours, official or both');
  const against = values.against as Target;
  const checkout = path.resolve(values.suite);
  const timeoutMs = Number(values.timeout);
  const deadlineMs = Number(values.deadline) * 1000;

  const outDir = mkdtempSync(path.join(os.tmpdir(), 'firestore-conformance-'));
  const entry = compileSuite(checkout, outDir);
  const startingAt = Date.now();
  let emulator: { host: string; port: number; stop(): Promise<void> };
  if (against === 'official') {
    emulator = await startOfficialFirestoreEmulator({ port: 0 });
  } else {
    const emulatorSpecifier =
      values.emulator === undefined ? '../src/index.js' : pathToFileURL(path.resolve(values.emulator)).href;
    const { startFirestoreEmulator } = (await import(emulatorSpecifier)) as EmulatorModule;
    emulator = await startFirestoreEmulator({ port: 0 });
  }
  const startupMs = Date.now() - startingAt;
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  process.env.GCLOUD_PROJECT ??= 'demo-conformance'; // else the client looks for a project (and may hang)
  console.log(`Emulator on ${process.env.FIRESTORE_EMULATOR_HOST}; suite compiled to ${outDir}`);

  const requireHere = createRequire(import.meta.url);
  const clientPackage = JSON.parse(
    readFileSync(requireHere.resolve('@google-cloud/firestore/package.json'), 'utf8'),
  ) as { version: string };
  const suitePackage = JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8')) as { version: string };

  const mocha = new Mocha({ timeout: timeoutMs, reporter: values.reporter });
  if (values.grep !== undefined) mocha.grep(values.grep);
  mocha.addFile(entry);
  await mocha.loadFilesAsync();
  const excludedSuites = values['unit-tests'] ? [] : UNIT_TEST_SUITES;
  mocha.suite.suites = mocha.suite.suites.filter((suite) => !excludedSuites.includes(suite.title));

  const passed: string[] = [];
  const pendingTitles: string[] = [];
  const failures: Failure[] = [];
  const durations: { title: string; ms: number; failed: boolean }[] = [];
  const started = Date.now();
  const runner = mocha.run();
  runner.on(Mocha.Runner.constants.EVENT_TEST_END, (test) =>
    durations.push({ title: test.fullTitle(), ms: test.duration ?? 0, failed: test.state === 'failed' }),
  );
  runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, (test) => passed.push(test.fullTitle()));
  runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, (test) => pendingTitles.push(test.fullTitle()));
  runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test, error: unknown) => {
    const title = test.fullTitle();
    failures.push({ title, category: categorize(title), ...describeError(error) });
  });

  let deadlineTimer: NodeJS.Timeout | undefined;
  const complete = await Promise.race([
    new Promise<boolean>((resolve) => runner.on(Mocha.Runner.constants.EVENT_RUN_END, () => resolve(true))),
    new Promise<boolean>((resolve) => (deadlineTimer = setTimeout(() => resolve(false), deadlineMs))),
  ]);
  clearTimeout(deadlineTimer);

  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        /^(FIRESTORE_|RUN_ENTERPRISE_TESTS$|GCLOUD_PROJECT$)/.test(entry[0]) && entry[1] !== undefined,
    ),
  );
  const report: Report = {
    against,
    suite: { checkout, file: 'dev/system-test/firestore.ts', version: suitePackage.version },
    client: { package: '@google-cloud/firestore', version: clientPackage.version },
    emulator:
      against === 'official'
        ? `Google's (gcloud emulators firestore start; ${officialEmulatorVersion()})`
        : (values.emulator ?? 'tools/firestore-emulator/src/index.ts'),
    env,
    grep: values.grep ?? null,
    excludedSuites,
    timeoutMs,
    complete,
    passed: passed.length,
    failed: failures.length,
    pending: pendingTitles.length,
    total: passed.length + failures.length + pendingTitles.length,
    durationMs: Date.now() - started,
    startupMs,
    failures,
    slowest: durations.sort((a, b) => b.ms - a.ms).slice(0, 10),
    failuresByCategory: Object.fromEntries(
      CATEGORIES.map((category) => [category, failures.filter((f) => f.category === category).map((f) => f.title)]),
    ) as Record<Category, string[]>,
    pendingTitles,
  };
  printReport(report);
  if (values.json !== undefined) {
    writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nReport written to ${values.json}`);
  }

  await Promise.race([emulator.stop(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  rmSync(outDir, { recursive: true, force: true });
  return complete && failures.every((failure) => TOLERATED.includes(failure.category)) ? 0 : 1;
}

main().then(
  // The clients the suite leaves open would keep the process alive: exit explicitly.
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
