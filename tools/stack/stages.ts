/**
 * What `npm test` runs, stage by stage, each timed: the one list of its stages, and the table of
 * their wall times it prints at its end (also when a stage fails: the table then says which).
 *   tsx tools/stack/stages.ts [group]            runs a group's stages (default: all)
 *   tsx tools/stack/stages.ts --time <name> -- <command> [args...]
 *                                                runs one more command as a stage (CI's lanes)
 * A stage that runs the local stack runs a group inside it; the inner stages' times go to the same
 * record (.artifacts/test-stages.json, started afresh by the group `all`), and the outer row keeps
 * what the stack's start and stop cost beside them. The figures in docs/testing.md are this table.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoRoot } from './src/config.js';

interface Stage {
  name: string;
  command: string[];
  /** The group this stage runs inside its stack, whose rows the table shows under it. */
  inner?: string;
}

const tsx = (...args: string[]) => ['tsx', ...args];
const pnpm = (...args: string[]) => ['pnpm', ...args];

/** The groups: `all` is `npm test`; `stack` and `hot` run inside a stack each. */
const groups: Record<string, Stage[]> = {
  all: [
    { name: 'the browser of the browser tests', command: tsx('tools/stack/provide-browser.ts') },
    { name: 'lint', command: pnpm('run', 'lint') },
    { name: 'typecheck', command: pnpm('run', 'typecheck') },
    { name: 'build', command: pnpm('run', 'build') },
    { name: 'unit tests', command: pnpm('run', 'test:unit') },
    { name: 'the stack lifecycle', command: pnpm('--filter', '@dayfocus/stack', 'run', 'test:lifecycle') },
    {
      name: 'the stack (start, stop)',
      command: tsx('tools/stack/with-stack.ts', ...tsx('tools/stack/stages.ts', 'stack')),
      inner: 'stack',
    },
    {
      name: 'the hot-document stack (start, stop)',
      command: tsx('tools/stack/with-stack.ts', '--hot-documents=production', ...tsx('tools/stack/stages.ts', 'hot')),
      inner: 'hot',
    },
  ],
  stack: [
    { name: 'stack: functions', command: pnpm('--filter', '@dayfocus/functions', 'run', 'test:stack') },
    {
      name: 'stack: web (jsdom)',
      command: pnpm('--filter', '@dayfocus/web', 'exec', 'vitest', 'run', '--project', 'stack'),
    },
    {
      name: 'stack: web (browser)',
      command: pnpm('--filter', '@dayfocus/web', 'exec', 'vitest', 'run', '--project', 'e2e'),
    },
    { name: 'stack: soak', command: pnpm('run', 'test:soak') },
  ],
  hot: [
    { name: 'hot: functions', command: pnpm('--filter', '@dayfocus/functions', 'run', 'test:hot') },
    {
      name: 'hot: viral soak',
      command: tsx('tools/soak/soak.ts', '--journeys', '100', '--seed', '1', '--no-baseline', '--viral'),
    },
  ],
};

interface Timed {
  name: string;
  seconds: number;
  outcome: 'passed' | 'failed';
  /** The group it ran in: an outer stage's row includes its inner group's. */
  group: string;
  inner?: string;
}

const record = join(repoRoot, '.artifacts', 'test-stages.json');

function recorded(): Timed[] {
  return existsSync(record) ? (JSON.parse(readFileSync(record, 'utf8')) as Timed[]) : [];
}

function keep(timed: Timed[]): void {
  mkdirSync(join(repoRoot, '.artifacts'), { recursive: true });
  writeFileSync(record, `${JSON.stringify(timed, null, 2)}\n`);
}

function runStage(command: string[]): Promise<number> {
  const [file, ...args] = command;
  if (!file) throw new Error('A stage without a command');
  // The workspace's tools on PATH, as `pnpm run` puts them there (toolchain.mjs --exec does not).
  const path = `${join(repoRoot, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`;
  const child = spawn(file, args, { stdio: 'inherit', cwd: repoRoot, env: { ...process.env, PATH: path } });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function timed({ name, command, inner }: Stage, group: string): Promise<boolean> {
  console.log(`\n[stage] ${name}: ${command.join(' ')}`);
  const started = performance.now();
  const code = await runStage(command);
  const seconds = (performance.now() - started) / 1000;
  // Read again: an inner group has written its rows meanwhile.
  keep([
    ...recorded(),
    { name, seconds, outcome: code === 0 ? 'passed' : 'failed', group, ...(inner ? { inner } : {}) },
  ]);
  return code === 0;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

/** The stages' table, in the order they began (an inner group's rows under the stage that ran it). */
function table(rows: Timed[]): string[] {
  const outer = rows.filter((row) => row.group === 'all' || row.group === 'ci');
  const lines = ['| stage | wall time | outcome |', '| --- | --- | --- |'];
  for (const row of outer) {
    lines.push(`| ${row.name} | ${clock(row.seconds)} | ${row.outcome} |`);
    for (const child of row.inner ? rows.filter((r) => r.group === row.inner) : [])
      lines.push(`| &nbsp;&nbsp;${child.name} | ${clock(child.seconds)} | ${child.outcome} |`);
  }
  const total = outer.reduce((sum, row) => sum + row.seconds, 0);
  lines.push(
    `| **all** | **${clock(total)}** | ${outer.every((row) => row.outcome === 'passed') ? 'passed' : 'failed'} |`,
  );
  return lines;
}

function printTable(): void {
  console.log(`\nThe stages' wall times (${record}):\n`);
  for (const line of table(recorded())) console.log(line);
}

const argv = process.argv.slice(2);
if (argv[0] === '--time') {
  const [, name, separator, ...command] = argv;
  if (!name || separator !== '--' || command.length === 0) {
    console.error('usage: tsx tools/stack/stages.ts --time <name> -- <command> [args...]');
    process.exit(2);
  }
  const passed = await timed({ name, command }, 'ci');
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
  const setup = Number(process.env.DAYFOCUS_SETUP_SECONDS);
  keep(
    Number.isFinite(setup)
      ? [{ name: 'install (toolchain, workspace)', seconds: setup, outcome: 'passed', group }]
      : [],
  );
}
let passed = true;
for (const stage of stages) {
  passed = await timed(stage, group);
  if (!passed) break;
}
if (group === 'all') printTable();
process.exit(passed ? 0 : 1);
