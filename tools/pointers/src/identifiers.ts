/**
 * The names of code a doc writes in inline code (`fooBar`, `Foo.bar`, `doThing()`,
 * `FOO_LIMIT=1`): each must still be a word of the repository's code. A name that is in none of
 * its files (Markdown aside) is stale when the code once had it (Git's history of those files says
 * so): it was renamed or removed. A name the code never had is another project's (a platform's
 * class, a library's internals, an HTTP header) or one a worked example makes up: not ours to check.
 * A shallow clone knows less history, so it flags less, never more.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import type { InlineCode, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { Repository } from './repository.js';

const IDENTIFIER = '[A-Za-z_$][\\w$]*';
/** A member path, then a call's arguments: `Foo.bar`, `doThing()`, `href(page, params)`. */
const MEMBER_OR_CALL = new RegExp(`^(${IDENTIFIER}(?:\\.${IDENTIFIER})*)(\\(.*\\))?$`);
/** An environment variable or constant, with a value given it: `BENCH_SIZES=1,10`. */
const CONSTANT = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(=.*)?$/;
/** camelCase or PascalCase: a lowercase letter or digit, then a capital. */
const HUMPED = /[a-z0-9][A-Z]/;
/** A file's name (`index.html`, `Node.js`), which the path check reads: not a member path. */
const FILE_EXTENSION = /^(c|m)?(js|ts)x?$|^(json|md|html|css|ya?ml|rules|png|jpe?g|svg|sh|txt|patch|lock|log)$/;

/**
 * Names the code once had and no longer has, which a doc may still name because they exist outside
 * it. Kept small: each says where the name lives now. (A name the code never had needs no line.)
 */
export const OUTSIDE_NAMES: ReadonlyMap<string, string> = new Map([
  [
    'LINK_PROVIDER_API_KEY',
    "the removed link provider's secret, still in the Secret Manager of a project that deployed it: the docs say how to delete it",
  ],
]);

/** Inline code that is a path, a URL or a command line: the path check reads it, not this one. */
const PATH_OR_COMMAND = /\/|^(npm|pnpm|npx|tsx|node|git|gcloud|firebase|curl|tsc|vitest) /;

/**
 * The words of the code a piece of inline code names, none when it names no code:
 * - the whole of it a name: a member path (`Foo.bar`, not a file's name like `index.html`), a call
 *   (`doThing()`, `Foo.bar(x)`: every segment), a camelCase or PascalCase word (`fooBar`),
 *   a constant (`VIRAL_RATE`, `BENCH_SIZES=1,10`);
 * - or, in a longer piece of code (a signature, an object's shape, a `key: value`), each camelCase,
 *   PascalCase or constant word and each word called (`href(`).
 * A plain word alone (`disabled`, `ok`) is prose as often as code: not read.
 */
export function namesIn(code: string): string[] {
  if (PATH_OR_COMMAND.test(code)) return [];
  const constant = CONSTANT.exec(code);
  if (constant) return [constant[1] ?? ''];
  const match = MEMBER_OR_CALL.exec(code);
  if (match) {
    const segments = (match[1] ?? '').split('.');
    if (match[2] !== undefined) return segments;
    if (segments.length > 1) return FILE_EXTENSION.test(segments.at(-1) ?? '') ? [] : segments;
    return HUMPED.test(code) ? segments : [];
  }
  const names = new Set<string>();
  for (const found of code.matchAll(/(?<![\w$])[A-Za-z_$][\w$]*/g)) {
    const word = found[0];
    const called = code
      .slice((found.index ?? 0) + word.length)
      .trimStart()
      .startsWith('(');
    if (called || HUMPED.test(word) || CONSTANT.test(word)) names.add(word);
  }
  return [...names];
}

/** Files whose words are not the code's: the docs themselves, the lockfile's package list. */
const NOT_CODE = /\.md$|(^|\/)pnpm-lock\.yaml$|\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|pdf|zip|gz)$/i;
const WORD = /[A-Za-z_$][\w$]*/g;

/** Every word of the repository's code (its files, Markdown aside). */
function codeWords(repository: Repository): Set<string> {
  const words = new Set<string>();
  for (const file of repository.files) {
    if (NOT_CODE.test(file)) continue;
    const text = readFileSync(posix.join(repository.root, file), 'utf8');
    if (text.includes('\0')) continue;
    for (const [word] of text.matchAll(WORD)) words.add(word);
  }
  return words;
}

/** Which of `words` a change to the code (Markdown aside) ever added or removed, in Git's history. */
function onceInTheCode(root: string, words: readonly string[]): Set<string> {
  if (words.length === 0) return new Set();
  // git's -G reads POSIX regular expressions, which have no \b: the word stands between two non-word characters.
  const pattern = `(^|[^A-Za-z0-9_$])(${words.map((word) => word.replace(/\$/g, '\\$')).join('|')})([^A-Za-z0-9_$]|$)`;
  const log = spawnSync(
    'git',
    [
      'log',
      '-p',
      '--no-ext-diff',
      '--format=',
      '-G',
      pattern,
      '--',
      '.',
      ':(exclude)*.md',
      ':(exclude)*pnpm-lock.yaml',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (log.error) throw log.error;
  // A repository without a commit has no history to tell of.
  if (log.status !== 0 && !/does not have any commits|bad default revision/.test(log.stderr))
    throw new Error(`git log -G: ${log.stderr.trim()}`);
  const wanted = new Set(words);
  const found = new Set<string>();
  for (const line of log.stdout.split('\n')) {
    if (!/^[+-]/.test(line) || /^(\+\+\+|---) /.test(line)) continue;
    for (const [word] of line.matchAll(WORD)) if (wanted.has(word)) found.add(word);
  }
  return found;
}

/** A name of a doc that is not a word of the code, where it is written. */
interface Unknown {
  readonly file: string;
  readonly line: number;
  readonly code: string;
  readonly word: string;
}

/**
 * The docs' names of code, read as the Markdown check reads the docs: a remark plugin that collects
 * each name no word of the code has, then `stale()`, which keeps those the code once had.
 */
export class CodeNames {
  private words: Set<string> | undefined;
  private readonly unknown: Unknown[] = [];

  constructor(private readonly repository: Repository) {}

  /** A remark plugin over one doc: its inline code's names that no word of the code has. */
  readonly plugin = () => (tree: Root, file: VFile) => {
    const name = posix.relative(this.repository.root, posix.resolve(file.cwd, file.path));
    this.words ??= codeWords(this.repository);
    const words = this.words;
    visit(tree, 'inlineCode', (node: InlineCode) => {
      for (const word of namesIn(node.value)) {
        if (words.has(word) || OUTSIDE_NAMES.has(word)) continue;
        this.unknown.push({ file: name, line: node.position?.start.line ?? 1, code: node.value, word });
      }
    });
  };

  /** The names collected that the code once had and has no more. */
  stale(): { file: string; line: number; message: string }[] {
    const once = onceInTheCode(this.repository.root, [...new Set(this.unknown.map(({ word }) => word))]);
    return this.unknown
      .filter(({ word }) => once.has(word))
      .map(({ file, line, code, word }) => ({
        file,
        line,
        message:
          code === word
            ? `\`${word}\` is no longer a name in the code (renamed or removed)`
            : `\`${code}\`: \`${word}\` is no longer a name in the code (renamed or removed)`,
      }));
  }
}
