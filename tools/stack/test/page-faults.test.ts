/**
 * The page-fault probe (src/page-faults.ts) that the stage table and the machine-speed benchmark
 * print: it must fault on every page it times (fresh memory each round, not pages an allocator
 * kept), or it would report a slow machine as a fast one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageFaultMicroseconds } from '../src/page-faults.js';

/** This process's minor page faults so far, as the kernel counts them (getrusage). */
const minorFaults = () => process.resourceUsage().minorPageFault;

describe('the page-fault probe', () => {
  it('faults on each of the 16,384 pages of every round it times, and answers a cost per page', () => {
    const rounds = 3;
    const before = minorFaults();
    const micros = pageFaultMicroseconds(rounds);
    const faults = minorFaults() - before;
    // 64 MiB a round in 4 KiB pages; a machine with transparent huge pages for all memory faults
    // once for 512 of them, and its probe rightly reports a small cost.
    const thp = '/sys/kernel/mm/transparent_hugepage/enabled';
    const hugePages = existsSync(thp) && readFileSync(thp, 'utf8').includes('[always]');
    expect(faults).toBeGreaterThanOrEqual(hugePages ? (rounds * 16_384) / 512 : rounds * 16_384);
    expect(micros).toBeGreaterThan(0);
    expect(Number.isFinite(micros)).toBe(true);
  });
});
