/**
 * The lexer of the rules language: source text to tokens, each with the line:column where it
 * starts so every later error can point at the source.
 *
 * One context-dependent token: the path after `match` (`/Users/{id}/{rest=**}`) is read as a
 * single `path` token, because its segments are not expressions (`_appLinks`, `{x=**}`).
 */
import { syntaxError, unsupported, type Position } from './errors.js';

export type TokenKind = 'ident' | 'int' | 'float' | 'string' | 'punct' | 'path' | 'eof';

export interface Token {
  kind: TokenKind;
  /** The identifier, the punctuation, the decoded string, the number's digits or the raw path. */
  text: string;
  pos: Position;
}

/** Operators and punctuation, longest first so `<=` wins over `<`. `$` only appears in `$(var)`
 * inside path literals, which the parser refuses by name. Sticky (`y`): they match at lastIndex. */
const PUNCTUATION = /==|!=|<=|>=|&&|\|\||[{}()[\];,.:?!=<>+\-*/%$]/y;
const WORD = /[A-Za-z_]\w*/y;
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** A match path: up to whitespace, or the `{` that opens the block when written without a space. */
const MATCH_PATH = /(?:\/(?:\{[^{}\s]*\}|[^/{}\s]+))+/y;
const SPACE_OR_COMMENT = /\s+|\/\/.*|\/\*[^]*?\*\//y;

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const here = (): Position => ({ line, col: i - lineStart + 1 });
  const advance = (n: number): void => {
    for (const end = i + n; i < end; i++) {
      if (source[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
    }
  };
  const read = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = i;
    return pattern.exec(source)?.[0];
  };
  const emit = (kind: TokenKind, text: string, length = text.length): void => {
    tokens.push({ kind, text, pos: here() });
    advance(length);
  };

  while (i < source.length) {
    const skipped = read(SPACE_OR_COMMENT);
    if (skipped) {
      advance(skipped.length);
      continue;
    }
    if (source.startsWith('/*', i)) throw syntaxError('unterminated comment', here());
    const ch = source.charAt(i);
    const previous = tokens.at(-1);
    let text: string | undefined;
    if (ch === '/' && previous?.kind === 'ident' && previous.text === 'match') {
      text = read(MATCH_PATH);
      if (text === undefined) throw syntaxError('malformed match path', here());
      emit('path', text);
    } else if ((text = read(WORD))) {
      emit('ident', text);
    } else if ((text = read(NUMBER))) {
      emit(/[.eE]/.test(text) ? 'float' : 'int', text);
    } else if (ch === "'" || ch === '"') {
      const literal = readString(source, i, here());
      emit('string', literal.text, literal.length);
    } else if ((text = read(PUNCTUATION))) {
      emit('punct', text);
    } else {
      throw syntaxError(`unexpected character '${ch}'`, here());
    }
  }
  tokens.push({ kind: 'eof', text: '', pos: here() });
  return tokens;
}

/** Decodes the string literal starting at `start` (a quote); only simple escapes are known. */
function readString(source: string, start: number, pos: Position): { text: string; length: number } {
  const quote = source[start];
  let text = '';
  for (let j = start + 1; j < source.length; j++) {
    const c = source.charAt(j);
    if (c === quote) return { text, length: j + 1 - start };
    if (c === '\n') break;
    if (c !== '\\') {
      text += c;
      continue;
    }
    const escaped = ESCAPES[source.charAt(j + 1)];
    if (escaped === undefined) {
      throw unsupported(`string escape '\\${source.charAt(j + 1)}'`, { line: pos.line, col: pos.col + j - start });
    }
    text += escaped;
    j++;
  }
  throw syntaxError('unterminated string', pos);
}
