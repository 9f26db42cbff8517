/**
 * The local stack's code stays in functions/src/local: a module that deploys asks the
 * environment (composition/environment.ts) for what differs on the local stack, and never reads
 * an emulator's setting from the process itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(__dirname, '../../src');

/** Every module under functions/src that deploys (all but local/), as paths below src. */
function deployedModules(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return relative(src, path) === 'local' ? [] : deployedModules(path);
    return entry.name.endsWith('.ts') ? [relative(src, path)] : [];
  });
}

describe('local code in what deploys', () => {
  it('no module that deploys reads an emulator setting from process.env', () => {
    const readers = deployedModules().flatMap((file) =>
      [...readFileSync(join(src, file), 'utf8').matchAll(/process\.env\.(\w*EMULATOR\w*)/g)].map(
        (match) => `${file}: ${match[1]}`,
      ),
    );
    expect(readers).toEqual([]);
  });
});
