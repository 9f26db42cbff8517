/**
 * What every process of an `npm test` run inherits from stages.ts, for less processor time: each
 * setting is a cache or an allocator's choice, never something a test's outcome may depend on.
 */
import { join } from 'node:path';
import { repoRoot } from './config.js';

/** glibc's tunable that has malloc ask the kernel for transparent huge pages. */
const HUGE_PAGES = 'glibc.malloc.hugetlb';
const isHugePages = (tunable: string) => tunable.startsWith(`${HUGE_PAGES}=`);

/** `GLIBC_TUNABLES` (`name=value` pairs joined by colons) without the huge-page tunable, any other kept. */
export function tunablesWithoutHugePages(tunables: string | undefined): string {
  return (tunables ?? '')
    .split(':')
    .filter((tunable) => tunable !== '' && !isHugePages(tunable))
    .join(':');
}

export function setRunEnvironment(): void {
  // Node keeps the code it compiles (V8's cache) for every process of the run: the functions'
  // workers, the test workers and the tools load the same modules again and again (docs/testing.md).
  process.env.NODE_COMPILE_CACHE ??= join(repoRoot, 'node_modules', '.cache', 'node-compile');
  // glibc's malloc asks for transparent huge pages (where the kernel gives them on request), so that
  // a process's heap of native memory (V8's compiler zones, buffers) faults in 2 MiB at a time rather
  // than 4 KiB: a third fewer faults in the functions' unit tests (docs/testing.md). A value already
  // set is kept (this one too, in the stages run inside a stack); a libc without it ignores it.
  const tunables = process.env.GLIBC_TUNABLES;
  if (!(tunables ?? '').split(':').some(isHugePages))
    process.env.GLIBC_TUNABLES = [tunables, `${HUGE_PAGES}=1`].filter(Boolean).join(':');
}
