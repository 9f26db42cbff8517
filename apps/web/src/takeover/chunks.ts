/**
 * The chunks a server-rendered page's takeover needs, asked for at once. Each dynamic import
 * asks only for its own chunks, when it runs: the app's libraries, then its main module, then the
 * page, one round trip after another (2 s each on slow 3G). The build writes a table of every
 * page's chunks into this module (vite.config.ts, `takeoverChunks`), and entry.ts puts a
 * `<link rel="modulepreload">` in for each before its first import: they load side by side,
 * and each import then finds its modules there (a preload fetches, it runs nothing).
 */

interface ChunkTable {
  /** Every file, by number. */
  files: string[];
  main: number[];
  /** The Auth module a tap on the method page needs (features/sign-up/social/api/social-sign-in.ts) and its chunks. */
  auth: number[];
  /** By the page's module name (app/routes/{name}.tsx, the server state's `page`). */
  pages: Record<string, number[]>;
  /** By language code. */
  languages: Record<string, number[]>;
}

/** The build's table; none where the code was not built (tests, the dev server). */
function builtTable(): ChunkTable | null {
  try {
    return JSON.parse('__DAYFOCUS_TAKEOVER_CHUNKS__') as ChunkTable;
  } catch {
    return null;
  }
}

/**
 * The files (`assets/...`) the takeover of `page` in `language` needs, without repeats, Auth's
 * first when `authFirst` (the method page: its first button signs in), then the page's, then the
 * rest of the app.
 */
export function takeoverFiles(
  table: ChunkTable | null,
  { page, language, authFirst }: { page: string; language: string; authFirst: boolean },
): string[] {
  if (!table) return [];
  const numbers = [
    ...(authFirst ? table.auth : []),
    ...(table.languages[language] ?? []),
    ...table.main,
    ...(table.pages[page] ?? []),
  ];
  return [...new Set(numbers)].flatMap((n) => table.files[n] ?? []);
}

/** Asks for each of `files` (the build's `assets/...` paths) once, in that order, running none. */
export function preloadFiles(files: string[]): void {
  const present = new Set([...document.querySelectorAll('link')].map((link) => link.href));
  for (const file of files) {
    const href = new URL(`/${file}`, window.location.href).href;
    if (present.has(href)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/** Asks for every chunk the takeover of `page` needs, at once (see `takeoverFiles`). */
export function preloadTakeover(options: { page: string; language: string; authFirst: boolean }): void {
  preloadFiles(takeoverFiles(builtTable(), options));
}
