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
import {
  categorize,
  describeError,
  passes,
  printReport,
  printSideBySide,
  reportOf,
  TARGETS,
  type Failure,
  type Outcome,
  type Report,
  type Target,
} from './report.js';

/** The only API of the emulator that the runner uses. */
interface EmulatorModule {
  startFirestoreEmulator(options: { port: number }): Promise<Emulator>;
}
type Emulator = { host: string; port: number; stop(): Promise<void> };

/**
 * Top-level suites that `{checkout}/dev/test/bundle.ts` (the client's unit tests, imported by the
 * system test for two helpers) registers as a side effect: they never reach the emulator, and are
 * left out unless --unit-tests is given.
 */
const UNIT_TEST_SUITES = ['Bundle Builder', 'Bundle Builder using BigInt'];

/** The command line's options. */
function options() {
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
  return { ...values, suite: values.suite };
}
type Options = ReturnType<typeof options>;

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
  printSideBySide(reports);
  if (jsonFile !== undefined) {
    writeFileSync(jsonFile, `${JSON.stringify(Object.fromEntries(reports), null, 2)}\n`);
    console.log(`\nBoth reports written to ${jsonFile}`);
  }
  return TARGETS.every((target) => exitCodes.get(target) === 0) ? 0 : 1;
}

/** Starts the emulator a run judges: Google's, ours, or the module `--emulator` names. */
async function startEmulator(against: Target, emulatorModule: string | undefined): Promise<Emulator> {
  if (against === 'official') return startOfficialFirestoreEmulator({ port: 0 });
  const emulatorSpecifier =
    emulatorModule === undefined ? '../src/index.js' : pathToFileURL(path.resolve(emulatorModule)).href;
  const { startFirestoreEmulator } = (await import(emulatorSpecifier)) as EmulatorModule;
  return startFirestoreEmulator({ port: 0 });
}

/** The compiled suite, loaded into mocha, less the suites left out (`excludedSuites`). */
async function loadSuite(entry: string, values: Options, excludedSuites: string[]): Promise<Mocha> {
  const mocha = new Mocha({ timeout: Number(values.timeout), reporter: values.reporter });
  if (values.grep !== undefined) mocha.grep(values.grep);
  mocha.addFile(entry);
  await mocha.loadFilesAsync();
  mocha.suite.suites = mocha.suite.suites.filter((suite) => !excludedSuites.includes(suite.title));
  return mocha;
}

/** Runs the loaded suite until it ends or `deadlineMs` passes, and collects each test's outcome. */
async function runSuite(mocha: Mocha, deadlineMs: number): Promise<Outcome> {
  const outcome: Omit<Outcome, 'complete' | 'durationMs'> = {
    passed: [],
    pendingTitles: [],
    failures: [],
    durations: [],
  };
  const started = Date.now();
  const runner = mocha.run();
  const { EVENT_TEST_END, EVENT_TEST_PASS, EVENT_TEST_PENDING, EVENT_TEST_FAIL, EVENT_RUN_END } =
    Mocha.Runner.constants;
  runner.on(EVENT_TEST_END, (test) =>
    outcome.durations.push({ title: test.fullTitle(), ms: test.duration ?? 0, failed: test.state === 'failed' }),
  );
  runner.on(EVENT_TEST_PASS, (test) => outcome.passed.push(test.fullTitle()));
  runner.on(EVENT_TEST_PENDING, (test) => outcome.pendingTitles.push(test.fullTitle()));
  runner.on(EVENT_TEST_FAIL, (test, error: unknown) => {
    const title = test.fullTitle();
    const failure: Failure = { title, category: categorize(title), ...describeError(error) };
    outcome.failures.push(failure);
  });
  let deadlineTimer: NodeJS.Timeout | undefined;
  const complete = await Promise.race([
    new Promise<boolean>((resolve) => runner.on(EVENT_RUN_END, () => resolve(true))),
    new Promise<boolean>((resolve) => (deadlineTimer = setTimeout(() => resolve(false), deadlineMs))),
  ]);
  clearTimeout(deadlineTimer);
  return { ...outcome, complete, durationMs: Date.now() - started };
}

/** The version in a package.json. */
function versionIn(packageJson: string): string {
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

/** The settings the suite ran with: the emulator's address, the project, the suite's switches. */
function suiteEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        /^(FIRESTORE_|RUN_ENTERPRISE_TESTS$|GCLOUD_PROJECT$)/.test(entry[0]) && entry[1] !== undefined,
    ),
  );
}

async function main(): Promise<number> {
  const values = options();
  if (values.against === 'both') return runBoth(values.json);
  if (!TARGETS.includes(values.against as Target)) throw new Error('--against: ours, official or both');
  const against = values.against as Target;
  const checkout = path.resolve(values.suite);

  const outDir = mkdtempSync(path.join(os.tmpdir(), 'firestore-conformance-'));
  const entry = compileSuite(checkout, outDir);
  const startingAt = Date.now();
  const emulator = await startEmulator(against, values.emulator);
  const startupMs = Date.now() - startingAt;
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  process.env.GCLOUD_PROJECT ??= 'demo-conformance'; // else the client looks for a project (and may hang)
  console.log(`Emulator on ${process.env.FIRESTORE_EMULATOR_HOST}; suite compiled to ${outDir}`);

  const suiteVersion = versionIn(path.join(checkout, 'package.json'));
  const clientVersion = versionIn(createRequire(import.meta.url).resolve('@google-cloud/firestore/package.json'));
  const excludedSuites = values['unit-tests'] ? [] : UNIT_TEST_SUITES;
  const mocha = await loadSuite(entry, values, excludedSuites);
  const outcome = await runSuite(mocha, Number(values.deadline) * 1000);
  const report = reportOf(
    {
      against,
      suite: { checkout, file: 'dev/system-test/firestore.ts', version: suiteVersion },
      client: { package: '@google-cloud/firestore', version: clientVersion },
      emulator:
        against === 'official'
          ? `Google's (gcloud emulators firestore start; ${officialEmulatorVersion()})`
          : (values.emulator ?? 'tools/firestore-emulator/src/index.ts'),
      env: suiteEnv(),
      grep: values.grep ?? null,
      excludedSuites,
      timeoutMs: Number(values.timeout),
      startupMs,
    },
    outcome,
  );
  printReport(report);
  if (values.json !== undefined) {
    writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nReport written to ${values.json}`);
  }

  await Promise.race([emulator.stop(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  rmSync(outDir, { recursive: true, force: true });
  return passes(report) ? 0 : 1;
}

main().then(
  // The clients the suite leaves open would keep the process alive: exit explicitly.
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
