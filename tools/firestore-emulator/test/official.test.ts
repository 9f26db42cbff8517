/**
 * Where Google's emulator can run: the lane on it (`npm run test:official`) and the conformance
 * runner say in one line what is missing instead of failing somewhere inside gcloud.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { officialEmulatorProblem, startOfficialFirestoreEmulator } from '../src/official.js';

const dir = mkdtempSync(join(tmpdir(), 'official-emulator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A directory holding an executable `name` that exits 0. */
function executable(name: string): string {
  const bin = mkdtempSync(join(dir, 'bin-'));
  writeFileSync(join(bin, name), '#!/bin/sh\nexit 0\n');
  chmodSync(join(bin, name), 0o755);
  return bin;
}

describe("Google's emulator, where it is missing", () => {
  it('names gcloud when the Cloud SDK is not on the PATH', () => {
    expect(officialEmulatorProblem({ PATH: mkdtempSync(join(dir, 'empty-')) })).toBe(
      'gcloud (the Google Cloud SDK) is not on the PATH',
    );
  });

  it('names the Debian package when the SDK lacks the Firestore emulator', () => {
    const sdkBin = join(dir, 'sdk', 'bin');
    mkdirSync(sdkBin, { recursive: true });
    writeFileSync(join(sdkBin, 'gcloud'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(sdkBin, 'gcloud'), 0o755);
    expect(officialEmulatorProblem({ PATH: sdkBin })).toMatch(
      /^the Cloud SDK's Firestore emulator is not installed \(google-cloud-cli-firestore-emulator; no .*cloud-firestore-emulator\.jar\)$/,
    );
  });

  it('names Java when the SDK and its emulator are there but no Java runtime is', async () => {
    const jarDir = join(dir, 'sdk', 'platform', 'cloud-firestore-emulator');
    mkdirSync(jarDir, { recursive: true });
    writeFileSync(join(jarDir, 'cloud-firestore-emulator.jar'), '');
    const env = { PATH: join(dir, 'sdk', 'bin'), JAVA: join(dir, 'no-java') };
    expect(officialEmulatorProblem(env)).toBe('no Java runtime (`java -version` fails)');
    // With a Java that answers, nothing is missing.
    expect(officialEmulatorProblem({ ...env, JAVA: join(executable('java'), 'java') })).toBeNull();
    // And a start where something is missing fails at once, saying what.
    const saved = process.env.PATH;
    process.env.PATH = mkdtempSync(join(dir, 'empty-'));
    try {
      await expect(startOfficialFirestoreEmulator({ port: 0 })).rejects.toThrow(
        "Google's Firestore emulator cannot start: gcloud (the Google Cloud SDK) is not on the PATH",
      );
    } finally {
      process.env.PATH = saved;
    }
  });
});
