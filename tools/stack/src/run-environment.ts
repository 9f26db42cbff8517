/**
 * What every process of an `npm test` run inherits from stages.ts, for less processor time: each
 * setting is a cache or an allocator's choice, never something a test's outcome may depend on.
 */
import { join } from 'node:path';
import { repoRoot } from './config.js';

export function setRunEnvironment(): void {
  // Node keeps the code it compiles (V8's cache) for every process of the run: the functions'
  // workers, the test workers and the tools load the same modules again and again (docs/testing.md).
  process.env.NODE_COMPILE_CACHE ??= join(repoRoot, 'node_modules', '.cache', 'node-compile');
  // glibc's malloc asks for transparent huge pages (where the kernel gives them on request), so that
  // a process's heap of native memory (V8's compiler zones, buffers) faults in 2 MiB at a time rather
  // than 4 KiB: a third fewer faults in the functions' unit tests (docs/testing.md). A tunable already
  // set is kept (this one too, in the stages run inside a stack); a libc without it ignores it.
  if (!process.env.GLIBC_TUNABLES?.includes('glibc.malloc.hugetlb='))
    process.env.GLIBC_TUNABLES = [process.env.GLIBC_TUNABLES, 'glibc.malloc.hugetlb=1'].filter(Boolean).join(':');
}
