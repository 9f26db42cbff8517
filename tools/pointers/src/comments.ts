/**
 * The comments of a source file, each with the line it starts on. TypeScript and JavaScript are
 * parsed (Oxc's parser: the comments typescript-estree finds, in a third to a tenth of its time),
 * so a `//` in a string or a regular expression is no comment; the other languages of the
 * repository have simple comment forms.
 */
import { parseSync } from 'oxc-parser';

export interface Comment {
  readonly text: string;
  /** 1-based line of the comment's first character. */
  readonly line: number;
}

const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** Whether the check reads comments of this file (by name, or a shell script by its first line). */
export function hasComments(file: string, source: string): boolean {
  return SCRIPT.test(file) || /\.(css|html|rules|ya?ml)$/.test(file) || source.startsWith('#!');
}

export function commentsOf(file: string, source: string): Comment[] {
  if (SCRIPT.test(file)) {
    // A script's `#!` line is one of them (Oxc's), read like a comment: its paths are pointers too.
    const { comments, errors } = parseSync(file, source);
    const [error] = errors;
    if (error) throw new SyntaxError(`${file}: ${error.message}`);
    const lineOf = lineFinder(source);
    return comments.map((comment) => ({ text: comment.value, line: lineOf(comment.start) }));
  }
  if (file.endsWith('.css')) return matches(source, /\/\*([\s\S]*?)\*\//g);
  if (file.endsWith('.html')) return matches(source, /<!--([\s\S]*?)-->/g);
  // Firestore rules: `//` to the end of the line. YAML and shell: `#` at a line's start or after a space.
  if (file.endsWith('.rules')) return matches(source, /\/\/(.*)$/gm);
  return matches(source, /(?:^|\s)#(?!!)(.*)$/gm);
}

/** The 1-based line of a character's offset in `source`. */
function lineFinder(source: string): (offset: number) => number {
  const starts = [0];
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) starts.push(at + 1);
  return (offset) => {
    let [low, high] = [0, starts.length - 1];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

function matches(source: string, pattern: RegExp): Comment[] {
  const lineOf = lineFinder(source);
  return [...source.matchAll(pattern)].map((match) => ({
    text: match[1] ?? '',
    line: lineOf(match.index) + (match[0].startsWith('\n') ? 1 : 0),
  }));
}
