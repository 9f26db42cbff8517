// firebase.json declares the Trigger Email extension (docs/deploying.md, step 9). firebase-tools
// looks an extension up on Google's registry before it emulates it, which a machine offline (or
// not signed in) cannot: without the pnpm patch (patches/firebase-tools@15.34.2.patch) every
// emulator then stops. With it, the emulators start and the extension is left out, saying so.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'dayfocus-extensions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('firebase emulators:start with the extension declared, offline', () => {
  it('starts the emulators and leaves the extension out with a warning', async () => {
    const { extensions } = JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as {
      extensions: Record<string, string>;
    };
    // The repository's extensions, on ports of their own (the local stack may be running).
    const host = '127.0.0.1';
    const emulators = { auth: { host, port: 19_199 }, hub: { host, port: 14_499 }, logging: { host, port: 14_599 } };
    writeFileSync(
      join(dir, 'firebase.json'),
      JSON.stringify({ extensions, emulators: { ...emulators, ui: { enabled: false } } }),
    );
    cpSync(join(repoRoot, 'extensions'), join(dir, 'extensions'), { recursive: true });

    const cli = createRequire(join(repoRoot, 'tools/stack/package.json')).resolve('firebase-tools/lib/bin/firebase.js');
    const child = spawn(
      process.execPath,
      [cli, 'emulators:start', '--only', 'auth,extensions', '--project', 'demo-offline'],
      {
        cwd: dir,
        // No credentials and no way out: as a machine offline, the registry cannot be asked.
        env: {
          ...process.env,
          NO_UPDATE_NOTIFIER: '1',
          FIREBASE_CLI_DISABLE_TELEMETRY: '1',
          HOME: dir,
          XDG_CONFIG_HOME: dir,
        },
      },
    );
    let output = '';
    const ready = new Promise<void>((resolve, reject) => {
      // Seconds alone; minutes when every stage of npm test runs beside it on a slow hour of the
      // shared machine (it loads all of firebase-tools on a share of a processor).
      const timer = setTimeout(
        () => reject(new Error(`The emulators never said they were ready:\n${output}`)),
        360_000,
      );
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('All emulators ready')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`firebase emulators:start exited (${code}) before it was ready:\n${output}`));
      });
    });
    // Stops the emulators as a terminal's Ctrl-C would, failing if they do not go.
    const stop = async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 60_000)),
      ]);
      if (!stopped) {
        child.kill('SIGKILL');
        throw new Error(`firebase emulators:start did not stop within 60 s of SIGINT:\n${output.slice(-3000)}`);
      }
    };
    try {
      await ready;
      expect(output).toContain('Extensions not emulated');
      expect((await fetch(`http://${host}:${emulators.auth.port}/`)).ok).toBe(true);
    } finally {
      if (child.exitCode === null && child.signalCode === null) await stop();
    }
  }, 480_000);
});
