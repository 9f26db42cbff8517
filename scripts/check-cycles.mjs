// `npm run lint`'s cycle check: no import cycle in any package of the workspace (madge). A
// module madge could not resolve would hide its cycles, so an unresolved import of our own
// (a relative path or the web app's `@/` alias) fails the check as well; packages are
// skipped by design (each is checked on its own, and contracts imports none of ours).
import madge from 'madge';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The `@/` alias of apps/web/tsconfig.json, with the base madge needs to resolve it. */
const webAlias = { compilerOptions: { baseUrl: `${root}apps/web`, paths: { '@/*': ['./src/*'] } } };
const packages = [
  { dir: 'packages/contracts/src' },
  { dir: 'functions/src' },
  { dir: 'functions/test' },
  { dir: 'functions/scripts' },
  { dir: 'apps/web/src', tsConfig: webAlias },
  { dir: 'apps/web/e2e', tsConfig: webAlias },
  { dir: 'tools/stack' },
  { dir: 'tools/bench' },
  { dir: 'tools/soak' },
  { dir: 'tools/deploy' },
  { dir: 'tools/pointers' },
  { dir: 'tools/firestore-emulator/src' },
  { dir: 'scripts' },
];

let failed = false;
for (const { dir, tsConfig } of packages) {
  const result = await madge(`${root}${dir}`, {
    fileExtensions: ['ts', 'tsx', 'mts', 'mjs'],
    excludeRegExp: [/node_modules/, /\/dist\//],
    ...(tsConfig ? { tsConfig } : {}),
  });
  const cycles = result.circular();
  const unresolved = result.warnings().skipped.filter((name) => name.startsWith('.') || name.startsWith('@/'));
  // Vite's `?raw` imports are files, not modules; `lib/` is a build's output (a compiled copy of
  // src/, checked there), absent from a fresh clone until the build runs.
  const unresolvedOwn = unresolved.filter((name) => !name.includes('?') && !name.includes('/lib/'));
  for (const cycle of cycles) console.error(`${dir}: import cycle ${cycle.join(' > ')}`);
  for (const name of unresolvedOwn)
    console.error(`${dir}: could not resolve ${name} (a cycle through it would go unseen)`);
  if (cycles.length > 0 || unresolvedOwn.length > 0) failed = true;
  else console.log(`${dir}: ${Object.keys(result.obj()).length} modules, no import cycle`);
}
if (failed) process.exit(1);
