/**
 * The second judge (`npm run test:official`): the stack with Google's Firestore emulator in our
 * emulator's place (`STACK_FIRESTORE=official`) and a Functions worker per function, and against
 * it the functions' stack suite and the web app's stack tests. The tests that need our emulator's
 * own endpoints are left out by their tag, and listed with the reason; nothing is left out silently.
 *
 *   tsx tools/stack/official-lane.ts [--if-present]
 *
 * Where Google's emulator is not installed it says so in one line and exits 1, or 0 with
 * `--if-present` (what CI passes: the lane is then reported as not run, never as passed).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { officialEmulatorProblem } from '@dayfocus/firestore-emulator/official';
import { readVitestReport, type ReportSummary } from './src/vitest-report.js';

const { values } = parseArgs({ options: { 'if-present': { type: 'boolean', default: false } } });
const say = (line: string) => console.log(`[official lane] ${line}`);
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const laneStarted = Date.now();

const problem = officialEmulatorProblem();
if (problem !== null) {
  say(`NOT RUN: Google's Firestore emulator is not available here (${problem}).`);
  process.exit(values['if-present'] ? 0 : 1);
}

// Read by the stack's settings when they load: set before the dynamic import below.
process.env.STACK_FIRESTORE = 'official';
// And a Functions worker per function, as production gives each function instances of its own:
// the other lanes share workers between functions (docs/local-stack.md), so that a function that
// works only after another has set some module state up in the same process passes there, and fails here.
process.env.FUNCTIONS_EMULATOR_SHARED_WORKERS = 'false';
const { firestoreDescription, repoRoot, stack, startStack } = await import('./src/index.js');

// What the stack serves is what is built (as `npm run dev` does), unless the build in place is this
// tree's: `.ci/run` runs the lane right after `npm test` built it (DAYFOCUS_DEV_PREBUILT=1, as the
// lifecycle tests take it).
if (stack.builtInPlace) say('using the build in place (DAYFOCUS_DEV_PREBUILT=1)');
else {
  const build = spawnSync('pnpm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The tag of the tests that need our emulator (functions/vitest.config.mts), and why. */
const OUR_EMULATOR_TAG = 'our-emulator';
/** What else the lane does not run, and why. */
const NOT_IN_THE_LANE = [
  "the fault soak (npm run test:soak): every fault it injects goes through our emulator's /emulator/v1/faults",
  "tools/stack's lifecycle tests: reusing a running stack rests on our emulator's identity marker (/emulator/v1/identity)",
  'the web browser tests (apps/web/e2e): about 5 minutes more; run them with STACK_FIRESTORE=official (docs/testing.md)',
];

/** The functions' stack suite: its files side by side, then those kept apart (functions/vitest.config.mts). */
const STACK_PROJECTS = ['stack', 'stack-own-environment', 'stack-alone', 'stack-exclusive'].flatMap((name) => [
  '--project',
  name,
]);
const vitestIn = (filter: string, args: string[]) => ['--filter', filter, 'exec', 'vitest', ...args];

/**
 * Runs vitest in a package while the stack runs, without blocking this process: the emulators'
 * output comes through pipes this process reads, and an emulator whose pipe is not read stops
 * (Google's stopped answering within a minute of a spawnSync here). The suites run side by side,
 * so each one's output is kept and printed whole when it ends, not interleaved with the others'.
 */
function vitestWhileStackRuns(
  filter: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn('pnpm', vitestIn(filter, args), {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, output: Buffer.concat(chunks).toString('utf8') })),
  );
}

interface Suite {
  name: string;
  filter: string;
  args: string[];
  env?: Record<string, string>;
}
const suites: Suite[] = [
  {
    name: "the functions' stack suite",
    filter: '@dayfocus/functions',
    args: ['run', ...STACK_PROJECTS, `--tags-filter=!${OUR_EMULATOR_TAG}`],
  },
  { name: "the web app's stack tests (jsdom)", filter: '@dayfocus/web', args: ['run', '--project', 'stack'] },
  {
    // The shared project's rules (docs/deploying.md) judged by Google's rules engine as well as
    // ours: the test adds a judge for the emulator this variable names.
    name: "the shared project's rules (app rules with our fragment)",
    filter: '@dayfocus/stack',
    args: ['run', 'test/companion-rules.test.ts'],
    env: { OFFICIAL_FIRESTORE_EMULATOR_HOST: `${stack.host}:${stack.ports.firestore}` },
  },
];

const logFile = join(repoRoot, '.artifacts', 'stack-official.log');
say(`Starting the stack with ${firestoreDescription()} (output to ${logFile})...`);
const stackStarted = Date.now();
const running = await startStack({ output: { logFile } });
const stackMs = Date.now() - stackStarted;
say(`Stack ready in ${seconds(stackMs)}.`);

const dir = mkdtempSync(join(tmpdir(), 'official-lane-'));
/** A suite's run: its report's counts, the tests its tag filter left out (skipped), those that failed. */
interface Result extends ReportSummary {
  suite: Suite;
  code: number | null;
  ms: number;
}
let results: Result[];
try {
  // Side by side: the functions' suite keeps its own order (the files kept apart run after the
  // rest, functions/vitest.config.mts); the web app's tests and the shared rules (a project of
  // their own on the emulator) touch nothing of it, and wait on the emulator more than they work.
  say(`Running ${suites.map((suite) => suite.name).join('; ')}: side by side, against Google's emulator...`);
  results = await Promise.all(
    suites.map(async (suite, index): Promise<Result> => {
      const json = join(dir, `${index}.json`);
      const started = Date.now();
      const { code, output } = await vitestWhileStackRuns(
        suite.filter,
        [...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
        suite.env,
      );
      const ms = Date.now() - started;
      say(`${suite.name}: its output (${seconds(ms)})`);
      process.stdout.write(output);
      let report: ReportSummary = { counts: 'no report', skipped: [], failed: [] };
      try {
        report = readVitestReport(json, repoRoot);
      } catch {
        // 'no report': the run did not get as far as writing one
      }
      return { suite, code, ms, ...report };
    }),
  );
} finally {
  await running.stop();
  rmSync(dir, { recursive: true, force: true });
}

say(`Summary (${firestoreDescription()}):`);
say(`  the stack started in ${seconds(stackMs)}`);
for (const result of results) {
  const verdict = result.code === 0 ? 'passed' : `FAILED (exit code ${String(result.code)})`;
  say(`  ${result.suite.name}: ${verdict}, ${result.counts}, in ${seconds(result.ms)}`);
  for (const test of result.failed) say(`    failed: ${test.file} > ${test.name}: ${test.why}`);
}
const leftOut = results.flatMap((result) => result.skipped);
say(
  `  left out: ${leftOut.length} tests, skipped by the tag filter !${OUR_EMULATOR_TAG}: they need our emulator's ` +
    "own endpoints (its fault plan /emulator/v1/faults, its open transactions /emulator/v1/transactions), which Google's lacks:",
);
for (const test of leftOut) say(`    - ${test.file} > ${test.name}`);
say('  not in this lane:');
for (const line of NOT_IN_THE_LANE) say(`    - ${line}`);
say(`  the lane took ${seconds(Date.now() - laneStarted)}, the build included.`);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
