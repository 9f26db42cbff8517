/**
 * The package `firebase deploy` uploads (scripts/pack-deploy.mjs) installs with `npm ci` from its
 * own lockfile outside the workspace, as Cloud Build installs it, and loads: every package it
 * installs is the version the workspace's tests ran with, discovery finds every function, the
 * vendored contracts are the ones required, the invitation renderer renders and the invite card
 * draws with its own native module and fonts. Needs the npm
 * registry (the one network this project assumes) and the built lib/ (pnpm run build).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebPageRenderer } from '@dayfocus/contracts/web-page';
import { discoverFunctions, packedForDiscovery, type Manifest } from '../discovery.js';

const run = promisify(execFile);
const functionsDir = join(__dirname, '../..');
const out = realpathSync(mkdtempSync(join(tmpdir(), 'dayfocus-deploy-')));
const stops: (() => void)[] = [];
let manifest: Manifest;
let workspaceManifest: Manifest;

beforeAll(async () => {
  await run(process.execPath, [join(functionsDir, 'scripts/pack-deploy.mjs'), out]);
  // As Cloud Build does when the upload has a lockfile: `npm ci`, the upload alone, runtime
  // dependencies only, on the functions' Node (npm skips an optional dependency whose engines
  // another Node fails, as @google-cloud/firestore's do on Node 20).
  await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: out,
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      npm_config_workspaces: 'false',
    },
  });
  [manifest, workspaceManifest] = await Promise.all([
    discoverFunctions(out, {}, stops),
    packedForDiscovery(stops).then((packed) => discoverFunctions(packed, {}, stops)),
  ]);
  // 13 s alone on the idle machine with an empty npm cache (48 MB fetched, 17 processor-seconds),
  // 315 s in a fresh run of a slow day, every stage beside it, where 300 s ended it (docs/testing.md).
}, 600_000);

// Removing the packed tree took past vitest's 10 s in a slow hour of the machine (docs/testing.md).
afterAll(() => {
  stops.forEach((stop) => stop());
  rmSync(out, { recursive: true, force: true });
}, 120_000);

type PackageJson = {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

/** Where Node finds package `name` from the package in `dir` (its walk up through node_modules folders). */
function locate(dir: string, name: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (basename(at) !== 'node_modules' && existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(at) === at) return undefined;
  }
}

/** The version of `path` (package names from the root) as Node resolves it, one dependent after the other. */
function versionAt(root: string, path: string[]): string | undefined {
  let dir: string | undefined = root;
  for (const name of path) dir = dir && locate(dir, name);
  return dir && manifestOf(dir).version;
}

describe('the deploy package', () => {
  it('installs with npm ci, exactly the versions the workspace installed', () => {
    for (const path of [
      ['firebase-admin'],
      ['firebase-functions'],
      ['firebase-admin', '@google-cloud/firestore'],
      ['firebase-admin', '@google-cloud/firestore', 'google-gax'],
    ]) {
      const tested = versionAt(functionsDir, path);
      expect(tested, path.join(' > ')).toBeDefined();
      expect(versionAt(out, path), path.join(' > ')).toBe(tested);
    }
  });

  it('resolves every dependency, transitive ones included, to the version the tests ran with', () => {
    // Both trees walked side by side from the runtime dependencies, as Node resolves each edge.
    const differences: string[] = [];
    const seen = new Set<string>();
    const walk = (tested: string, deployed: string, path: string) => {
      const key = `${tested}|${deployed}`;
      if (seen.has(key)) return;
      seen.add(key);
      const manifest = manifestOf(tested);
      const peers = Object.keys(manifest.peerDependencies ?? {}).filter(
        (name) => !manifest.peerDependenciesMeta?.[name]?.optional,
      );
      const names = [
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.optionalDependencies ?? {}),
        ...peers,
      ];
      for (const name of new Set(names)) {
        if (name.startsWith('@dayfocus/')) continue; // vendored: the built contracts themselves
        const [a, b] = [locate(tested, name), locate(deployed, name)];
        if (!a) continue; // an optional dependency not installed in the workspace either
        if (!b || manifestOf(a).version !== manifestOf(b).version)
          differences.push(
            `${path} > ${name}: tested ${manifestOf(a).version}, deployed ${b ? manifestOf(b).version : 'none'}`,
          );
        else walk(a, b, `${path} > ${name}`);
      }
    };
    walk(functionsDir, out, 'functions');
    walk(join(functionsDir, '../packages/contracts'), join(out, 'vendor/contracts'), 'contracts');
    expect(seen.size).toBeGreaterThan(150);
    expect(differences).toEqual([]);
  });

  it('names no workspace package and no devDependency', () => {
    const pkg = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(pkg.devDependencies).toBeUndefined();
    expect(Object.values(pkg.dependencies ?? {}).filter((range) => range.startsWith('workspace:'))).toEqual([]);
    expect(pkg.dependencies?.['@dayfocus/contracts']).toBe('file:vendor/contracts');
  });

  it("loads after a plain npm install, with every function it has on the workspace's own modules", () => {
    expect(Object.keys(manifest.endpoints).sort()).toEqual(Object.keys(workspaceManifest.endpoints).sort());
    expect(Object.keys(manifest.endpoints)).toContain('activateAccount');
  });

  it('requires the contracts from its own vendored copy, not from the workspace', () => {
    const resolved = createRequire(join(out, 'lib/index.js')).resolve('@dayfocus/contracts/brand');
    expect(realpathSync(resolved).startsWith(out)).toBe(true);
  });

  it('carries the invitation renderer, which renders a page', async () => {
    const renderer = createRequire(join(out, 'lib/index.js'))('./web/invitation-renderer.cjs') as WebPageRenderer;
    const page = await renderer.renderWebPage({
      path: '/feedback/asha',
      inviter: { inviterId: 'asha', name: 'Asha Verma', photoUrl: null },
      productDomain: 'https://dayfocus.example',
      productImageUrl: 'https://dayfocus.example/product.png',
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain('Asha Verma');
  });

  it('carries the invite card: its native drawer and every font, from its own node_modules', async () => {
    const require = createRequire(join(out, 'lib/index.js'));
    const fonts =
      require('./invite-cards/adapters/card-fonts.js') as typeof import('../../src/invite-cards/adapters/card-fonts.js');
    const outside = fonts.cardFontFiles().filter(({ path }) => !realpathSync(path).startsWith(out));
    expect(outside).toEqual([]);
    const drawer =
      require('./invite-cards/adapters/card-drawer.js') as typeof import('../../src/invite-cards/adapters/card-drawer.js');
    const card = await drawer.drawInviteCard({ name: 'आशा वर्मा 🌸', language: 'hi' });
    expect([...card.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
});
