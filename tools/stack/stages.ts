/**
 * What `npm test` runs, stage by stage, each timed: the one list of its stages, and the table of
 * their wall times it prints at its end (also when a stage fails: the table then says which).
 *   tsx tools/stack/stages.ts [group]            runs a group's stages (default: all)
 *   tsx tools/stack/stages.ts --time <name> -- <command> [args...]
 *                                                runs one more command as a stage (CI's lanes)
 *   tsx tools/stack/stages.ts --write-docs       puts the last run's table into docs/testing.md
 * Stages that need nothing of each other run side by side (`together`): the machine has two
 * processors, and most stages wait on a browser, a stack or a subprocess for much of their time.
 * A stage that runs the local stack runs a group inside it; the inner stages' times go to the same
 * record (.artifacts/test-stages.jsonl, started afresh by the group `all`), and the outer row keeps
 * what the stack's start and stop cost beside them. The figures in docs/testing.md are this table.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, platform, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { emulatorEnv, repoRoot } from './src/config.js';
import { pageFaultMicroseconds } from './src/page-faults.js';
import { setRunEnvironment } from './src/run-environment.js';
import {
  failureReports,
  jsonLines,
  keep,
  record,
  recorded,
  runInTurn,
  runStage,
  startRecord,
  table,
  type Stage,
} from './src/stage-runner.js';

const STAGES_BEGIN = '<!-- stages: begin (tsx tools/stack/stages.ts --write-docs) -->';
const STAGES_END = '<!-- stages: end -->';
const SLOWEST_BEGIN = '<!-- slowest files: begin (tsx tools/stack/stages.ts --write-docs) -->';
const SLOWEST_END = '<!-- slowest files: end -->';

/** Each test file's time, as the vitest configs' second reporter records it (scripts/vitest-file-times.mjs). */
const fileTimes = process.env.DAYFOCUS_FILE_TIMES ?? join(repoRoot, '.artifacts', 'test-files.jsonl');
interface FileTime {
  file: string;
  project: string;
  tests: number;
  ms: number;
  wholeMs: number;
}

/** The twenty slowest test files of the run, as a table: the file's whole time, import and collection included. */
function slowestFiles(count = 20): string[] {
  const files = jsonLines<FileTime>(fileTimes)
    .sort((a, b) => b.wholeMs - a.wholeMs)
    .slice(0, count);
  if (files.length === 0) return [];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    '| file | project | tests | time |',
    '| --- | --- | --- | --- |',
    ...files.map((f) => `| \`${f.file}\` | ${f.project} | ${f.tests} | ${seconds(f.wholeMs)} |`),
  ];
}

const tsx = (...args: string[]) => ['tsx', ...args];
const pnpm = (...args: string[]) => ['pnpm', ...args];
const functionsVitest = (...projects: string[]) =>
  pnpm('--filter', '@dayfocus/functions', 'exec', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p]));

/** The suites on one stack, side by side: the functions', the web app's in jsdom, the browser tests. */
const stackSuites = {
  // Files that leave the rest of the stack alone, side by side; the functions' own that hold the
  // fault plan or sweep ahead in time one after another among them (functions/vitest.config.mts).
  name: 'the suites beside each other',
  together: [
    {
      name: 'stack: functions',
      short: 'functions',
      command: functionsVitest('stack', 'stack-own-environment', 'stack-alone'),
    },
    {
      name: 'stack: web (jsdom)',
      short: 'web',
      command: pnpm('--filter', '@dayfocus/web', 'exec', 'vitest', 'run', '--project', 'stack'),
    },
    {
      name: 'stack: web (browser)',
      short: 'browser',
      command: pnpm('--filter', '@dayfocus/web', 'exec', 'vitest', 'run', '--project', 'e2e'),
    },
  ],
} satisfies Stage;

/**
 * Lint and the typecheck need no stack and have no time limit: they run beside everything else,
 * yielding, on the processors the rest leaves idle. Not first, where they stood on everyone's path.
 */
const withoutTheStack = {
  name: 'lint, typecheck (yielding to the stack)',
  short: 'no stack',
  yielding: true,
  together: [
    { name: 'lint', command: pnpm('run', 'lint') },
    { name: 'typecheck', command: pnpm('run', 'typecheck') },
  ],
} satisfies Stage;

/**
 * What changes the whole stack while it runs, each with a stack to itself: production's write limit
 * first, then the functions' crash switch and sweeps hours ahead, the soak's faults. They run on a
 * stack of their own (slot 1, config.ts: every port ten higher, a project of its own) beside the
 * suites' stack: they wait on production's write limit, faults and crashes far more than they work,
 * and once waited for the suites to end.
 */
const stackLanes = {
  name: 'the lanes that need the stack to themselves',
  short: 'lanes',
  sequence: [
    {
      name: "production's write limit per document (on, off)",
      short: 'hot',
      command: tsx('tools/stack/hot-documents.ts', 'production', '--', ...tsx('tools/stack/stages.ts', 'hot')),
      inner: 'hot',
    },
    {
      name: 'stack: functions that need the stack to themselves',
      short: 'exclusive',
      command: functionsVitest('stack-exclusive'),
    },
    { name: 'stack: soak', short: 'soak', command: pnpm('run', 'test:soak') },
  ],
} satisfies Stage;

/** The environment of a stage on the lanes' stack (slot 1, config.ts). */
const LANES_SLOT = { DAYFOCUS_STACK_SLOT: '1' };

/**
 * The groups: `all` is `npm test`; `suites`, `lanes` and `stack` (both) run inside a stack, and
 * `hot` inside it with the hot-document model on.
 */
const groups: Record<string, Stage[]> = {
  all: [
    {
      // Neither needs the other, and neither keeps both processors busy: the unpacking waits on the
      // disk, the build's packages on each other.
      name: 'the browser of the browser tests and the build, side by side',
      together: [
        { name: 'the browser of the browser tests', short: 'browser', command: tsx('tools/stack/provide-browser.ts') },
        { name: 'build', short: 'build', command: pnpm('run', 'build') },
      ],
    },
    {
      name: 'two stacks (the suites, the lanes), the unit tests and lint, side by side',
      together: [
        {
          name: "the suites' stack",
          short: 'suites',
          sequence: [
            {
              // Before the stack of the suites starts: its tests start and stop stacks on the
              // stack's own ports. The build has just built (DAYFOCUS_DEV_PREBUILT): no second build.
              name: 'the stack lifecycle',
              short: 'lifecycle',
              command: pnpm('--filter', '@dayfocus/stack', 'run', 'test:lifecycle'),
              env: { DAYFOCUS_DEV_PREBUILT: '1' },
            },
            {
              name: 'the stack (start, stop) and its suites',
              command: tsx('tools/stack/with-stack.ts', ...tsx('tools/stack/stages.ts', 'suites')),
              inner: 'suites',
            },
          ],
        },
        {
          name: "the lanes' stack (start, stop) and its lanes",
          short: 'lanes',
          command: tsx('tools/stack/with-stack.ts', ...tsx('tools/stack/stages.ts', 'lanes')),
          env: LANES_SLOT,
          inner: 'lanes',
        },
        {
          name: 'unit tests',
          short: 'unit',
          command: pnpm('run', 'test:unit'),
          env: Object.fromEntries(Object.keys(emulatorEnv).map((name) => [name, undefined])),
        },
        withoutTheStack,
      ],
    },
  ],
  suites: [stackSuites],
  lanes: [stackLanes],
  // `npm run test:stack`: both on the one stack that runs (`npm run dev`'s), one after the other.
  stack: [stackSuites, stackLanes],
  hot: [
    { name: 'hot: functions', command: pnpm('--filter', '@dayfocus/functions', 'run', 'test:hot') },
    {
      name: 'hot: viral soak',
      command: tsx('tools/soak/soak.ts', '--journeys', '100', '--seed', '1', '--no-baseline', '--viral'),
    },
  ],
};

const outerGroups = ['all', 'ci'];

/**
 * The machine a run ran on, taken as the run starts and kept beside its record: what a page fault
 * cost then says whether its times compare with a good day's (docs/testing.md, "What a slow day is").
 */
const machineRecord = join(dirname(record), 'test-machine.json');
const hardware = () => `${cpus().length} processors, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()}`;
function noteMachine(): void {
  const machine = `${hardware()}; a page fault ${pageFaultMicroseconds().toFixed(1)} µs`;
  mkdirSync(dirname(machineRecord), { recursive: true });
  writeFileSync(machineRecord, JSON.stringify({ machine }));
}
function machine(): string {
  if (!existsSync(machineRecord)) return hardware();
  return (JSON.parse(readFileSync(machineRecord, 'utf8')) as { machine: string }).machine;
}

function printTable(): void {
  console.log(`\nThe stages' wall times (${record}; ${machine()}):\n`);
  for (const line of table(recorded(), outerGroups)) console.log(line);
  const slowest = slowestFiles();
  if (slowest.length > 0) console.log(`\nThe twenty slowest test files (${fileTimes}):\n\n${slowest.join('\n')}`);
  const failures = failureReports();
  if (failures.length > 0) console.log(`\nWhat the failed stages printed:\n${failures.join('\n')}`);
}

/** `text` with what is between `begin` and `end` replaced by `block` (the markers kept). */
function between(text: string, begin: string, end: string, block: string[]): string {
  const [start, stop] = [text.indexOf(begin), text.indexOf(end)];
  if (start < 0 || stop < start) throw new Error(`docs/testing.md has no ${begin} … ${end}`);
  return text.slice(0, start) + [begin, ...block, end].join('\n') + text.slice(stop + end.length);
}

/**
 * `--write-docs`: the recorded table (a whole run's, `.ci/run`'s with Google's lane) goes into
 * docs/testing.md between its markers, with the day, the commit and the machine, so that the
 * figures there are a run's and nobody's typing.
 */
function writeDocs(): void {
  const rows = recorded();
  if (!rows.some((row) => row.group === 'all')) throw new Error(`No run of npm test in ${record}`);
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const day = new Date(statSync(record).mtime).toISOString().slice(0, 10);
  const docs = join(repoRoot, 'docs', 'testing.md');
  const stages = [`The table of a run on ${day}, at \`${commit}\` (${machine()}):`, '', ...table(rows, outerGroups)];
  let text = between(readFileSync(docs, 'utf8'), STAGES_BEGIN, STAGES_END, stages);
  const slowest = slowestFiles();
  if (slowest.length > 0)
    text = between(text, SLOWEST_BEGIN, SLOWEST_END, [`The twenty slowest test files of that run:`, '', ...slowest]);
  writeFileSync(docs, text);
  execFileSync(join(repoRoot, 'node_modules', '.bin', 'prettier'), ['--write', docs], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  console.log(`docs/testing.md: the table of ${record}`);
}

const argv = process.argv.slice(2);
if (argv[0] === '--write-docs') {
  writeDocs();
  process.exit(0);
}
if (argv[0] === '--time') {
  const [, name, separator, ...command] = argv;
  if (!name || separator !== '--' || command.length === 0) {
    console.error('usage: tsx tools/stack/stages.ts --time <name> -- <command> [args...]');
    process.exit(2);
  }
  const passed = await runStage({ name, command }, 'ci');
  printTable();
  process.exit(passed ? 0 : 1);
}

const group = argv[0] ?? 'all';
const stages = groups[group];
if (!stages) {
  console.error(`No group "${group}": ${Object.keys(groups).join(', ')}`);
  process.exit(2);
}
if (group === 'all') {
  // The install before it (scripts/toolchain.mjs: Node, pnpm, the workspace), when it says how long.
  startRecord();
  noteMachine();
  // Every vitest run of the stages records its files' times here (scripts/vitest-file-times.mjs).
  rmSync(fileTimes, { force: true });
  process.env.DAYFOCUS_FILE_TIMES = fileTimes;
  const setup = Number(process.env.DAYFOCUS_SETUP_SECONDS);
  if (Number.isFinite(setup))
    keep({ name: 'install (toolchain, workspace)', seconds: setup, outcome: 'passed', group });
}
setRunEnvironment();
const passed = await runInTurn(stages, group);
if (group === 'all') printTable();
process.exit(passed ? 0 : 1);
