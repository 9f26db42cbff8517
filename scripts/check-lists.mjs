// `npm run lint`'s list check: each list the repository once kept in step by hand in several files
// is written in one, and the others read it. Each rule below names its one source and fails, with
// the file and line, where the list is written again. Run with tsx (the sources are TypeScript).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fontStack, scriptFaces } from '../packages/contracts/src/fonts.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The repository's code files, tracked or new (not ignored), as paths from the root. */
function codeFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((path) => /\.(ts|tsx|mts|mjs|js)$/.test(path) && !path.startsWith('apps/web/public/'))
    .filter((path) => {
      try {
        readFileSync(`${root}${path}`);
        return true;
      } catch {
        return false; // deleted in the working tree, not yet in the index
      }
    });
}

/** This check, which writes font stacks to find them. */
const SELF = 'scripts/check-lists.mjs';

const read = (path) => readFileSync(`${root}${path}`, 'utf8');

/** The 1-based lines of `text` that `pattern` matches. */
function linesMatching(text, pattern) {
  return text.split('\n').flatMap((line, i) => (pattern.test(line) ? [i + 1] : []));
}

/**
 * User agents: every browser's and phone's string is written in tools/stack/src/user-agents.ts
 * (`@dayfocus/stack/user-agents`), which the functions' tests and the web app's tests import. A
 * string literal that starts like a browser's user agent anywhere else is a second copy.
 */
const USER_AGENTS = 'tools/stack/src/user-agents.ts';
/** Files that write user agents of their own: one that makes up a new one per request. */
const USER_AGENTS_ELSEWHERE = [
  'functions/test/stack/header-busting.test.ts', // made up per request, no real browser's
];

function userAgentCopies(files) {
  const literal = /['"`]Mozilla\/5\.0 \(/;
  return files
    .filter((path) => path !== USER_AGENTS && !USER_AGENTS_ELSEWHERE.includes(path))
    .flatMap((path) =>
      linesMatching(read(path), literal).map(
        (line) =>
          `${path}:${line}: a user agent written here: import it from @dayfocus/stack/user-agents (${USER_AGENTS})`,
      ),
    );
}

/**
 * Function names: the functions' manifest (packages/contracts/src/functions.ts) lists every
 * function a deploy creates, and firebase.json's rewrites, the instance caps and the deploy test
 * are made from it. A code file that names more than half of them, each in quotes, keeps a second
 * list by hand. (Imported by path: the root is no package with dependencies of its own.)
 */
const MANIFEST = 'packages/contracts/src/functions.ts';

async function functionNameLists(files) {
  const { functionRows } = await import(`../${MANIFEST}`);
  const names = functionRows().map((row) => row.name);
  return files
    .filter((path) => path !== MANIFEST)
    .flatMap((path) => {
      const text = read(path);
      const named = names.filter((name) => new RegExp(`['"\`]${name}['"\`]`).test(text));
      return named.length > names.length / 2
        ? [`${path}: names ${named.length} of the ${names.length} functions: derive them from ${MANIFEST}`]
        : [];
    });
}

/**
 * Fonts: packages/contracts/src/fonts.ts names the face of each script and the font stack. Every
 * letter of every language file is in one of its scripts; the stylesheet's font stack is its
 * `fontStack`, family by family; no other code file writes a font stack (a mail or a page the
 * functions write takes `fontStack`); tools/stack/package.json holds the npm font of each script
 * the test browser draws from one (tools/stack/src/browser.ts, npmScriptFonts), and no other.
 */
const FONTS = 'packages/contracts/src/fonts.ts';
const STYLESHEET = 'apps/web/src/styles.css';
const STACK_PACKAGE = 'tools/stack/package.json';

/** The letters of `value` (every string in it, however deep) that `known` does not match. */
function lettersOutside(value, known) {
  if (typeof value === 'string') return [...value].filter((char) => /\p{L}/u.test(char) && !known.test(char));
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap((v) => lettersOutside(v, known));
  return [];
}

/** The families of a CSS font stack, unquoted. */
function familiesOf(stack) {
  return stack
    .split(',')
    .map((family) => family.trim().replace(/^(['"])(.*)\1$/, '$2'))
    .filter((family) => family !== '');
}

/**
 * A font stack written in a code file: a `font-family:` that names a family rather than taking
 * one (`${fontStack}`), or a string that lists two families, the second after a comma.
 */
function fontStackCopies(files) {
  const declared = /font-family:\s*[^\s$;'"`]/;
  const family = `(?:${[...familiesOf(fontStack), 'Arial', 'Helvetica', 'BlinkMacSystemFont'].join('|')})`;
  const listed = new RegExp(`['"\`]?${family}['"\`]?\\s*,\\s*['"\`]?${family}\\b`);
  return files
    .filter((path) => path !== FONTS && path !== SELF)
    .flatMap((path) =>
      linesMatching(read(path), { test: (line) => declared.test(line) || listed.test(line) }).map(
        (line) =>
          `${path}:${line}: a font stack written here: take fontStack from @dayfocus/contracts/fonts (${FONTS})`,
      ),
    );
}

async function fontListCopies(files) {
  const known = new RegExp(`[${scriptFaces.map((face) => `\\p{Script=${face.script}}`).join('')}]`, 'u');
  const problems = [];
  const localeDir = 'packages/contracts/src/locales';
  for (const file of files.filter((path) => path.startsWith(`${localeDir}/`))) {
    const { default: locale } = await import(`../${file}`);
    const outside = [...new Set(lettersOutside(locale, known))];
    if (outside.length > 0)
      problems.push(`${file}: letters of a script ${FONTS} lacks: ${outside.slice(0, 5).join('')}`);
  }
  const stack = familiesOf(/font-family:([^;]*);/.exec(read(STYLESHEET))?.[1] ?? '');
  if (stack.join(', ') !== fontStack)
    problems.push(`${STYLESHEET}: its font stack is ${stack.join(', ')}; ${FONTS} has ${fontStack}`);
  problems.push(...fontStackCopies(files));
  const { npmScriptFonts } = await import('../tools/stack/src/browser.ts');
  const wanted = npmScriptFonts().map((font) => font.npmPackage);
  const manifest = JSON.parse(read(STACK_PACKAGE));
  const held = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) =>
    name.startsWith('@fontsource-variable/'),
  );
  for (const name of wanted.filter((name) => !held.includes(name)))
    problems.push(`${STACK_PACKAGE}: lacks ${name}, the test browser's face of a script of ${FONTS}`);
  for (const name of held.filter((name) => !wanted.includes(name)))
    problems.push(`${STACK_PACKAGE}: holds ${name}, the face of no script of ${FONTS}`);
  return problems;
}

const files = codeFiles();
const problems = [...userAgentCopies(files), ...(await functionNameLists(files)), ...(await fontListCopies(files))];
for (const problem of problems) process.stderr.write(`${problem}\n`);
if (problems.length > 0) {
  process.stderr.write(`lists: ${problems.length} list entr(ies) written outside their one source\n`);
  process.exit(1);
}
process.stdout.write('lists: user agents, function names and fonts each written in one place\n');
