/**
 * The lane on Google's Firestore emulator (`npm run test:official`, CI after `npm test`) never
 * passes by skipping: where that emulator is missing it says so in one line, and fails unless
 * told (`--if-present`, what CI passes) that not running is to be reported and not failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/index.js';

// A PATH with nothing on it: no gcloud (node itself is called by its path).
const emptyPath = mkdtempSync(join(tmpdir(), 'no-gcloud-'));
afterAll(() => rmSync(emptyPath, { recursive: true, force: true }));

function lane(args: string[]) {
  const tsx = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
  const result = spawnSync(process.execPath, [tsx, 'tools/stack/official-lane.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, PATH: emptyPath },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

const NOT_RUN =
  "[official lane] NOT RUN: Google's Firestore emulator is not available here (gcloud (the Google Cloud SDK) is not on the PATH).";

describe("the lane on Google's emulator, where it is missing", () => {
  it('says so in one line and fails', () => {
    expect(lane([])).toEqual({ status: 1, output: NOT_RUN });
  });

  it('says so in the same line and lets CI go on with --if-present', () => {
    expect(lane(['--if-present'])).toEqual({ status: 0, output: NOT_RUN });
  });
});
