/**
 * The official lane's summary names what failed (CI keeps only a log's tail): read from a real
 * Vitest JSON report, of a run with a passing, a failing and a skipped test, and a file that fails
 * when it is imported.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readVitestReport } from '../src/vitest-report.js';

const dir = mkdtempSync(join(tmpdir(), 'vitest-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("names each failed test with its error's first line, a file failed at import, and the skipped", () => {
  // Globals: the files sit outside the workspace, where `vitest` cannot be imported.
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    "export default { test: { include: ['*.check.js'], globals: true } };\n",
  );
  writeFileSync(
    join(dir, 'tests.check.js'),
    [
      "describe('a group', () => {",
      "  it('passes', () => expect(1).toBe(1));",
      "  it('fails', () => expect('joined').toBe('activated'));",
      "  it.skip('is skipped', () => undefined);",
      '});',
    ].join('\n'),
  );
  // In colour, as matchers write their messages in a run in colour (jest-dom's in the lane's).
  writeFileSync(
    join(dir, 'broken.check.js'),
    "throw new Error('\\u001b[31mbroken\\u001b[39m at import\\nsecond line');\n",
  );
  const json = join(dir, 'report.json');
  const vitest = join(import.meta.dirname, '../node_modules/vitest/vitest.mjs');
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', '--root', dir, '--reporter=json', `--outputFile.json=${json}`],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(run.status, run.stderr).toBe(1);

  const summary = readVitestReport(json, dir);
  expect(summary.counts).toBe('1 passed, 1 failed, 1 skipped');
  expect(summary.skipped).toEqual([{ file: 'tests.check.js', name: 'a group is skipped' }]);
  expect(summary.failed).toEqual(
    expect.arrayContaining([
      {
        file: 'tests.check.js',
        name: 'a group fails',
        why: "AssertionError: expected 'joined' to be 'activated' // Object.is equality",
      },
      { file: 'broken.check.js', name: '(outside its tests)', why: 'broken at import' },
    ]),
  );
  expect(summary.failed).toHaveLength(2);
});
