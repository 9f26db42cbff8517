/**
 * The reader of a Firestore rules file for the static check (rules-scan.ts): the statements of the
 * language (`rules_version`, the service, `match`, `function` with `let`, `allow` with its methods,
 * comments, strings), each condition taken as its tokens, so that `get()`, `exists()`, path
 * literals and version 1 rules read as well as the rest. What it cannot read is refused with its
 * line and column, never skipped. Our emulator's reader (tools/firestore-emulator/src/rules/)
 * cannot serve here: it refuses what it does not evaluate, which the app's rules may use.
 */

/** What the reader refuses, with where: `line 4:33: unterminated string`. */
export class RulesReadError extends Error {}

export interface Token {
  kind: 'word' | 'number' | 'string' | 'punct' | 'path' | 'eof';
  text: string;
  line: number;
  col: number;
  /** Where it starts and ends in the source, for the statements the problems quote. */
  start: number;
  end: number;
}

export const refused = (what: string, { line, col }: { line: number; col: number }) =>
  new RulesReadError(`line ${line}:${col}: ${what}`);

// Sticky (`y`): each matches at lastIndex only. Longest operators first, so that `<=` wins over `<`.
const PUNCTUATION = /==|!=|<=|>=|&&|\|\||[{}()[\];,.:?!=<>+\-*/%$]/y;
const WORD = /[A-Za-z_]\w*/y;
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** The path after `match`, one token: its segments (`_mail`, `{x=**}`) are no expressions. */
const MATCH_PATH = /(?:\/(?:\{[^{}\s]*\}|[^/{}\s]+))+/y;
const SKIPPED = /\s+|\/\/[^\n]*|\/\*[^]*?\*\//y;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const here = () => ({ line, col: i - lineStart + 1 });
  const advanceTo = (end: number) => {
    for (; i < end; i++)
      if (source[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
  };
  const read = (pattern: RegExp) => {
    pattern.lastIndex = i;
    return pattern.exec(source)?.[0];
  };
  const emit = (kind: Token['kind'], text: string, end: number) => {
    tokens.push({ kind, text, ...here(), start: i, end });
    advanceTo(end);
  };
  while (i < source.length) {
    const skipped = read(SKIPPED);
    if (skipped) {
      advanceTo(i + skipped.length);
      continue;
    }
    if (source.startsWith('/*', i)) throw refused('unterminated comment', here());
    const char = source.charAt(i);
    const previous = tokens.at(-1);
    let text: string | undefined;
    if (char === '/' && previous?.kind === 'word' && previous.text === 'match') {
      if (!(text = read(MATCH_PATH))) throw refused('malformed match path', here());
      emit('path', text, i + text.length);
    } else if ((text = read(WORD))) emit('word', text, i + text.length);
    else if ((text = read(NUMBER))) emit('number', text, i + text.length);
    else if (char === "'" || char === '"') emit('string', char, stringEnd(source, i, here()));
    else if ((text = read(PUNCTUATION))) emit('punct', text, i + text.length);
    else throw refused(`unexpected character '${char}'`, here());
  }
  tokens.push({ kind: 'eof', text: '', ...here(), start: i, end: i });
  return tokens;
}

/** Where the string starting at `start` ends (after its closing quote); a backslash escapes the next character. */
function stringEnd(source: string, start: number, at: { line: number; col: number }): number {
  for (let j = start + 1; j < source.length && source[j] !== '\n'; j++) {
    if (source[j] === '\\') j++;
    else if (source[j] === source[start]) return j + 1;
  }
  throw refused('unterminated string', at);
}

export type Segment = { kind: 'literal'; text: string } | { kind: 'wildcard' } | { kind: 'rest' };

export interface FunctionDecl {
  name: string;
  /** How many parameters it takes: rules-scan.ts refuses a call with another number. */
  params: number;
  lets: Token[][];
  /** The tokens of its `return` expression. */
  body: Token[];
}

interface Allow {
  /** `allow create: if …` as written, on one line. */
  statement: string;
  line: number;
  /** Its tokens; null for an allow without a condition (always granted). */
  condition: Token[] | null;
}

export interface Block {
  functions: FunctionDecl[];
  allows: Allow[];
  matches: Match[];
}

export interface Match extends Block {
  path: string;
  segments: Segment[];
}

const METHODS = new Set(['read', 'write', 'get', 'list', 'create', 'update', 'delete']);
/** Statement words: never in an expression but as a field's name, so one there means a `;` was forgotten. */
const STATEMENT_WORDS = new Set(['match', 'allow', 'function', 'service', 'rules_version']);
const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
/**
 * The rules language's global functions and namespaces (firebase.google.com/docs/reference/rules, rules.firestore
 * too). Firestore only warns of a function named like one, so which of the two a call reaches would be a guess.
 */
const BUILT_INS = new Set([
  ...'bool debug duration exists existsAfter firestore float get getAfter'.split(' '),
  ...'hashing int latlng math path string timestamp'.split(' '),
]);

class Reader {
  private index = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  private peek(): Token {
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] as Token;
  }
  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.index++;
    return token;
  }
  private at(text: string): boolean {
    const token = this.peek();
    return (token.kind === 'punct' || token.kind === 'word') && token.text === text;
  }
  private eat(text: string): boolean {
    if (!this.at(text)) return false;
    this.index++;
    return true;
  }
  private fail(expected: string, token = this.peek()): never {
    throw refused(`expected ${expected}, found ${token.kind === 'eof' ? 'end of file' : `'${token.text}'`}`, token);
  }
  private expect(text: string): Token {
    const token = this.peek();
    if (!this.eat(text)) this.fail(`'${text}'`);
    return token;
  }
  private word(what: string): Token {
    if (this.peek().kind !== 'word') this.fail(what);
    return this.next();
  }

  file(): Block {
    if (this.eat('rules_version')) {
      this.expect('=');
      const version = this.peek();
      if (version.kind !== 'string') this.fail('a version string');
      const text = this.source.slice(version.start + 1, version.end - 1);
      if (text !== '1' && text !== '2') throw refused(`rules_version '${text}'`, version);
      this.next();
      this.eat(';');
    }
    this.expect('service');
    const name = this.word('a service name');
    let service = name.text;
    while (this.eat('.')) service += `.${this.word('a service name').text}`;
    if (service !== 'cloud.firestore') throw refused(`service ${service} is not cloud.firestore`, name);
    this.expect('{');
    const body = this.block(false);
    this.expect('}');
    if (this.peek().kind !== 'eof') this.fail('end of file');
    return body;
  }

  /** The statements of the service or of a match, up to its closing brace. */
  private block(inMatch: boolean): Block {
    const body: Block = { functions: [], allows: [], matches: [] };
    while (!this.at('}')) {
      const token = this.peek();
      if (this.eat('match')) body.matches.push(this.match());
      else if (this.eat('function')) body.functions.push(this.functionDecl(body.functions));
      else if (token.kind === 'word' && token.text === 'allow') {
        if (!inMatch) throw refused('allow outside a match block', token);
        body.allows.push(this.allow());
      } else if (token.kind === 'eof') this.fail("'}'");
      else this.fail("'match', 'function' or 'allow'");
    }
    return body;
  }

  private match(): Match {
    const token = this.next();
    if (token.kind !== 'path') throw refused('expected a path after match', token);
    let col = token.col;
    const segments = token.text
      .slice(1)
      .split('/')
      .map((part): Segment => {
        col += 1; // the slash
        const at = { line: token.line, col };
        col += part.length;
        const wildcard = /^\{[A-Za-z_]\w*(=\*\*)?\}$/.exec(part);
        if (wildcard) return { kind: wildcard[1] ? 'rest' : 'wildcard' };
        if (/[{}*=$]/.test(part)) throw refused(`path segment ${part}`, at);
        return { kind: 'literal', text: part };
      });
    this.expect('{');
    const body = this.block(true);
    this.expect('}');
    return { path: token.text, segments, ...body };
  }

  private functionDecl(declared: readonly FunctionDecl[]): FunctionDecl {
    const name = this.word('a function name');
    if (declared.some((other) => other.name === name.text))
      throw refused(`function ${name.text}() is declared twice in one block, which Firestore refuses`, name);
    if (BUILT_INS.has(name.text))
      throw refused(`function ${name.text}() is named like one of the rules language's own: rename it`, name);
    this.expect('(');
    const params: Token[] = [];
    if (!this.at(')'))
      do params.push(this.word('a parameter name'));
      while (this.eat(','));
    this.expect(')');
    this.expect('{');
    const lets: Token[][] = [];
    while (this.eat('let')) {
      this.word('a variable name');
      this.expect('=');
      lets.push(this.expression());
      this.expect(';');
    }
    this.expect('return');
    const body = this.expression();
    this.eat(';');
    this.expect('}');
    return { name: name.text, params: params.length, lets, body };
  }

  private allow(): Allow {
    const first = this.next();
    do {
      const method = this.word('a method (read, write, get, list, create, update, delete)');
      if (!METHODS.has(method.text)) throw refused(`unknown method '${method.text}'`, method);
    } while (this.eat(','));
    let condition: Token[] | null = null;
    if (this.eat(':')) {
      this.expect('if');
      condition = this.expression();
    }
    const last = this.tokens[this.index - 1] as Token;
    // The `;` before a block's closing brace may be left out.
    if (!this.eat(';') && !this.at('}')) this.fail("';'");
    const statement = this.source.slice(first.start, last.end).replace(/\s+/g, ' ');
    return { statement, line: first.line, condition };
  }

  /** An expression's tokens, up to a `;` or a block's `}` outside any bracket. */
  private expression(): Token[] {
    const tokens: Token[] = [];
    const open: string[] = [];
    for (;;) {
      const token = this.peek();
      if (token.kind === 'eof') this.fail("';'");
      const field = tokens.at(-1)?.text === '.';
      if (token.kind === 'word' && STATEMENT_WORDS.has(token.text) && !field) this.fail("';'");
      if (token.kind === 'punct') {
        if (open.length === 0 && (token.text === ';' || token.text === '}')) break;
        const closing = CLOSING[token.text];
        if (closing) open.push(closing);
        else if (')]}'.includes(token.text)) {
          const wanted = open.pop();
          if (wanted !== token.text) this.fail(wanted ? `'${wanted}'` : "';'");
        }
      }
      tokens.push(this.next());
    }
    if (tokens.length === 0) this.fail('an expression');
    return tokens;
  }
}

/** The service's statements in `rules`; throws RulesReadError on what it cannot read. */
export function readRules(rules: string): Block {
  return new Reader(tokenize(rules), rules).file();
}
