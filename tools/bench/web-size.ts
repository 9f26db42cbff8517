/**
 * Size of the web app per route: the JavaScript a visitor downloads before the page shows
 * (entry chunk + the route's lazy module, each with its static imports), raw and gzip
 * (level 9, each file on its own), and the CSS. The invitation page is server-rendered: it
 * shows before any script runs, its HTML loads only `src/takeover/entry.ts` up front, and the app
 * (the entry and the invitation module) comes after the page's load event to take it over.
 * Prints a Markdown table for the docs, writes .artifacts/web-size.json, and fails when the
 * invitation's up-front JavaScript is over 100 KB or its takeover over the 127.5 KB the page
 * loaded before it was server-rendered. Run after the build:
 *   pnpm run build && tsx tools/bench/web-size.ts        (or npm run bench:web)
 *   WEB_DIST=path/to/dist tsx tools/bench/web-size.ts
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  entryKey,
  lazyChunks,
  readManifest,
  routeModuleKey,
  SizeReader,
  staticClosure,
  webRoutes,
  type Download,
} from './src/web-manifest.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = resolve(process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist'));
const manifestPath = join(distDir, '.vite', 'manifest.json');
const jsonOut = join(repoRoot, '.artifacts', 'web-size.json');

/**
 * The invitation page is what a shared link opens, often on a phone on a slow network: at
 * most 100 KB of JavaScript up front, and the app that takes it over after load no heavier
 * than the 127.5 KB the page loaded up front before it was server-rendered (2026-11-23).
 */
const budget = { route: 'invitation', maxJsGzipBytes: 100 * 1024, maxTakeoverGzipBytes: 127.5 * 1024 } as const;
const TAKEOVER = 'src/takeover/entry.ts';

const shown = (path: string) => relative(process.cwd(), path) || '.';
if (!existsSync(distDir)) {
  console.error(`No web build at ${shown(distDir)}: run \`pnpm run build\` first.`);
  process.exit(1);
}
if (!existsSync(manifestPath)) {
  console.error(
    `No Vite manifest at ${shown(manifestPath)}: the build must be made with \`build.manifest: true\` ` +
      '(apps/web/vite.config.ts), then `pnpm run build`.',
  );
  process.exit(1);
}

const manifest = readManifest(distDir);
const sizes = new SizeReader(distDir);
const entry = entryKey(manifest);
const entryChunks = staticClosure(manifest, entry);
const shared = sizes.download(manifest, entryChunks);

interface RouteFigures {
  name: string;
  paths: readonly string[];
  module: string | null;
  /** Entry and route together: what the visitor downloads before the page shows. */
  initial: Download | null;
  /** The route's own part (chunks the entry does not already bring). */
  own: Download | null;
  /** Loaded later, on interaction (dynamic imports of the route's own chunks). */
  lazy: Download | null;
}

const routes: RouteFigures[] = webRoutes.map(({ name, paths }) => {
  const module = routeModuleKey(manifest, name);
  if (!module) return { name, paths, module, initial: null, own: null, lazy: null };
  const routeChunks = staticClosure(manifest, module);
  const initialChunks = new Set([...entryChunks, ...routeChunks]);
  const ownChunks = [...routeChunks].filter((key) => !entryChunks.has(key));
  return {
    name,
    paths,
    module,
    initial: sizes.download(manifest, initialChunks),
    own: sizes.download(manifest, ownChunks),
    lazy: sizes.download(manifest, lazyChunks(manifest, initialChunks, ownChunks)),
  };
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (label: string, d: Download) =>
  `| ${label} | ${d.js.files.length} | ${kb(d.js.raw)} | ${kb(d.js.gzip)} | ${kb(d.css.gzip)} |`;

const date = new Date().toISOString().slice(0, 10);
console.log(`\nWeb app initial download per route (${shown(distDir)}), ${date}, Node ${process.version}`);
console.log(
  'JavaScript: entry chunk + route module, each with its static imports (files: how many JavaScript files); gzip level 9 per file.\n',
);
console.log('| route | files | JS raw | JS gzip | CSS gzip |');
console.log('|---|---|---|---|---|');
console.log(row(`shared entry (${entry})`, shared));
for (const route of routes) {
  const label = `${route.name} (${route.paths.join(', ')})`;
  console.log(route.initial ? row(label, route.initial) : `| ${label} | not found in the build | | | |`);
}

const missing = routes.filter((r) => !r.module).map((r) => r.name);
if (missing.length > 0) {
  console.log(`\nNot found in the build (no src/app/routes/<name>.tsx chunk in the manifest): ${missing.join(', ')}.`);
}

// The budget: the invitation page's up-front JavaScript (the takeover's entry), and the app that
// takes it over after load (the entry and the invitation module). Without the takeover's entry the page
// is the plain app, whose entry and module are then what loads up front.
const budgeted = routes.find((r) => r.name === budget.route);
const upFront = manifest[TAKEOVER] ? sizes.download(manifest, staticClosure(manifest, TAKEOVER)) : null;
const takeover = budgeted?.initial ?? shared;
const measured = upFront ?? takeover;
const measuredWhat = upFront ? `the ${budget.route} page (up front: ${TAKEOVER})` : `the ${budget.route} page`;
const withinBudget =
  measured.js.gzip <= budget.maxJsGzipBytes && (!upFront || takeover.js.gzip <= budget.maxTakeoverGzipBytes);
if (upFront) {
  console.log(`\nThe server-rendered invitation page (/feedback/…): nothing before it shows; then`);
  console.log('| part | files | JS raw | JS gzip | CSS gzip |');
  console.log('|---|---|---|---|---|');
  console.log(row(`up front, before load (${TAKEOVER})`, upFront));
  console.log(row('after load: the app taking the page over', takeover));
}

mkdirSync(dirname(jsonOut), { recursive: true });
writeFileSync(
  jsonOut,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      dist: relative(repoRoot, distDir),
      gzip: 'node:zlib gzipSync level 9, each file on its own',
      entry: { key: entry, ...shared },
      routes,
      invitation: upFront ? { upFront, takeover } : null,
      budget: {
        ...budget,
        measured: measuredWhat,
        jsGzipBytes: measured.js.gzip,
        takeoverGzipBytes: takeover.js.gzip,
        ok: withinBudget,
      },
    },
    null,
    2,
  ) + '\n',
);
console.log(`\nFigures written to ${shown(jsonOut)}.`);

if (!withinBudget) {
  console.error(
    `\nOver budget: ${measuredWhat} downloads ${kb(measured.js.gzip)} of JavaScript (gzip) up front ` +
      `(budget ${kb(budget.maxJsGzipBytes)})` +
      (upFront
        ? `, and ${kb(takeover.js.gzip)} to take the page over (budget ${kb(budget.maxTakeoverGzipBytes)}). `
        : '. ') +
      `Files (gzip): ${[...measured.js.files]
        .sort((a, b) => sizes.size(b).gzip - sizes.size(a).gzip)
        .map((file) => `${file} ${kb(sizes.size(file).gzip)}`)
        .join(', ')}.`,
  );
  process.exit(1);
}
console.log(
  `Budget met: ${measuredWhat}, ${kb(measured.js.gzip)} of ${kb(budget.maxJsGzipBytes)} JavaScript (gzip)` +
    (upFront ? `; the takeover ${kb(takeover.js.gzip)} of ${kb(budget.maxTakeoverGzipBytes)}.` : '.'),
);
