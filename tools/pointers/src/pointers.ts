/**
 * What in a piece of text (a doc's inline code, a code comment) may name a file or folder of the
 * repository. Pure: whether a pointer is really one of ours, and whether it exists, is decided
 * against the repository (`resolve.ts`).
 */

/** A word of the text that may be a path, cleaned of the punctuation around it. */
export interface Pointer {
  /** The path as written, without a `#heading`, a `?query` or a `:line` after it. */
  readonly path: string;
  /** Where the word starts in the text (its first character, punctuation included). */
  readonly offset: number;
}

/** Extensions of the files this repository holds and names: a bare name with one is a pointer too. */
const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|cts|mjs|md|rules|css)$/;
/** Placeholders and patterns, not a path: `{uid}`, `<name>`, `**`, `[id]`, `$VAR`, `…`, `...`. */
const PLACEHOLDER = /[{}<>*[\]$…|^~?]|\.\.\.|\s/;
/** A Firebase error code (`functions/not-found`, `auth/email-already-in-use`), not a path. */
const FIREBASE_ERROR_CODE = /^(auth|functions|app-check|messaging|storage|firestore)\/[a-z]+(-[a-z]+)*$/;
/** Around a word: brackets, quotes, backticks; after it, sentence punctuation and a possessive. */
const LEADING = /^[("'`\u2018\u201c]+/;
const TRAILING = /(?:[)"'`,.;:!\u2019\u201d]|'s|\u2019s)+$/;

/** The words of `text` that may name a file or folder of the repository. */
export function pointersIn(text: string): Pointer[] {
  const pointers: Pointer[] = [];
  for (const match of text.matchAll(/[^\s=]+/g)) {
    // An ellipsis says the path goes on (`apps/web/e2e/…`): a placeholder, also at the word's end.
    if (/\.\.\.|…/.test(match[0])) continue;
    const path = cleanWord(match[0]);
    if (path !== undefined && mayBePath(path)) pointers.push({ path, offset: match.index });
  }
  return pointers;
}

/** A word without the punctuation around it, its `#heading`, `?query` or `:line`; undefined if empty. */
function cleanWord(word: string): string | undefined {
  let path = word.replace(LEADING, '').replace(TRAILING, '');
  path = path.replace(/#.*$/, '').replace(/\?[\w=&-]*$/, '');
  path = path.replace(/:\d+(-\d+)?$/, '');
  return path === '' ? undefined : path;
}

/** Whether a cleaned word has the shape of a path of ours (its existence is not looked at). */
export function mayBePath(path: string): boolean {
  if (PLACEHOLDER.test(path)) return false;
  // A URL (`https://…`, `mailto:…`), a route of the site (`/l/abc`), a home path, a flag.
  if (path.includes(':') || path.startsWith('/') || path.startsWith('-')) return false;
  // A package or a module of one (`@dayfocus/stack/testing`, `firebase-admin/firestore` are let
  // through here and left out by resolve.ts when their first segment is none of ours).
  if (path.startsWith('@')) return false;
  if (FIREBASE_ERROR_CODE.test(path)) return false;
  // An env file is written by whoever deploys or runs the stack, never committed.
  if (/(^|\/)\.env(\.[^/]*)?$/.test(path)) return false;
  if (path.includes('/')) return !path.includes('//');
  // A bare name: a file's (`joins.test.ts`), not an extension alone (`.ts`).
  return SOURCE_EXTENSIONS.test(path) && !path.startsWith('.');
}
