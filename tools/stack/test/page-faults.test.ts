/**
 * The page-fault probe (src/page-faults.ts) that the stage table and the machine-speed benchmark
 * print: it must fault on every page it times (fresh memory each round, not pages an allocator
 * kept, nor huge pages that fault once for 512), or it would report a slow machine as a fast one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { probePageFaults, type PageFaultProbe } from '../src/page-faults.js';

const rounds = 3;
/**
 * 64 MiB a round in 4 KiB pages; a machine with transparent huge pages for all memory faults once
 * for 512 of them, and its probe rightly reports a small cost.
 */
function pagesFaulted(): number {
  const thp = '/sys/kernel/mm/transparent_hugepage/enabled';
  const hugePages = existsSync(thp) && readFileSync(thp, 'utf8').includes('[always]');
  return hugePages ? (rounds * 16_384) / 512 : rounds * 16_384;
}

function expectAFaultAPage(probe: PageFaultProbe): void {
  expect(probe.faults).toBeGreaterThanOrEqual(pagesFaulted());
  expect(probe.microseconds).toBeGreaterThan(0);
  expect(Number.isFinite(probe.microseconds)).toBe(true);
}

describe('the page-fault probe', () => {
  it('faults on each of the 16,384 pages of every round it times, and answers a cost per page', () => {
    expectAFaultAPage(probePageFaults(rounds));
  });

  it("still does where glibc's malloc asks for huge pages, as in npm test's processes", () => {
    // A process started so, as stages.ts starts every stage (src/run-environment.ts): the probe
    // once ran in its caller's process, and there faulted 2,369 times for 49,152 pages.
    const output = execFileSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
        '-e',
        `import { probePageFaults } from './tools/stack/src/page-faults.ts';
         console.log(JSON.stringify(probePageFaults(${rounds})));`,
      ],
      { cwd: repoRoot, env: { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' }, encoding: 'utf8' },
    );
    expectAFaultAPage(JSON.parse(output) as PageFaultProbe);
  });
});
