/**
 * The package `firebase deploy` uploads (scripts/pack-deploy.mjs) installs with plain npm
 * outside the workspace, as Cloud Build installs it, and loads: discovery finds every function,
 * the vendored contracts are the ones required, and the invitation renderer renders. Needs the
 * npm registry (the one network this project assumes) and the built lib/ (pnpm run build).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationRenderer } from '@dayfocus/contracts/invitation-page';
import { discoverFunctions, type Manifest } from '../discovery.js';

const run = promisify(execFile);
const functionsDir = join(__dirname, '../..');
const out = realpathSync(mkdtempSync(join(tmpdir(), 'dayfocus-deploy-')));
const stops: (() => void)[] = [];
let manifest: Manifest;
let workspaceManifest: Manifest;

beforeAll(async () => {
  await run(process.execPath, [join(functionsDir, 'scripts/pack-deploy.mjs'), out]);
  // As Cloud Build does: npm, the upload alone, no lockfile of ours, runtime dependencies only.
  await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: out,
    env: { ...process.env, npm_config_workspaces: 'false' },
  });
  [manifest, workspaceManifest] = await Promise.all([
    discoverFunctions(out, {}, stops),
    discoverFunctions(functionsDir, {}, stops),
  ]);
}, 300_000);

afterAll(() => {
  stops.forEach((stop) => stop());
  rmSync(out, { recursive: true, force: true });
});

describe('the deploy package', () => {
  it('names no workspace package and no devDependency', () => {
    const pkg = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(pkg.devDependencies).toBeUndefined();
    expect(Object.values(pkg.dependencies ?? {}).filter((range) => range.startsWith('workspace:'))).toEqual([]);
    expect(pkg.dependencies?.['@dayfocus/contracts']).toBe('file:vendor/contracts');
  });

  it('loads after a plain npm install, with every function the workspace build has', () => {
    expect(Object.keys(manifest.endpoints).sort()).toEqual(Object.keys(workspaceManifest.endpoints).sort());
    expect(Object.keys(manifest.endpoints)).toContain('activateAccount');
  });

  it('requires the contracts from its own vendored copy, not from the workspace', () => {
    const resolved = createRequire(join(out, 'lib/index.js')).resolve('@dayfocus/contracts/brand');
    expect(realpathSync(resolved).startsWith(out)).toBe(true);
  });

  it('carries the invitation renderer, which renders a page', async () => {
    const renderer = createRequire(join(out, 'lib/index.js'))('./web/invitation-renderer.cjs') as InvitationRenderer;
    const page = await renderer.renderInvitationPage({
      path: '/feedback/asha',
      inviter: { inviterId: 'asha', name: 'Asha Verma', photoUrl: null },
      productDomain: 'https://dayfocus.example',
      productImageUrl: 'https://dayfocus.example/product.png',
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain('Asha Verma');
  });
});
