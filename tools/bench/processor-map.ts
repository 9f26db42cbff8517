/**
 * Where a command's processor time goes: every process that runs while it runs, sampled from /proc
 * each second (Linux), its processor time summed by kind (the browser, the Functions emulator's
 * workers, a suite's test workers, tsc, lint, …), beside the machine's busy time over the same
 * span (/proc/stat). For `npm test`, which is busy on every processor throughout, this is the list
 * to cut from (docs/testing.md); each kind's page faults beside it (a slow day's mark). The machine
 * should run nothing else meanwhile:
 *   tsx tools/bench/processor-map.ts -- npm test     runs the command, then prints the table
 *   tsx tools/bench/processor-map.ts --pid 1234      follows a running process (a fresh clone's .ci/run) to its end
 * A process that lives less than a second between two samples is missed, as is each one's last
 * second; processes that ran before the start count from their first sample on (the sandbox's
 * own, kernel threads: the machine's busy time is the check on the sum).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processorTime, runToExit } from '@dayfocus/stack';
import { processesNow, workingFolder, type ProcessSighting } from './src/processes.js';

const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 1000);
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Kinds a process is of by its own command line, first match wins. */
const KINDS: [RegExp, string][] = [
  [/chrom(e|ium)|headless_shell|^\/proc\/self\/exe/, 'browser (Chromium: every process of it)'],
  [/functionsEmulatorRuntime/, "Functions emulator's workers"],
  [/emulators:start/, 'Firebase emulators (Auth, the Functions hub, Hosting, Extensions)'],
  [/cloud-firestore-emulator/, "Google's Firestore emulator (Java)"],
  [/with-stack\.ts/, 'the stack runner (with our Firestore emulator in it)'],
  [/\btsc(-native)?(\.mjs)?\b/, 'typecheck and builds (tsc)'],
  [/eslint|prettier|knip|check-cycles|pointers\/check|check-docs|check-lists|check-history/, 'lint'],
  [/\bvite(\.js)? build/, 'web builds (Vite)'],
  [/tools\/deploy\/(src\/cli|test\/run-predeploy|test\/firestore-prepare)/, 'deploy preflight and predeploys'],
  [/pnpm(\.cjs)? install|npm ci\b|npm pack\b/, 'install'],
];
const VITEST_RUN = /vitest(\.mjs)? run\b(.*)$/;

interface Tracked {
  latest: ProcessSighting;
  /** Its processor time and page faults when first seen, for a process that was running before the start. */
  ticksBefore: number;
  faultsBefore: number;
  parent: Tracked | undefined;
  /** For a test run's main process: where it runs and what it was asked, as its kind's name. */
  testRun?: string;
}

const root = process.cwd();

/** The machine's page faults so far (/proc/vmstat's pgfault), minor and major; undefined where there is none. */
function machineFaults(): number | undefined {
  try {
    const line = readFileSync('/proc/vmstat', 'utf8')
      .split('\n')
      .find((row) => row.startsWith('pgfault '));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  } catch {
    return undefined;
  }
}
const tracked = new Map<string, Tracked>();
const key = (sighting: ProcessSighting) => `${sighting.pid}@${sighting.start}`;

function sample(first: boolean): void {
  const now = processesNow();
  const byPid = new Map(now.map((sighting) => [sighting.pid, sighting]));
  for (const sighting of now) {
    const known = tracked.get(key(sighting));
    if (known) {
      // A command line read between fork and exec is the parent's: the later one counts.
      known.latest = sighting.command === '' ? { ...sighting, command: known.latest.command } : sighting;
      continue;
    }
    tracked.set(key(sighting), {
      latest: sighting,
      ticksBefore: first ? sighting.ticks : 0,
      faultsBefore: first ? sighting.faults : 0,
      parent: undefined,
    });
  }
  // Parents once every new process is in: a child may be listed before a parent seen in the same sample.
  for (const sighting of now) {
    const entry = tracked.get(key(sighting));
    const parentSighting = byPid.get(sighting.ppid);
    if (entry && !entry.parent && parentSighting) entry.parent = tracked.get(key(parentSighting));
  }
  for (const entry of tracked.values()) {
    const run = VITEST_RUN.exec(entry.latest.command);
    if (run && entry.testRun === undefined) {
      const folder = workingFolder(entry.latest.pid);
      const where = folder === undefined ? '?' : relative(root, folder) || '.';
      entry.testRun = `tests: ${where} vitest run${(run[2] ?? '').replace(/--reporter\S*|--outputFile\S*/g, '')}`
        .replace(/\s+/g, ' ')
        .slice(0, 120);
    }
  }
}

/** The kind a process is counted under. */
function kindOf(entry: Tracked): string {
  if (entry.latest.command === '') return 'kernel threads (no command line)';
  const own = KINDS.find(([pattern]) => pattern.test(entry.latest.command));
  if (own) return own[1];
  for (let at: Tracked | undefined = entry; at; at = at.parent) if (at.testRun) return at.testRun;
  return `other: ${programAndScript(entry.latest.command)}`;
}

/** A command line's program and the script it runs, as `node tools/soak/soak.ts`: options and their values left out. */
function programAndScript(command: string): string {
  const [program = '', ...rest] = command.split(' ');
  const script = rest.find(
    (word, at) => /\.(m?[jt]s|cjs)$/.test(word) && !/^(--require|--import|-r)$/.test(rest[at - 1] ?? ''),
  );
  const name = (path: string) => relative(root, path).replace(/^(\.\.\/)+/, '');
  return `${program.split('/').pop() ?? ''}${script ? ` ${name(script)}` : ''}`;
}

async function follow(isRunning: () => boolean): Promise<void> {
  sample(true);
  const machineBefore = processorTime();
  const faultsBefore = machineFaults();
  const wallStart = performance.now();
  while (isRunning()) {
    await sleep(INTERVAL_MS);
    sample(false);
  }
  const machineAfter = processorTime();
  const faultsAfter = machineFaults();
  const totals = new Map<string, { seconds: number; count: number; faults: number }>();
  for (const entry of tracked.values()) {
    const seconds = (entry.latest.ticks - entry.ticksBefore) / ticksPerSecond;
    const faults = entry.latest.faults - entry.faultsBefore;
    const kind = kindOf(entry);
    const total = totals.get(kind) ?? { seconds: 0, count: 0, faults: 0 };
    totals.set(kind, { seconds: total.seconds + seconds, count: total.count + 1, faults: total.faults + faults });
  }
  const counted = [...totals.values()].reduce((sum, { seconds }) => sum + seconds, 0);
  const machine = machineBefore && machineAfter ? (machineAfter.busy - machineBefore.busy) / ticksPerSecond : undefined;
  const countedFaults = [...totals.values()].reduce((sum, { faults }) => sum + faults, 0);
  const thousands = (faults: number) => `${(faults / 1000).toFixed(0)}k`;
  console.log(`\n| what | processes | processor-seconds | share | page faults |`);
  console.log(`| --- | --- | --- | --- | --- |`);
  for (const [kind, { seconds, count, faults }] of [...totals].sort((a, b) => b[1].seconds - a[1].seconds)) {
    if (seconds < 0.5) continue;
    console.log(
      `| ${kind} | ${count} | ${seconds.toFixed(0)} | ${Math.round((seconds / counted) * 100)} % | ${thousands(faults)} |`,
    );
  }
  console.log(`| **counted** | ${tracked.size} | **${counted.toFixed(0)}** | | ${thousands(countedFaults)} |`);
  const wall = (performance.now() - wallStart) / 1000;
  const faults = faultsBefore !== undefined && faultsAfter !== undefined ? thousands(faultsAfter - faultsBefore) : '-';
  console.log(
    `\nThe machine meanwhile: ${machine === undefined ? '-' : machine.toFixed(0)} busy processor-seconds in ${wall.toFixed(0)} s, ${faults} page faults.`,
  );
}

const args = process.argv.slice(2);
if (args[0] === '--pid' && args[1]) {
  const pid = Number(args[1]);
  await follow(() => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
} else if (args[0] === '--' && args[1]) {
  const { exitCode } = runToExit(args[1], args.slice(2), { forwardSignals: true });
  let running = true;
  const ended = exitCode.finally(() => (running = false));
  await follow(() => running);
  process.exitCode = await ended;
} else {
  console.error('usage: processor-map.ts -- <command> [args…] | --pid <pid>');
  process.exitCode = 2;
}
