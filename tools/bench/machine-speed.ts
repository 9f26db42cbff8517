/**
 * How fast this machine is today, before a fresh run of `npm test` is judged by it: the same
 * single-thread work every time (integer arithmetic, then building and sorting objects), its
 * processor time and wall time over a few rounds, and how much of the machine was busy meanwhile
 * (/proc/stat, Linux). The stage table's eight minutes were measured when a round took the
 * processor time docs/testing.md gives for a good hour; a round that takes much more says the run
 * will be slow whatever the suites do. No stack, no network:
 *   tsx tools/bench/machine-speed.ts          (ROUNDS=5 by default)
 */
import { readFileSync } from 'node:fs';

const rounds = Number(process.env.ROUNDS ?? 5);

/** The work: fixed, so its processor time compares across days. */
function work(): number {
  let sum = 0;
  for (let i = 0; i < 400_000_000; i++) sum = (sum + i * 7) % 1_000_003;
  const objects = Array.from({ length: 300_000 }, (_, i) => ({ key: i, text: String(i) }));
  objects.sort((a, b) => b.key - a.key);
  return sum + (objects[0]?.key ?? 0);
}

/** Busy and all ticks of the machine's processors so far (Linux), or null elsewhere. */
function machineTicks(): { busy: number; all: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, all: busy + idle + iowait };
  } catch {
    return null;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const cpu: number[] = [];
const wall: number[] = [];
let check = 0;
const before = machineTicks();
for (let round = 0; round < rounds; round++) {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  check += work();
  const used = process.cpuUsage(cpuStart);
  cpu.push((used.user + used.system) / 1000);
  wall.push(performance.now() - wallStart);
}
const after = machineTicks();
const busyShare =
  before && after && after.all > before.all ? (after.busy - before.busy) / (after.all - before.all) : null;

console.log(`| rounds | processor time a round (median) | wall a round (median) | machine busy meanwhile |`);
console.log(`| --- | --- | --- | --- |`);
console.log(
  `| ${rounds} | ${(median(cpu) / 1000).toFixed(2)} s | ${(median(wall) / 1000).toFixed(2)} s | ` +
    `${busyShare === null ? '-' : `${Math.round(busyShare * 100)} %`} |`,
);
if (check === 0) console.log('(the work summed to 0: it did not run)');
