// `npm run lint`'s cycle check: no import cycle in any package of the workspace (madge). A
// module madge could not resolve would hide its cycles, so an unresolved import of our own
// (a relative path or the web app's `@/` alias) fails the check as well; packages are
// skipped by design (each is checked on its own, and contracts imports none of ours).
// functions/src is held to more: no loop between its folders either (`folderLoops`).
import madge from 'madge';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The `@/` alias of apps/web/tsconfig.json, with the base madge needs to resolve it. */
const webAlias = { compilerOptions: { baseUrl: `${root}apps/web`, paths: { '@/*': ['./src/*'] } } };
const packages = [
  { dir: 'packages/contracts/src' },
  { dir: 'functions/src', folders: true },
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
  { dir: 'tools/firestore-emulator/conformance' },
  { dir: 'scripts' },
];

/** The folder of functions/src a module belongs to: its slice, entry-points/, ..., or the root's own (`.`). */
export function folderOf(module) {
  return module.includes('/') ? module.split('/')[0] : '.';
}

/**
 * The loops between folders (`folderOf`) in a module graph (module -> the modules it imports):
 * each loop as its folders and, for each import between two of them, one module that makes it.
 * A loop of folders can hold no loop of modules (pages imports short-links here, short-links
 * pages there), and still ties the two folders into one: neither can be read, or moved, alone.
 */
export function folderLoops(graph) {
  /** @type {Map<string, Map<string, string>>} folder -> folder it imports -> an import that does */
  const edges = new Map();
  for (const [from, imports] of Object.entries(graph)) {
    for (const to of imports) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (a === b) continue;
      if (!edges.has(a)) edges.set(a, new Map());
      if (!edges.get(a).has(b)) edges.get(a).set(b, `${from} > ${to}`);
    }
  }
  return stronglyConnected(edges).map((folders) => ({
    folders,
    imports: folders.flatMap((a) =>
      [...(edges.get(a) ?? new Map())].filter(([b]) => folders.includes(b)).map(([, example]) => example),
    ),
  }));
}

/** The strongly connected sets of two folders or more (Tarjan's algorithm). */
function stronglyConnected(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const sets = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const next of (edges.get(node) ?? new Map()).keys()) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(node, Math.min(low.get(node), low.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const set = stack.splice(stack.indexOf(node));
    if (set.length > 1) sets.push(set.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return sets;
}

async function checkPackage({ dir, tsConfig, folders }) {
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
  const loops = folders ? folderLoops(result.obj()) : [];
  for (const cycle of cycles) console.error(`${dir}: import cycle ${cycle.join(' > ')}`);
  for (const name of unresolvedOwn)
    console.error(`${dir}: could not resolve ${name} (a cycle through it would go unseen)`);
  for (const loop of loops)
    console.error(`${dir}: folder loop ${loop.folders.join(' <> ')}, through ${loop.imports.join('; ')}`);
  if (cycles.length > 0 || unresolvedOwn.length > 0 || loops.length > 0) return false;
  const modules = Object.keys(result.obj()).length;
  console.log(`${dir}: ${modules} modules, no import cycle${folders ? ', no loop between its folders' : ''}`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const options of packages) if (!(await checkPackage(options))) failed = true;
  if (failed) process.exit(1);
}
