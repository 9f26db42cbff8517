/**
 * Whether a pointer names something of the repository, and whether that exists.
 *
 * A path is looked for from the repository's root, from the folder of the file that names it, and
 * from each package and its `src/` (a comment in the functions says `domain/joins.ts`, a doc says
 * `lib/auth.ts` of the web app). It is one of ours when its first segment is a file or folder at one
 * of those places; then the whole path must be there, at one of them. A path whose first segment is
 * nowhere is not ours: a module (`firebase-admin/firestore`), another project's file written with
 * its name first (`firebase-tools/lib/…`). A bare name with a source extension (`joins.test.ts`) must
 * be some file's name.
 * What Git ignores is what a build or a run writes (`functions/lib/`, `.artifacts/`): never missing.
 */
import { posix } from 'node:path';
import { pointersIn } from './pointers.js';
import type { Repository } from './repository.js';

/** A pointer of a file that names nothing in the repository. */
export interface Missing {
  readonly path: string;
  /** Offset of the pointer in the text it was found in. */
  readonly offset: number;
}

/** Other spellings of a file a path may mean: an import's `.js` for `.ts`, a module without extension. */
function spellings(path: string): string[] {
  const trimmed = path.replace(/\/$/, '');
  const forms = [trimmed];
  const swapped = trimmed
    .replace(/\.js$/, '.ts')
    .replace(/\.mjs$/, '.mts')
    .replace(/\.cjs$/, '.cts');
  if (swapped !== trimmed) forms.push(swapped, trimmed.replace(/\.js$/, '.tsx'));
  if (!posix.extname(trimmed)) forms.push(...['.ts', '.tsx', '.mts', '/index.ts'].map((end) => trimmed + end));
  return forms;
}

export class Resolver {
  constructor(private readonly repository: Repository) {}

  private exists(path: string): boolean {
    return spellings(path).some((form) => this.repository.files.has(form) || this.repository.folders.has(form));
  }

  /** The places a path written in `file` may be read from, relative to the root. */
  private bases(file: string): string[] {
    const folder = posix.dirname(file) === '.' ? '' : posix.dirname(file);
    return [...new Set(['', folder, ...this.repository.packageFolders])];
  }

  /** The pointers in `text` (written in `file`) that name something of ours that is not there. */
  missingIn(file: string, text: string): Missing[] {
    const unresolved: { path: string; offset: number; generated: string[] }[] = [];
    for (const { path, offset } of pointersIn(text)) {
      const places = this.places(file, path);
      if (places === undefined || places.ours.some((candidate) => this.exists(candidate))) continue;
      unresolved.push({ path, offset, generated: places.all });
    }
    if (unresolved.length === 0) return [];
    const all = unresolved.flatMap(({ generated }) => generated.flatMap(prefixes));
    const ignored = this.repository.ignored([...new Set(all)]);
    const isGenerated = (candidate: string) => prefixes(candidate).some((prefix) => ignored.has(prefix));
    return unresolved
      .filter(({ generated }) => !generated.some(isGenerated))
      .map(({ path, offset }) => ({ path, offset }));
  }

  /**
   * Where `path` (written in `file`) would be, relative to the root: `ours`, the places where its
   * first segment is a file or folder of the repository, and `all`, every place it may be read from
   * (`lib/web/` in the functions is their build's output, while `lib` is a folder of the web app's
   * `src/`). Undefined when it is not a path of ours: its first segment is nowhere, or it is a bare
   * name that some file has.
   */
  private places(file: string, path: string): { ours: string[]; all: string[] } | undefined {
    if (!path.includes('/')) {
      return this.repository.basenames.has(path) || this.exists(path) ? undefined : { ours: [path], all: [path] };
    }
    const relative = path.startsWith('./') || path.startsWith('../');
    const bases = relative ? [posix.dirname(file) === '.' ? '' : posix.dirname(file)] : this.bases(file);
    const first = path.split('/')[0] ?? '';
    // A relative path that leaves the repository names nothing of ours.
    const inside = (candidate: string) => !candidate.startsWith('../');
    const all = bases.map((base) => posix.normalize(posix.join(base, path))).filter(inside);
    const ours = bases
      // Followed by a slash, the first segment is a folder: `latency/baseline` in a comment is no path.
      .filter((base) => relative || this.repository.folders.has(posix.join(base, first)))
      .map((base) => posix.normalize(posix.join(base, path)))
      .filter(inside);
    return ours.length === 0 ? undefined : { ours, all };
  }
}

/**
 * `a/b/c` and its folders `a/`, `a/b/`, and `a/b/c/` (it may be a folder): a folder-only ignore
 * rule (`dist/`) matches a path that does not exist only with the slash.
 */
function prefixes(path: string): string[] {
  const segments = path.replace(/\/$/, '').split('/');
  return segments.flatMap((_, index) => {
    const prefix = segments.slice(0, index + 1).join('/');
    return index === segments.length - 1 ? [prefix, `${prefix}/`] : [`${prefix}/`];
  });
}
