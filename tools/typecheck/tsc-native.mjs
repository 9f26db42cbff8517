#!/usr/bin/env node
// `tsc-native <tsc arguments>`: TypeScript 7's native compiler (the `typescript` of this package),
// which each package's `typecheck` script runs. Why a name of its own: every package keeps
// TypeScript 5.9 as `typescript` (and its `tsc`), whose JavaScript API typescript-eslint, knip,
// madge and the build use; TypeScript 7 has no such API yet. The native compiler gives the same
// verdicts in about a quarter of the processor time (docs/testing.md).
//
// One checker unless the arguments ask for more: on a machine whose processors the rest of
// `npm test` keeps busy, four checkers took more than twice the processor time of one, and no
// less wall time.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The package exports no `bin/`: its launcher is found beside its package.json.
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const args = process.argv.slice(2);
const checkers = args.some(
  (arg) => arg === '--checkers' || arg.startsWith('--checkers=') || arg === '--singleThreaded',
);
const { status, signal } = spawnSync(process.execPath, [tsc, ...args, ...(checkers ? [] : ['--checkers', '1'])], {
  stdio: 'inherit',
});
process.exit(status ?? (signal ? 1 : 0));
