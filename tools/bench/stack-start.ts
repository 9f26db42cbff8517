/**
 * Benchmark: what starting the local stack costs. `npm test` starts it six or seven times (the
 * suites' stack, the lanes', the lifecycle test's three, the offline-extension test's emulators),
 * every one beside the other stages on both processors, so a start's processor time is the run's.
 * Each round starts the stack as `with-stack.ts` does, waits until it is ready, then makes the Auth
 * emulator's first sign-up and a second one (their validators compile at an operation's first call
 * since the patches of firebase-tools and exegesis: that cost moved there, and shows here), and stops it. Prints the
 * wall time to ready, the machine's busy processor-seconds from the start to ready (/proc/stat: run
 * it on an otherwise idle machine), the two sign-ups' times and the stop's. Needs no running stack:
 * it refuses to measure one it would only reuse.
 *   tsx tools/bench/stack-start.ts            (ROUNDS=3 by default)
 */
import { join } from 'node:path';
import {
  busyShareBetween,
  pageFaultMicroseconds,
  processorTime,
  repoRoot,
  runningStackIdentity,
  startStack,
  urls,
} from '@dayfocus/stack';
import { uniqueId } from '@dayfocus/stack/testing';
import { median } from './src/stats.js';

const rounds = Number(process.env.ROUNDS ?? 3);
/** /proc/stat counts in USER_HZ, 100 a second on Linux whatever the kernel ticks at. */
const CLOCK_TICKS_A_SECOND = 100;

if (await runningStackIdentity()) {
  console.error('A stack is running already: stop it first (a start that only reuses it measures nothing).');
  process.exit(2);
}

/** One e-mail sign-up with the Auth emulator, as the web app's SDK makes it; its time in ms. */
async function signUp(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${uniqueId('start')}@example.com`,
      password: 'a-long-password',
      returnSecureToken: true,
    }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!response.ok || !body.idToken) throw new Error(`sign-up refused: ${response.status} ${body.error?.message}`);
  return performance.now() - started;
}

const rows: { readyS: number; busyS: number; firstMs: number; secondMs: number; stopS: number }[] = [];
const before = processorTime();
for (let round = 0; round < rounds; round++) {
  const busyBefore = processorTime();
  const started = performance.now();
  const running = await startStack({
    output: { logFile: join(repoRoot, '.artifacts', 'bench-stack-start.log') },
    log: () => {},
  });
  const readyS = (performance.now() - started) / 1000;
  const busyAfter = processorTime();
  const busyS = busyBefore && busyAfter ? (busyAfter.busy - busyBefore.busy) / CLOCK_TICKS_A_SECOND : Number.NaN;
  const firstMs = await signUp();
  const secondMs = await signUp();
  const stopping = performance.now();
  await running.stop();
  rows.push({ readyS, busyS, firstMs, secondMs, stopS: (performance.now() - stopping) / 1000 });
}
const busyShare = busyShareBetween(before, processorTime());

console.log('| round | wall to ready | busy processor-seconds to ready | first sign-up | second sign-up | stop |');
console.log('| --- | --- | --- | --- | --- | --- |');
rows.forEach((row, i) =>
  console.log(
    `| ${i + 1} | ${row.readyS.toFixed(1)} s | ${row.busyS.toFixed(1)} | ${row.firstMs.toFixed(0)} ms | ` +
      `${row.secondMs.toFixed(0)} ms | ${row.stopS.toFixed(1)} s |`,
  ),
);
console.log(
  `| median | ${median(rows.map((r) => r.readyS)).toFixed(1)} s | ${median(rows.map((r) => r.busyS)).toFixed(1)} | ` +
    `${median(rows.map((r) => r.firstMs)).toFixed(0)} ms | ${median(rows.map((r) => r.secondMs)).toFixed(0)} ms | ` +
    `${median(rows.map((r) => r.stopS)).toFixed(1)} s |`,
);
console.log(
  `\nThe machine ${Math.round((busyShare ?? 0) * 100)} % busy over the rounds; a page fault ${pageFaultMicroseconds(5).toFixed(1)} µs.`,
);
