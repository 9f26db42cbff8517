/**
 * What a visitor downloads before a page of the web app shows, read from Vite's build
 * manifest (apps/web/dist/.vite/manifest.json, `build.manifest: true`): the entry chunk and
 * its static imports, plus the route's lazily imported module and its static imports.
 * Chunks the route imports dynamically (loaded on interaction) do not count.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { webPageRoutes, type WebPageName } from '@dayfocus/contracts/page-paths';

/** One entry of Vite's manifest, keyed by source path (or `_name-hash.js` for shared chunks). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The app's pages (its not-found page too) and the route patterns that show each. */
export type RouteName = WebPageName | 'not-found';

export const webRoutes: { name: RouteName; paths: string[] }[] = [
  ...new Set<RouteName>([...webPageRoutes.map((route) => route.page), 'not-found']),
].map((name) => ({
  name,
  paths:
    name === 'not-found'
      ? ['any other path']
      : webPageRoutes.filter((route) => route.page === name).map((route) => route.pattern),
}));

const routeModuleExtensions = ['tsx', 'ts', 'jsx', 'js'];

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The key of the HTML entry (index.html), or of the only entry there is. */
export function entryKey(manifest: Manifest): string {
  if (manifest['index.html']?.isEntry) return 'index.html';
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1 || !entries[0])
    throw new Error(`expected one entry in the manifest, found ${entries.length}: ${entries.join(', ')}`);
  return entries[0];
}

/** The manifest key of a route's module, or null when the build has no such module. */
export function routeModuleKey(manifest: Manifest, route: string): string | null {
  for (const ext of routeModuleExtensions) {
    const key = `src/app/routes/${route}.${ext}`;
    if (manifest[key]) return key;
  }
  return null;
}

/** The chunk and everything it imports statically, recursively (manifest keys). */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export interface FileSet {
  files: string[];
  raw: number;
  gzip: number;
}

export interface Download {
  /** Manifest keys of the JavaScript chunks. */
  chunks: string[];
  js: FileSet;
  css: FileSet;
}

/** Sizes of the output files, each compressed on its own as a server sends it. */
export class SizeReader {
  private readonly cache = new Map<string, { raw: number; gzip: number }>();

  constructor(private readonly distDir: string) {}

  size(file: string): { raw: number; gzip: number } {
    let size = this.cache.get(file);
    if (!size) {
      const bytes = readFileSync(join(this.distDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      this.cache.set(file, size);
    }
    return size;
  }

  fileSet(files: Iterable<string>): FileSet {
    const unique = [...new Set(files)].sort();
    let raw = 0;
    let gzip = 0;
    for (const file of unique) {
      const size = this.size(file);
      raw += size.raw;
      gzip += size.gzip;
    }
    return { files: unique, raw, gzip };
  }

  /** JavaScript and CSS of these chunks (de-duplicated). */
  download(manifest: Manifest, chunks: Iterable<string>): Download {
    const keys = [...new Set(chunks)].sort();
    const entries = keys.map((key) => manifest[key] as ManifestChunk);
    return {
      chunks: keys,
      js: this.fileSet(entries.map((c) => c.file).filter((file) => /\.m?js$/.test(file))),
      css: this.fileSet(entries.flatMap((c) => [...(c.css ?? []), ...(/\.css$/.test(c.file) ? [c.file] : [])])),
    };
  }
}

/** Chunks loaded later (dynamic imports of the given chunks and their closures), minus those already loaded. */
export function lazyChunks(manifest: Manifest, loaded: Set<string>, from: Iterable<string>): Set<string> {
  const lazy = new Set<string>();
  for (const key of from) {
    for (const dynamic of manifest[key]?.dynamicImports ?? []) staticClosure(manifest, dynamic, lazy);
  }
  for (const key of loaded) lazy.delete(key);
  return lazy;
}
