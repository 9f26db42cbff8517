/**
 * The browser of the browser tests is had without root and without a download beyond the npm
 * registry, or the run says in one line what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/index.js';

function provideBrowser(env: Record<string, string | undefined>) {
  const result = spawnSync(join(repoRoot, 'node_modules/.bin/tsx'), ['tools/stack/provide-browser.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe('the browser of the browser tests', () => {
  it('is the Chromium of the npm package, unpacked into .toolchain/, with the npm font configured', () => {
    const { status, stdout } = provideBrowser({ CHROMIUM_PATH: undefined });
    expect(status).toBe(0);
    expect(stdout).toMatch(/^\[browser\] Chromium \d+\.\d+\.\d+\.\d+ \(npm @sparticuz\/chromium [\d.]+\)$/);
    const version = /@sparticuz\/chromium ([\d.]+)/.exec(stdout)?.[1] ?? '';
    expect(existsSync(join(repoRoot, '.toolchain', `chromium-${version}`, 'chromium'))).toBe(true);
    expect(existsSync(join(repoRoot, '.toolchain', 'fonts', 'fonts.conf'))).toBe(true);
  });

  it('fails with one line that says what to do when the browser asked for cannot be used', () => {
    const { status, stdout, stderr } = provideBrowser({ CHROMIUM_PATH: '/nonexistent/chrome' });
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^\[browser\] No browser for the browser tests: CHROMIUM_PATH=\/nonexistent\/chrome cannot be used .*point it at a Chrome or Chromium\.$/,
    );
  });
});
