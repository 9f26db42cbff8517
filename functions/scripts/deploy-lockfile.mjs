// The package-lock.json of the deploy package (pack-deploy.mjs), so that Cloud Build, which runs
// `npm ci` when the upload has a lockfile, installs the very versions the tests ran with, the
// transitive ones included, instead of the newest that the ranges allow on the day of the deploy.
//
// The versions are the workspace's installed tree (node_modules as pnpm laid it out from
// pnpm-lock.yaml): from each runtime dependency of the functions, every declared dependency is
// resolved as Node resolves it there. Their integrity hashes come from pnpm-lock.yaml, so npm
// also refuses a tarball other than the one pnpm installed. The tree is then laid out as npm
// lays out node_modules: one version of each package at the top, another version nested under
// each package that needs it, and every edge checked to resolve to the version it had.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parse } from 'yaml';

const REGISTRY = 'https://registry.npmjs.org';

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** Where Node finds package `name` from the package in `dir` (the same walk up, past node_modules folders). */
function locate(dir, name) {
  for (let at = dir; ; at = dirname(at)) {
    if (basename(at) !== 'node_modules') {
      const candidate = join(at, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    }
    if (dirname(at) === at) return undefined;
  }
}

/** The edges npm makes for a manifest: dependencies, optional ones, and the peers it installs. */
function edgesOf(manifest) {
  const bundled = new Set([...(manifest.bundleDependencies ?? []), ...(manifest.bundledDependencies ?? [])]);
  const edges = new Map();
  for (const name of Object.keys(manifest.dependencies ?? {})) edges.set(name, 'prod');
  for (const name of Object.keys(manifest.optionalDependencies ?? {})) edges.set(name, 'optional');
  for (const name of Object.keys(manifest.peerDependencies ?? {})) {
    if (!manifest.peerDependenciesMeta?.[name]?.optional && !edges.has(name)) edges.set(name, 'peer');
  }
  for (const name of bundled) edges.delete(name); // they come inside the package's own tarball
  return edges;
}

const compareVersions = (a, b) => {
  const parts = (version) => version.split(/[.+-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    if (x[i] === undefined) return -1;
    if (y[i] === undefined) return 1;
    return typeof x[i] === typeof y[i] ? (x[i] < y[i] ? -1 : 1) : typeof x[i] === 'number' ? 1 : -1;
  }
  return 0;
};

/**
 * 1. The installed closure: each package by name@version, with the name@version of each edge,
 *    from the functions' runtime dependencies (the vendored packages' own, apart).
 */
function installedClosure({ functionsDir, manifest, vendored }) {
  const packages = new Map(); // key -> { name, version, dir, manifest, edges: Map<name, {kind, key}> }
  const queue = [];
  const visit = (dir) => {
    const manifestOf = readJson(join(dir, 'package.json'));
    const key = `${manifestOf.name}@${manifestOf.version}`;
    const known = packages.get(key);
    if (known) {
      if (known.dir !== dir) queue.push({ dir, twinOf: known });
      return key;
    }
    packages.set(key, {
      name: manifestOf.name,
      version: manifestOf.version,
      dir,
      manifest: manifestOf,
      edges: new Map(),
    });
    queue.push({ dir, key });
    return key;
  };
  const resolveEdges = (dir, from, edges) => {
    const resolved = new Map();
    for (const [name, kind] of edges) {
      const found = locate(dir, name);
      if (!found) {
        if (kind === 'optional') continue; // not installed here (another platform's build, say)
        throw new Error(`${from} needs ${name}, which is not installed: run pnpm install`);
      }
      resolved.set(name, { kind, key: visit(found) });
    }
    return resolved;
  };
  const rootEdges = resolveEdges(
    functionsDir,
    manifest.name,
    new Map([...edgesOf(manifest)].filter(([name]) => !vendored[name])),
  );
  const vendoredEdges = Object.fromEntries(
    Object.entries(vendored).map(([name, { dir, manifest: own }]) => [name, resolveEdges(dir, name, edgesOf(own))]),
  );
  while (queue.length > 0) {
    const { dir, key, twinOf } = queue.shift();
    const pkg = twinOf ?? packages.get(key);
    const edges = resolveEdges(dir, `${pkg.name}@${pkg.version}`, edgesOf(pkg.manifest));
    if (!twinOf) {
      pkg.edges = edges;
      continue;
    }
    // pnpm keeps one copy per set of peers; npm has one per version: they must agree.
    const same =
      edges.size === twinOf.edges.size && [...edges].every(([name, { key: k }]) => twinOf.edges.get(name)?.key === k);
    if (!same)
      throw new Error(`Two installed copies of ${pkg.name}@${pkg.version} resolve their dependencies differently`);
  }
  return { packages, rootEdges, vendoredEdges };
}

const node = (location, parent, key) => ({ location, parent, key, children: new Map(), reached: false, edges: [] });

/** The version of each name npm puts at the top: the root's own first, then the most wanted (the newest on a tie). */
function topLevel({ packages, rootEdges, vendoredEdges }) {
  const wanted = new Map(); // name -> Map<key, count>
  const want = (name, key, weight) => {
    const counts = wanted.get(name) ?? new Map();
    counts.set(key, (counts.get(key) ?? 0) + weight);
    wanted.set(name, counts);
  };
  for (const [name, { key }] of rootEdges) want(name, key, Infinity);
  for (const pkg of packages.values()) for (const [name, { key }] of pkg.edges) want(name, key, 1);
  for (const edges of Object.values(vendoredEdges)) for (const [name, { key }] of edges) want(name, key, 1);
  const root = node('', null, null);
  for (const [name, counts] of wanted) {
    const [key] = [...counts].sort(
      ([a, x], [b, y]) => y - x || compareVersions(packages.get(b).version, packages.get(a).version),
    )[0];
    root.children.set(name, node(`node_modules/${name}`, root, key));
  }
  return root;
}

/**
 * 2. npm's layout: the top level, and any other version nested under the package that needs it;
 *    every edge connected to the node Node would find, and checked to be the version it had.
 */
function npmLayout(closure, vendored) {
  const { packages, rootEdges, vendoredEdges } = closure;
  const root = topLevel(closure);
  const links = Object.entries(vendored).map(([name, { location }]) => ({ name, target: node(location, root, null) }));
  const find = (from, name) => {
    for (let at = from; at; at = at.parent) if (at.children.has(name)) return at.children.get(name);
    return undefined;
  };
  const work = [];
  const connect = (from, edges) => {
    for (const [name, { kind, key }] of edges) {
      let to = find(kind === 'peer' ? from.parent : from, name);
      if (to?.key !== key) {
        if (kind === 'peer') throw new Error(`${from.location}: the peer ${key} is not where npm would look for it`);
        to = node(`${from.location ? `${from.location}/` : ''}node_modules/${name}`, from, key);
        from.children.set(name, to);
      }
      from.edges.push({ kind, to });
      if (!to.reached) {
        to.reached = true;
        work.push(to);
      }
    }
  };
  connect(root, rootEdges);
  for (const { name, target } of links) connect(target, vendoredEdges[name]);
  while (work.length > 0) {
    const next = work.shift();
    connect(next, packages.get(next.key).edges);
  }
  return { root, links };
}

/** 3. The nodes reachable from the root (and the links) without edges of kind `skip`: npm's optional and peer flags. */
function reachableWithout({ root, links }, skip) {
  const seen = new Set();
  const walk = (from) => {
    for (const { kind, to } of from.edges) {
      if (kind === skip || seen.has(to)) continue;
      seen.add(to);
      walk(to);
    }
  };
  walk(root);
  for (const { target } of links) walk(target);
  return seen;
}

/** Every reached node of the layout, depth first. */
function placedNodes({ root, links }) {
  const placed = [];
  const collect = (at) => {
    for (const child of at.children.values()) {
      if (!child.reached) continue;
      placed.push(child);
      collect(child);
    }
  };
  collect(root);
  for (const { target } of links) collect(target);
  return placed;
}

/** 4. One node's lockfile entry, with the tarball and integrity pnpm installed. */
function lockEntry(at, pkg, { pnpmLock, patched, required, nonPeer }) {
  if (patched.some((spec) => spec === pkg.name || spec.startsWith(`${pkg.name}@`)))
    throw new Error(`${at.key} is patched in the workspace (pnpm patchedDependencies); npm would install it unpatched`);
  const locked = pnpmLock.packages?.[at.key];
  if (!locked) throw new Error(`${at.key} is installed but not in pnpm-lock.yaml: run pnpm install`);
  const { integrity, tarball } = locked.resolution ?? {};
  const m = pkg.manifest;
  const scripts = m.scripts ?? {};
  const installScript =
    Boolean(scripts.preinstall || scripts.install || scripts.postinstall) ||
    (!scripts.install && !scripts.preinstall && existsSync(join(pkg.dir, 'binding.gyp')));
  const placedName = at.location.slice(at.location.lastIndexOf('node_modules/') + 'node_modules/'.length);
  return {
    ...(placedName !== pkg.name ? { name: pkg.name } : {}),
    version: pkg.version,
    resolved: tarball ?? `${REGISTRY}/${pkg.name}/-/${pkg.name.split('/').pop()}-${pkg.version}.tgz`,
    ...(integrity ? { integrity } : {}),
    ...(!required.has(at) ? { optional: true } : {}),
    ...(!nonPeer.has(at) ? { peer: true } : {}),
    ...(installScript ? { hasInstallScript: true } : {}),
    ...(m.license ? { license: m.license } : {}),
    ...(m.dependencies ? { dependencies: m.dependencies } : {}),
    ...(m.optionalDependencies ? { optionalDependencies: m.optionalDependencies } : {}),
    ...(m.peerDependencies ? { peerDependencies: m.peerDependencies } : {}),
    ...(m.peerDependenciesMeta ? { peerDependenciesMeta: m.peerDependenciesMeta } : {}),
    ...(m.bin ? { bin: typeof m.bin === 'string' ? { [pkg.name.split('/').pop()]: m.bin } : m.bin } : {}),
    ...(m.engines ? { engines: m.engines } : {}),
    ...(m.os ? { os: m.os } : {}),
    ...(m.cpu ? { cpu: m.cpu } : {}),
    ...(m.libc ? { libc: m.libc } : {}),
  };
}

/**
 * 5. The optional dependencies not installed here (another platform's build of a native package,
 *    as @napi-rs/canvas has one a platform), at the top level with their platform fields from
 *    pnpm-lock.yaml: npm ci refuses a lockfile without them, and installs the one that fits.
 */
function uninstalledOptionals(entries, pnpmLock) {
  const added = {};
  for (const name of Object.values(entries).flatMap((entry) => Object.keys(entry.optionalDependencies ?? {}))) {
    if (entries[`node_modules/${name}`]) continue;
    const keys = Object.keys(pnpmLock.packages ?? {}).filter((key) => key.startsWith(`${name}@`));
    if (keys.length !== 1) throw new Error(`${name}: ${keys.length} versions in pnpm-lock.yaml, expected one`);
    const { resolution = {}, engines, os, cpu, libc } = pnpmLock.packages[keys[0]];
    const version = keys[0].slice(name.length + 1);
    added[`node_modules/${name}`] = {
      version,
      resolved: resolution.tarball ?? `${REGISTRY}/${name}/-/${name.split('/').pop()}-${version}.tgz`,
      ...(resolution.integrity ? { integrity: resolution.integrity } : {}),
      optional: true,
      ...Object.fromEntries(Object.entries({ engines, os, cpu, libc }).filter(([, value]) => value)),
    };
  }
  return added;
}

/**
 * @param {object} options
 * @param {string} options.workspaceDir the workspace root (pnpm-lock.yaml)
 * @param {string} options.functionsDir the functions package, whose node_modules the tests used
 * @param {object} options.manifest the deploy package's package.json
 * @param {Record<string, {dir: string, location: string, manifest: object}>} options.vendored the
 *   workspace packages the deploy package carries in its upload (`file:` dependencies): their own
 *   folder in the workspace and their place in the upload
 * @returns {object} the package-lock.json (lockfileVersion 3)
 */
export function deployLockfile({ workspaceDir, functionsDir, manifest, vendored }) {
  const pnpmLock = parse(readFileSync(join(workspaceDir, 'pnpm-lock.yaml'), 'utf8'));
  const closure = installedClosure({ functionsDir, manifest, vendored });
  const layout = npmLayout(closure, vendored);
  const flags = {
    pnpmLock,
    patched: Object.keys(pnpmLock.patchedDependencies ?? {}),
    required: reachableWithout(layout, 'optional'),
    nonPeer: reachableWithout(layout, 'peer'),
  };
  const entries = {};
  entries[''] = { name: manifest.name, dependencies: manifest.dependencies, engines: manifest.engines };
  for (const [name, { location, manifest: own }] of Object.entries(vendored)) {
    entries[location] = { name, version: own.version, dependencies: own.dependencies };
    entries[`node_modules/${name}`] = { resolved: location, link: true };
  }
  for (const at of placedNodes(layout)) entries[at.location] = lockEntry(at, closure.packages.get(at.key), flags);
  Object.assign(entries, uninstalledOptionals(entries, pnpmLock));
  const sorted = Object.fromEntries(
    Object.entries(entries).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
  );
  return { name: manifest.name, lockfileVersion: 3, requires: true, packages: sorted };
}
