/**
 * The comments of a source file, each with the line it starts on. TypeScript and JavaScript are
 * parsed (typescript-estree, as ESLint does), so a `//` in a string or a regular expression is no
 * comment; the other languages of the repository have simple comment forms.
 */
import { parse } from '@typescript-eslint/typescript-estree';

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
    const program = parse(source, { comment: true, loc: true, jsx: /x$/.test(file), filePath: file });
    return (program.comments ?? []).map((comment) => ({ text: comment.value, line: comment.loc.start.line }));
  }
  if (file.endsWith('.css')) return matches(source, /\/\*([\s\S]*?)\*\//g);
  if (file.endsWith('.html')) return matches(source, /<!--([\s\S]*?)-->/g);
  // Firestore rules: `//` to the end of the line. YAML and shell: `#` at a line's start or after a space.
  if (file.endsWith('.rules')) return matches(source, /\/\/(.*)$/gm);
  return matches(source, /(?:^|\s)#(?!!)(.*)$/gm);
}

function matches(source: string, pattern: RegExp): Comment[] {
  return [...source.matchAll(pattern)].map((match) => ({
    text: match[1] ?? '',
    line: source.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0),
  }));
}
