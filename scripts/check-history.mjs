// `npm run lint`'s history check: a comment or a doc says why things are as they are; when and in
// which ticket they changed is in git (`git log -S`, `git blame`). It fails, with the file and line,
// on a ticket's number in a code comment (the language files' included) or anywhere in a doc: the
// word "issue" then a number, with or without "#", or the word after an opening bracket. Markdown
// is read whole (its prose is what a newcomer reads); code only in its comments, so a string or a
// test's data may say it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A ticket named by its number. (Written with classes, so that this line does not name one.) */
const TICKET = /\bissue\s+[#]?\d+|[(]issue\b/i;

/** Files left to their owner: none, and a file that comes here says why. */
const EXEMPT = [];

const CODE = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx|css|html|rules|ya?ml|sh)$/;

/** The repository's files, tracked or new (not ignored), that still exist in the work tree. */
function files() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((path) => {
    if (!path || EXEMPT.includes(path) || path.startsWith('patches/')) return false;
    if (!CODE.test(path) && !path.endsWith('.md')) return false;
    try {
      readFileSync(`${root}${path}`);
      return true;
    } catch {
      return false; // deleted in the working tree, not yet in the index
    }
  });
}

/**
 * Whether the text at `index` of `line` is in a comment: the line continues a block comment
 * (`*`, `/*`, `<!--`, `#` of YAML and shell) or a comment opens before it on the same line.
 */
function inComment(line, index, inBlock) {
  if (inBlock) return true;
  const before = line.slice(0, index);
  return /^\s*(\*|\/\*|\/\/|<!--|#)/.test(line) || /\/\/|\/\*|<!--/.test(before);
}

/** `path:line: …` for each ticket number in a comment of a code file, or anywhere in a doc. */
function ticketsIn(path, text) {
  const doc = path.endsWith('.md');
  let inBlock = false;
  return text.split('\n').flatMap((line, i) => {
    const match = TICKET.exec(line);
    const found = match && (doc || inComment(line, match.index, inBlock));
    if (!doc) {
      const opened = line.lastIndexOf('/*');
      const closed = line.lastIndexOf('*/');
      if (opened > closed) inBlock = true;
      else if (closed > opened) inBlock = false;
    }
    return found ? [`${path}:${i + 1}: "${match[0]}": say why, not when (the history is in git)`] : [];
  });
}

const problems = files().flatMap((path) => ticketsIn(path, readFileSync(`${root}${path}`, 'utf8')));
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`check-history: ${problems.length} ticket number(s) in comments or docs`);
  process.exit(1);
}
