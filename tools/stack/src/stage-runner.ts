/**
 * Runs and times `npm test`'s stages (the list is tools/stack/stages.ts): one after another (a
 * stage's `sequence`, or a group), or side by side where a stage lists stages `together` (their
 * output interleaved line by line, each line led by the stage's short name). Every stage's wall time, outcome and how busy the machine's
 * processors were meanwhile go to one record, a JSON line each (appended, so that a stage running
 * a group in another process, inside a stack, writes to it too); the table is drawn from it.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { constants, cpus, setPriority } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './config.js';
import { busyShareBetween, processorTime } from './processor-time.js';
import { runToExit } from './processes.js';

export interface Stage {
  name: string;
  /** What runs; a stage without one runs its `together` stages side by side, or its `sequence`. */
  command?: string[];
  /** The stages run side by side, each timed on its own row under this one. */
  together?: Stage[];
  /** The stages run one after another (the first failure ends it), each on its own row under this one. */
  sequence?: Stage[];
  /** The group this stage's command runs (in another process), whose rows the table shows under it. */
  inner?: string;
  /** The name that leads each of its lines when it runs beside others. */
  short?: string;
  /** Variables its command gets beside the runner's own; `undefined` takes one away. */
  env?: Record<string, string | undefined>;
  /**
   * Runs at the lowest scheduling priority (its command and every process it starts, inner stages'
   * included): it takes the processors where the stages beside it leave them idle, and next to
   * nothing beside them. Only for work with no time limit of its own (lint, the typecheck): a test
   * run so would be starved past its timeouts whenever the stages beside it keep the machine busy.
   */
  yielding?: boolean;
}

export interface Timed {
  name: string;
  seconds: number;
  outcome: 'passed' | 'failed';
  /** The group it ran in: an outer stage's row includes its inner group's. */
  group: string;
  inner?: string;
  /** How busy the machine's processors were while it ran (0-1), where the system says (Linux). */
  busy?: number;
}

/** Where the rows go: `DAYFOCUS_STAGE_RECORD` (which the stages' own processes inherit), else .artifacts. */
export const record = process.env.DAYFOCUS_STAGE_RECORD ?? join(repoRoot, '.artifacts', 'test-stages.jsonl');

export function recorded(): Timed[] {
  return jsonLines<Timed>(record);
}

/** A JSON-lines record as written (the stages', the test files' times); none when there is no file. */
export function jsonLines<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

/** What failed stages printed (their failures, then their last lines), kept beside the record for the run's end. */
const failuresRecord = record.replace(/\.jsonl$/, '') + '-failures.txt';

export function startRecord(): void {
  rmSync(record, { force: true });
  rmSync(failuresRecord, { force: true });
}

/** The failed stages' words, as kept: printed after the table, so that a log's tail (CI's) shows them. */
export function failureReports(): string[] {
  return existsSync(failuresRecord) ? readFileSync(failuresRecord, 'utf8').split('\n') : [];
}

// eslint-disable-next-line no-control-regex -- the colours' escapes are what it strips
const plain = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, '');
const FAILURE = /FAIL|✗|×|Error|failed|expected/;

/** A failed stage's lines worth reading: those that name a failure (at most 60), then its last 60. */
function keepFailure(name: string, lines: string[]): void {
  const named = lines.filter((line) => FAILURE.test(line)).slice(0, 60);
  const kept = [
    `--- ${name}: the lines that name a failure`,
    ...named,
    `--- ${name}: its last lines`,
    ...lines.slice(-60),
  ];
  mkdirSync(dirname(failuresRecord), { recursive: true });
  appendFileSync(failuresRecord, `${kept.join('\n')}\n`);
}

export function keep(row: Timed): void {
  mkdirSync(dirname(record), { recursive: true });
  appendFileSync(record, `${JSON.stringify(row)}\n`);
}

/** Runs one command to its end; its lines led by `prefix` when one is given. */
async function runCommand(
  command: string[],
  prefix?: string,
  extra: Record<string, string | undefined> = {},
  yielding = false,
): Promise<number> {
  const [file, ...args] = command;
  if (!file) throw new Error('A stage without a command');
  // The workspace's tools on PATH, as `pnpm run` puts them there (toolchain.mjs --exec does not).
  const path = `${join(repoRoot, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`;
  // A variable set to undefined is left out of the child's environment (child_process skips it).
  const env = { ...process.env, ...extra, PATH: path };
  const { child, exitCode } = runToExit(file, args, { stdio: prefix ? 'pipe' : 'inherit', cwd: repoRoot, env });
  // At once, before the command has started anything: what it starts inherits the priority.
  if (yielding && child.pid !== undefined) setPriority(child.pid, constants.priority.PRIORITY_LOW);
  if (!prefix) return exitCode;
  const lines: string[] = [];
  const read = [child.stdout, child.stderr].map(async (stream) => {
    if (!stream) return;
    for await (const line of createInterface({ input: stream })) {
      console.log(`[${prefix}] ${line}`);
      lines.push(plain(line));
    }
  });
  const [code] = await Promise.all([exitCode, ...read]);
  if (code !== 0) keepFailure(prefix, lines);
  return code;
}

/** What a stage runs, as its first line says. */
function described({ command, together, sequence }: Stage): string {
  if (command) return command.join(' ');
  if (together) return `side by side: ${together.map((s) => s.name).join('; ')}`;
  return `one after another: ${(sequence ?? []).map((s) => s.name).join('; ')}`;
}

/** Runs `stages` in turn until one fails (a group, or a stage's `sequence`); whether all passed. */
export async function runInTurn(stages: Stage[], group: string, prefix?: string, yielding = false): Promise<boolean> {
  for (const stage of stages) {
    // Beside other stages, each line is led by the running stage's own name.
    if (!(await runStage(stage, group, prefix && (stage.short ?? stage.name), yielding))) return false;
  }
  return true;
}

/** Runs a stage (its command, its `together` stages side by side, or its `sequence`), timed; whether it passed. */
export async function runStage(stage: Stage, group: string, prefix?: string, yielding = false): Promise<boolean> {
  const { name, command, together, sequence, inner, env } = stage;
  const lower = yielding || stage.yielding === true;
  const innerGroup = together || sequence ? `${group}/${name}` : inner;
  console.log(`\n[stage] ${name}: ${described(stage)}`);
  const [started, before] = [performance.now(), processorTime()];
  let passed: boolean;
  if (command) passed = (await runCommand(command, prefix, env, lower)) === 0;
  else if (sequence) passed = await runInTurn(sequence, innerGroup ?? group, prefix, lower);
  else {
    const outcomes = await Promise.all(
      (together ?? []).map((child) => runStage(child, innerGroup ?? group, child.short ?? child.name, lower)),
    );
    passed = outcomes.every(Boolean);
  }
  const seconds = (performance.now() - started) / 1000;
  const busy = busyShareBetween(before, processorTime());
  keep({
    name,
    seconds,
    outcome: passed ? 'passed' : 'failed',
    group,
    ...(innerGroup ? { inner: innerGroup } : {}),
    ...(busy === undefined ? {} : { busy }),
  });
  if (prefix) console.log(`[${prefix}] ${passed ? 'passed' : 'FAILED'} in ${clock(seconds)}`);
  return passed;
}

/** A time in whole seconds, as minutes and seconds: 719.6 s is 12 min 0 s, never 11 min 60 s. */
const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
};
const percent = (busy: number | undefined) => (busy === undefined ? '-' : `${Math.round(busy * 100)} %`);

/**
 * The stages' table in the order they ended, inner rows under the stage that ran them. The
 * processors' column says how much of the machine's `cores` the stage kept busy.
 */
export function table(rows: Timed[], outerGroups: string[]): string[] {
  const lines = [
    `| stage | wall time | processors busy (of ${cpus().length}) | outcome |`,
    '| --- | --- | --- | --- |',
  ];
  const add = (row: Timed, depth: number) => {
    const indent = '&nbsp;&nbsp;'.repeat(depth);
    lines.push(`| ${indent}${row.name} | ${clock(row.seconds)} | ${percent(row.busy)} | ${row.outcome} |`);
    for (const child of row.inner ? rows.filter((r) => r.group === row.inner) : []) add(child, depth + 1);
  };
  const outer = rows.filter((row) => outerGroups.includes(row.group));
  for (const row of outer) add(row, 0);
  const total = outer.reduce((sum, row) => sum + row.seconds, 0);
  const passed = outer.every((row) => row.outcome === 'passed');
  lines.push(`| **all** | **${clock(total)}** | | ${passed ? 'passed' : 'failed'} |`);
  return lines;
}
