// `pnpm run pack` (a predeploy step of firebase.json): the package `firebase deploy` uploads,
// in functions/deploy/ (or the folder given as the first argument). The workspace's functions
// package cannot be uploaded as it is: it depends on @dayfocus/contracts as `workspace:*`,
// which neither Cloud Build's npm nor any registry can install. So the deploy package is
// - lib/ as built (the invitation renderer in lib/web/ included), without lib/local/, and
//   lib/index.js as its main (the workspace's main is the local stack's entry point),
// - the contracts' CommonJS build vendored in vendor/contracts/ and named as a `file:`
//   dependency, which npm installs from the upload itself,
// - package.json with the runtime dependencies alone (no devDependencies, no scripts),
// - package-lock.json with the versions the workspace installed, transitive ones included
//   (deploy-lockfile.mjs): Cloud Build runs `npm ci` on it.
// No .env file: firebase.json's `configDir` has firebase-tools read them from functions/ itself,
// and write there what a person types at its params prompt. The folder is made anew each time;
// an .env file an older deploy left in it (answers typed at its prompt) stops the pack first.
// test/unit/deploy-package.test.ts installs the result with `npm ci` outside the workspace and loads it.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deployLockfile } from './deploy-lockfile.mjs';

const functionsDir = fileURLToPath(new URL('..', import.meta.url));
const workspaceDir = resolve(functionsDir, '..');
const contractsDir = resolve(workspaceDir, 'packages/contracts');
const out = resolve(process.argv[2] ?? resolve(functionsDir, 'deploy'));

const fail = (message) => {
  console.error(`pack-deploy: ${message}`);
  process.exit(1);
};

const own = JSON.parse(readFileSync(resolve(functionsDir, 'package.json'), 'utf8'));
const contracts = JSON.parse(readFileSync(resolve(contractsDir, 'package.json'), 'utf8'));
for (const [dir, what] of [
  [resolve(functionsDir, 'lib/index.js'), 'the functions (pnpm run build)'],
  [resolve(contractsDir, 'dist/brand.js'), 'the contracts (pnpm run build at the root)'],
]) {
  if (!existsSync(dir)) fail(`${dir} is missing: build ${what} first`);
}
// Answers an older deploy's prompt wrote into the folder (before firebase.json's configDir kept
// them in functions/) would be lost with it: the pack stops, and the deploy check says which lines
// to move (tools/deploy/src/checks.ts, promptAnswers).
const shown = (path) => relative(workspaceDir, path);
const left = (existsSync(out) ? readdirSync(out) : []).filter(
  (name) => name.startsWith('.env') && !name.endsWith('.local'),
);
if (left.length > 0)
  fail(
    `${left.map((name) => shown(resolve(out, name))).join(', ')}: answers typed at an earlier deploy's prompt; ` +
      'move what functions/ lacks there and delete the file (`npm run deploy:check` names each line)',
  );

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// What only the local stack runs (lib/local/, its entry point included) stays behind: the
// deploy's entry point is lib/index.js (test/unit/deploy-package.test.ts proves none ships).
cpSync(resolve(functionsDir, 'lib'), resolve(out, 'lib'), {
  recursive: true,
  filter: (source) => relative(resolve(functionsDir, 'lib'), source).split(sep)[0] !== 'local',
});

// The contracts as an installable package of their own: CommonJS only, no source condition.
const vendored = resolve(out, 'vendor/contracts');
cpSync(resolve(contractsDir, 'dist'), resolve(vendored, 'dist'), { recursive: true });
const contractsManifest = {
  name: contracts.name,
  private: true,
  version: '0.0.0',
  exports: { './*': { types: './dist/*.d.ts', default: './dist/*.js' } },
  dependencies: contracts.dependencies,
};
writeFileSync(resolve(vendored, 'package.json'), `${JSON.stringify(contractsManifest, null, 2)}\n`);

const dependencies = Object.fromEntries(
  Object.entries(own.dependencies).map(([name, range]) =>
    range.startsWith('workspace:') ? [name, `file:vendor/${name.split('/').pop()}`] : [name, range],
  ),
);
const manifest = {
  name: own.name,
  private: true,
  description: own.description,
  main: 'lib/index.js',
  engines: own.engines,
  dependencies,
};
writeFileSync(resolve(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const lockfile = deployLockfile({
  workspaceDir,
  functionsDir,
  manifest,
  vendored: { [contracts.name]: { dir: contractsDir, location: 'vendor/contracts', manifest: contractsManifest } },
});
writeFileSync(resolve(out, 'package-lock.json'), `${JSON.stringify(lockfile, null, 2)}\n`);
console.log(`pack-deploy: ${out} (${Object.keys(lockfile.packages).length - 1} packages locked)`);
