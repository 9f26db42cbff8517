/**
 * The import walls as `npm run lint` holds them (eslint.config.mjs), for the tests that attack
 * them: each source is linted as if written in a file of a package's sources, and the walls' messages
 * come back. One harness for functions/src and apps/web/src, each with its own cases.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './config.js';

/** The rules that hold the walls: on where an import leads, on its text, and on an `import()`. */
const WALL_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports', 'no-restricted-syntax']);

/**
 * Declares the tests of one package's walls: every `refused` case (a file under `sources`, its
 * source, the message expected) gets a wall's message, every `allowed` case none.
 */
export function describeWalls(
  title: string,
  sources: string,
  cases: { refused: [string, string, RegExp][]; allowed: [string, string][] },
): void {
  const eslint = new ESLint({ cwd: repoRoot });
  const refusals = async (file: string, source: string): Promise<string[]> => {
    const [result] = await eslint.lintText(`${source}\n`, { filePath: join(repoRoot, sources, file) });
    return (result?.messages ?? []).filter((m) => WALL_RULES.has(m.ruleId ?? '')).map((m) => m.message);
  };

  describe(title, () => {
    // The first lint loads the configuration and its TypeScript resolver: seconds on a busy machine.
    beforeAll(() => refusals(cases.allowed[0]?.[0] ?? 'new.ts', ''), 120_000);

    it.each(cases.refused)(
      'refuses in %s: %s',
      async (file, source, message) => {
        expect(await refusals(file, source)).toContainEqual(expect.stringMatching(message));
      },
      30_000,
    );

    it.each(cases.allowed)(
      'lets through in %s: %s',
      async (file, source) => {
        expect(await refusals(file, source)).toEqual([]);
      },
      30_000,
    );
  });
}
