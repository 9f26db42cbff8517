#!/usr/bin/env node
// Entry point of the README's commands (`npm run dev`, `npm test`, ...).
//
// Machines here start with Node 20 and npm only, while the functions target Node 24
// and the workspace uses pnpm. This script, which runs on any Node >= 18, installs a
// pinned Node 24 and pnpm from the npm registry into .toolchain/ (once), installs the
// workspace from the lockfile (again only when the lockfile or a manifest changed), and
// then runs the given pnpm script with that toolchain first on PATH.
//
// Usage: node scripts/toolchain.mjs <pnpm script> [args...]
//        node scripts/toolchain.mjs --exec <workspace bin> [args...]   (long-running commands:
//             no pnpm in between, so Ctrl-C reaches the command itself and nothing else fails)
//        node scripts/toolchain.mjs --exec node [args...]   (the toolchain's Node itself: `node
//             --import tsx <script>` runs TypeScript in one process, where tsx's CLI puts a second in
//             front that relays Ctrl-C and kills the script if it does not answer within 60 ms)
//        node scripts/toolchain.mjs --setup-only

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  rmSync,
  writeFileSync,
  chmodSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_VERSION = '24.21.0';
const PNPM_VERSION = '10.34.8';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolchainDir = join(root, '.toolchain');
const binDir = join(toolchainDir, 'bin');
const nodePackage = `node-${process.platform}-${process.arch}`;

function log(message) {
  process.stderr.write(`[toolchain] ${message}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    log(`'${command} ${args.join(' ')}' failed with exit code ${result.status}`);
    process.exit(result.status ?? 1);
  }
}

function readStamp(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

async function ensureToolchain() {
  const wanted = JSON.stringify({ node: NODE_VERSION, pnpm: PNPM_VERSION, nodePackage });
  const stampPath = join(toolchainDir, 'stamp.json');
  if (readStamp(stampPath) === wanted && existsSync(join(binDir, 'node'))) return;

  log(
    `installing Node ${NODE_VERSION} (${nodePackage}) and pnpm ${PNPM_VERSION} from the npm registry into .toolchain/`,
  );
  rmSync(toolchainDir, { recursive: true, force: true });
  mkdirSync(binDir, { recursive: true });
  // The two packages' tarballs from npm (its cache and integrity check), unpacked by tar: the same
  // files as an `npm install` of them (neither has a dependency or an install script), in a third
  // of its time, most of it npm's writing of Node's 190 MB file by file.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const tarballs = join(toolchainDir, 'tarballs');
  mkdirSync(tarballs);
  const packed = spawnSync(
    npm,
    [
      'pack',
      '--json',
      '--loglevel=error',
      '--pack-destination',
      tarballs,
      `${nodePackage}@${NODE_VERSION}`,
      `pnpm@${PNPM_VERSION}`,
    ],
    { cwd: toolchainDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (packed.status !== 0) {
    const why = packed.error?.message ?? `exit code ${packed.status}`;
    log(`'npm pack' of ${nodePackage}@${NODE_VERSION} and pnpm@${PNPM_VERSION} failed: ${why}`);
    process.exit(packed.status ?? 1);
  }
  // Both at once: the disk's writing, not the processor, holds each back.
  const unpacked = await Promise.all(
    JSON.parse(packed.stdout).map(({ name, filename }) => {
      const into = join(toolchainDir, 'node_modules', name);
      mkdirSync(into, { recursive: true });
      const tar = spawn('tar', ['-xzf', join(tarballs, filename), '-C', into, '--strip-components=1'], {
        stdio: 'inherit',
      });
      return new Promise((resolve) => {
        tar.on('error', (error) => resolve({ filename, code: 1, error }));
        tar.on('close', (code) => resolve({ filename, code }));
      });
    }),
  );
  for (const { filename, code, error } of unpacked)
    if (code !== 0) {
      log(`'tar -xzf ${filename}' failed: ${error?.message ?? `exit code ${code}`}`);
      process.exit(code ?? 1);
    }
  rmSync(tarballs, { recursive: true, force: true });
  symlinkSync(join('..', 'node_modules', nodePackage, 'bin', 'node'), join(binDir, 'node'));
  const pnpmShim = join(binDir, 'pnpm');
  writeFileSync(
    pnpmShim,
    '#!/bin/sh\nhere="$(dirname "$0")"\nexec "$here/node" "$here/../node_modules/pnpm/bin/pnpm.cjs" "$@"\n',
  );
  chmodSync(pnpmShim, 0o755);
  const version = spawnSync(join(binDir, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (version !== `v${NODE_VERSION}`) {
    log(`the installed Node reports '${version}', expected v${NODE_VERSION}`);
    process.exit(1);
  }
  writeFileSync(stampPath, wanted);
}

/** Everything that decides what `pnpm install` puts into node_modules. */
function installInputsHash() {
  const hash = createHash('sha256');
  const files = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json'];
  for (const dir of ['apps', 'packages', 'tools']) {
    const full = join(root, dir);
    if (!existsSync(full)) continue;
    for (const name of readdirSync(full).sort()) files.push(join(dir, name, 'package.json'));
  }
  files.push('functions/package.json');
  const patches = join(root, 'patches');
  if (existsSync(patches)) for (const name of readdirSync(patches).sort()) files.push(join('patches', name));
  for (const file of files) {
    const full = join(root, file);
    if (existsSync(full)) hash.update(file).update(readFileSync(full));
  }
  hash.update(NODE_VERSION).update(PNPM_VERSION);
  return hash.digest('hex');
}

function ensureDependencies(env) {
  const stampPath = join(root, 'node_modules', '.dayfocus-install-stamp');
  const wanted = installInputsHash();
  if (readStamp(stampPath) === wanted) return;
  log('installing workspace dependencies from pnpm-lock.yaml');
  run(join(binDir, 'pnpm'), ['install', '--frozen-lockfile', '--reporter=append-only'], { env });
  writeFileSync(stampPath, wanted);
}

const args = process.argv.slice(2);
if (args.length === 0) {
  log('usage: node scripts/toolchain.mjs <pnpm script> [args...] | --setup-only');
  process.exit(2);
}

const setupStarted = performance.now();
await ensureToolchain();
const env = {
  ...process.env,
  PATH: `${binDir}:${process.env.PATH ?? ''}`,
  // pnpm would otherwise try to fetch the version named in packageManager itself.
  COREPACK_ENABLE_STRICT: '0',
  npm_config_manage_package_manager_versions: 'false',
};
ensureDependencies(env);
// How long the install took (nothing when all was in place), for npm test's table of stages.
env.DAYFOCUS_SETUP_SECONDS = String((performance.now() - setupStarted) / 1000);
if (args[0] === '--setup-only') process.exit(0);

const [command, commandArgs] =
  args[0] === '--exec'
    ? [args[1] === 'node' ? join(binDir, 'node') : join(root, 'node_modules', '.bin', args[1] ?? ''), args.slice(2)]
    : [join(binDir, 'pnpm'), ['run', ...args]];
const child = spawn(command, commandArgs, { stdio: 'inherit', cwd: root, env });
// Ctrl-C reaches every process in the foreground group; the child decides how to stop,
// and this wrapper waits for it so that the shell prompt only returns once all is down.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (signal !== 'SIGINT') child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
