/**
 * The lexer of the rules language: source text to tokens, each with the line:column where it
 * starts so every later error can point at the source, and its offsets for the statements quoted.
 * What it takes and refuses was put to Google's emulator (test/rules-grammar.test.ts).
 *
 * Two context-dependent tokens: the path after `match` (`/Users/{id}/{rest=**}`) is one `path`
 * token, its segments being no expressions (`_appLinks`, `{x=**}`); and where an operand is due, a
 * slash opens a path literal, read as a `segment` token per segment (`/Users`) or an
 * `interpolation` (`/$(`), whose expression is read as ever up to its closing parenthesis.
 */
import { syntaxError, type Position } from './errors.js';

export type TokenKind =
  'ident' | 'int' | 'float' | 'string' | 'bytes' | 'punct' | 'path' | 'segment' | 'interpolation' | 'eof';

export interface Token {
  kind: TokenKind;
  /** The identifier, the punctuation, the decoded string, the number, the raw path or segment, bytes as written. */
  text: string;
  pos: Position;
  start: number;
  end: number;
  /** A string's first escape that is taken but not decoded (`\x41`). */
  escape?: { text: string; pos: Position };
}

/** Longest first so `<=` wins over `<`. Sticky (`y`): they match at lastIndex. */
const PUNCTUATION = /==|!=|<=|>=|&&|\|\||[{}()[\];,.:?!=<>+\-*/%]/y;
const WORD = /[A-Za-z_]\w*/y;
/** `b'…'`: a bytes literal. */
const BYTES_PREFIX = /b(?=['"])/y;
/** Google reads `.5` and `1.` as floats and refuses an exponent (`1e3`). */
const NUMBER = /\d+\.\d*|\.\d+|\d+/y;
/** A match path: up to whitespace, or the `{` that opens the block when written without a space. */
const MATCH_PATH = /(?:\/(?:\{[^{}\s]*\}|[^/{}\s]+))+/y;
/** A path literal's segment, of the characters Google takes in one, or an interpolation's opening. */
const PATH_SEGMENT = /\/(?:\$\(|[\w\-.~@:+'&*]+)/y;
/** A `//` comment runs to the line feed, past a carriage return or a line separator, as Google's. */
const SKIPPED = /\s+|\/\/[^\n]*|\/\*[^]*?\*\//y;

const ESCAPES: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  '\\': '\\',
  "'": "'",
  '"': '"',
};
/** Escapes Google takes whose reading (a byte or a code point?) is left open: kept as written. */
const NUMERIC_ESCAPE = /x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|[0-7]{3}/y;

/** Whether a slash after `previous` opens a path literal: where an operand is due, not after one. */
function operandDue(previous: Token | undefined): boolean {
  if (previous === undefined || previous.kind === 'interpolation') return true;
  if (previous.kind === 'punct') return !')]}'.includes(previous.text);
  return previous.kind === 'ident' && ['if', 'return', 'in'].includes(previous.text);
}

export function tokenize(source: string): Token[] {
  return new Lexer(source).tokens();
}

class Lexer {
  private readonly list: Token[] = [];
  private i = 0;
  private line = 1;
  private lineStart = 0;
  private depth = 0;
  /** The depths at which the open interpolations of path literals close. */
  private readonly interpolations: number[] = [];
  /** Right after a path literal's segment or interpolation: a slash at once goes on with it. */
  private inPath = false;

  constructor(private readonly source: string) {}

  tokens(): Token[] {
    const { source } = this;
    while (this.i < source.length) {
      if (this.inPath) {
        this.inPath = false;
        if (this.pathSegment()) continue;
      }
      const skipped = this.read(SKIPPED);
      if (skipped) {
        this.advance(this.i + skipped.length);
        continue;
      }
      if (source.startsWith('/*', this.i)) throw syntaxError('unterminated comment', this.here());
      this.token(source.charAt(this.i), this.list.at(-1));
    }
    this.list.push({ kind: 'eof', text: '', pos: this.here(), start: this.i, end: this.i });
    return this.list;
  }

  private token(ch: string, previous: Token | undefined): void {
    const { source, i } = this;
    let text: string | undefined;
    if (ch === '/' && previous?.kind === 'ident' && previous.text === 'match') {
      text = this.read(MATCH_PATH);
      if (text === undefined) throw syntaxError('malformed match path', this.here());
      this.emit('path', text);
    } else if (ch === '/' && operandDue(previous) && this.pathSegment()) {
      return;
    } else if (this.read(BYTES_PREFIX)) {
      const literal = readString(source, i + 1, { ...this.here(), col: this.here().col + 1 });
      this.emit('bytes', source.slice(i + 2, i + literal.length), literal.length + 1);
    } else if ((text = this.read(WORD))) {
      this.emit('ident', text);
    } else if ((text = this.read(NUMBER))) {
      this.emit(text.includes('.') ? 'float' : 'int', text);
    } else if (ch === "'" || ch === '"') {
      const { text: decoded, length, escape } = readString(source, i, this.here());
      this.emit('string', decoded, length, escape ? { escape } : {});
    } else if ((text = this.read(PUNCTUATION))) {
      if (text === '(') this.depth++;
      if (text === ')' && this.interpolations.at(-1) === --this.depth) {
        this.interpolations.pop();
        this.inPath = true;
      }
      this.emit('punct', text);
    } else {
      throw syntaxError(`unexpected character '${ch}'`, this.here());
    }
  }

  /** A path literal's segment at the cursor, if one starts there. */
  private pathSegment(): boolean {
    const text = this.read(PATH_SEGMENT);
    if (text === undefined) return false;
    if (text === '/$(') {
      this.emit('interpolation', '$(', text.length);
      this.interpolations.push(this.depth++);
    } else {
      this.emit('segment', text.slice(1), text.length);
      this.inPath = true;
    }
    return true;
  }

  private here(): Position {
    return { line: this.line, col: this.i - this.lineStart + 1 };
  }
  private advance(end: number): void {
    for (; this.i < end; this.i++) {
      if (this.source[this.i] === '\n') {
        this.line++;
        this.lineStart = this.i + 1;
      }
    }
  }
  private read(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.i;
    return pattern.exec(this.source)?.[0];
  }
  private emit(kind: TokenKind, text: string, length = text.length, extra: Partial<Token> = {}): void {
    this.list.push({ kind, text, pos: this.here(), start: this.i, end: this.i + length, ...extra });
    this.advance(this.i + length);
  }
}

interface StringLiteral {
  text: string;
  length: number;
  escape?: { text: string; pos: Position };
}

/** Decodes the string literal starting at `start` (a quote): on one line, with the escapes Google takes. */
function readString(source: string, start: number, pos: Position): StringLiteral {
  const quote = source[start];
  let text = '';
  let escape: StringLiteral['escape'];
  for (let j = start + 1; j < source.length; j++) {
    const c = source.charAt(j);
    if (c === quote) return { text, length: j + 1 - start, ...(escape ? { escape } : {}) };
    if (c === '\n') break;
    if (c !== '\\') {
      text += c;
      continue;
    }
    const next = source.charAt(j + 1);
    const at = { line: pos.line, col: pos.col + j - start };
    if (next === '\n' || next === '') break;
    const simple = ESCAPES[next];
    NUMERIC_ESCAPE.lastIndex = j + 1;
    const numeric = simple === undefined ? NUMERIC_ESCAPE.exec(source)?.[0] : undefined;
    if (simple !== undefined) {
      text += simple;
      j++;
    } else if (numeric !== undefined) {
      text += `\\${numeric}`;
      escape ??= { text: `\\${next}`, pos: at };
      j += numeric.length;
    } else {
      throw syntaxError(`string escape '\\${next}'`, at);
    }
  }
  throw syntaxError('unterminated string', pos);
}
