/**
 * What a page fault costs on this machine: the first write to each 4 KiB page of fresh memory,
 * less a second write to the same pages (the memory then mapped: no fault), per page. The mark of
 * this machine's slow days (docs/testing.md, "What a slow day is"): an arithmetic loop ran at its
 * usual speed while everything that starts processes or grows a heap took two to three times its
 * processor time, and a fault took about 14 µs where the same pages, mapped by the kernel in one
 * call, cost under 1 µs each (a good day's figure is still to be taken). The stage table prints it
 * for each run, and `tools/bench/machine-speed.ts` beside its loop.
 */
import { execFileSync } from 'node:child_process';
import { tunablesWithoutHugePages } from './run-environment.js';

const PAGE = 4096;
/**
 * Each round's memory: above glibc's largest threshold for serving an allocation from its own
 * heap (32 MiB), so that every round gets fresh pages from the kernel, which it has not touched.
 */
const ROUND_BYTES = 64 * 2 ** 20;

/**
 * The probe, run in a Node process of its own: `npm test` lets glibc's malloc ask for transparent
 * huge pages (src/run-environment.ts), and memory so advised faults once for 512 pages, which would
 * make a slow machine look fast. The probe's process has that tunable taken away.
 */
const probe = `
const PAGE = ${PAGE}, ROUND_BYTES = ${ROUND_BYTES}, rounds = Number(process.argv[1]);
function writeEachPage(bytes) {
  const started = process.hrtime.bigint();
  for (let at = 0; at < bytes.length; at += PAGE) bytes[at] = 1;
  return Number(process.hrtime.bigint() - started) / 1000;
}
const perPage = [];
let faults = 0;
for (let round = 0; round < rounds; round++) {
  const before = process.resourceUsage().minorPageFault;
  const bytes = new Uint8Array(ROUND_BYTES);
  const first = writeEachPage(bytes);
  faults += process.resourceUsage().minorPageFault - before;
  const again = writeEachPage(bytes);
  perPage.push(Math.max(0, first - again) / (ROUND_BYTES / PAGE));
}
perPage.sort((a, b) => a - b);
console.log(JSON.stringify({ microseconds: perPage[Math.floor(perPage.length / 2)] ?? 0, faults }));
`;

export interface PageFaultProbe {
  /** Microseconds a first write to a fresh page takes, beyond a write to a mapped one (the median of the rounds). */
  microseconds: number;
  /** The minor page faults the probe's first writes made, all rounds together (one a page: 16,384 a round). */
  faults: number;
}

/** Runs the probe over `rounds` rounds of fresh memory. */
export function probePageFaults(rounds = 3): PageFaultProbe {
  const output = execFileSync(process.execPath, ['-e', probe, String(rounds)], {
    env: { ...process.env, GLIBC_TUNABLES: tunablesWithoutHugePages(process.env.GLIBC_TUNABLES), NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  return JSON.parse(output) as PageFaultProbe;
}

/** Microseconds a first write to a fresh page takes, beyond a write to a mapped one (the median of `rounds`). */
export function pageFaultMicroseconds(rounds = 3): number {
  return probePageFaults(rounds).microseconds;
}
