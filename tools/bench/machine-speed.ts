/**
 * How fast this machine is today, before a fresh run of `npm test` is judged by it: the same
 * single-thread work every time (integer arithmetic, then building and sorting objects), its
 * processor time and wall time over a few rounds, how much of the machine was busy meanwhile
 * (/proc/stat, Linux), and what a page fault costs. The loop ran at its usual speed on the slow
 * days, when a fault took about 14 µs and the suites two to three times their processor time
 * (docs/testing.md, "What a slow day is"): the fault is their mark (a good day's figure is still to
 * be taken). No stack, no network:
 *   tsx tools/bench/machine-speed.ts          (ROUNDS=5 by default, after one untimed round)
 */
import { busyShareBetween, pageFaultMicroseconds, processorTime } from '@dayfocus/stack';
import { median } from './src/stats.js';

const rounds = Number(process.env.ROUNDS ?? 5);

/** The work: fixed, so its processor time compares across days. */
function work(): number {
  let sum = 0;
  for (let i = 0; i < 400_000_000; i++) sum = (sum + i * 7) % 1_000_003;
  const objects = Array.from({ length: 300_000 }, (_, i) => ({ key: i, text: String(i) }));
  objects.sort((a, b) => b.key - a.key);
  return sum + (objects[0]?.key ?? 0);
}

const cpu: number[] = [];
const wall: number[] = [];
// One round untimed first: V8 runs the first call's loop through another compilation than the
// later ones' (3.2 processor-seconds against 7.3 on 2026-12-01), so only later rounds compare.
let check = work();
const before = processorTime();
for (let round = 0; round < rounds; round++) {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  check += work();
  const used = process.cpuUsage(cpuStart);
  cpu.push((used.user + used.system) / 1000);
  wall.push(performance.now() - wallStart);
}
const busyShare = busyShareBetween(before, processorTime());

// What the loop cannot see: the slow days made page faults (and so starting processes and growing
// heaps) costly, not arithmetic (docs/testing.md, "What a slow day is").
const fault = pageFaultMicroseconds(5);

console.log(
  `| rounds | processor time a round (median) | wall a round (median) | machine busy meanwhile | a page fault |`,
);
console.log(`| --- | --- | --- | --- | --- |`);
console.log(
  `| ${rounds} | ${(median(cpu) / 1000).toFixed(2)} s | ${(median(wall) / 1000).toFixed(2)} s | ` +
    `${busyShare === undefined ? '-' : `${Math.round(busyShare * 100)} %`} | ${fault.toFixed(1)} µs |`,
);
if (check === 0) console.log('(the work summed to 0: it did not run)');
