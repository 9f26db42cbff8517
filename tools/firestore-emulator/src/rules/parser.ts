/**
 * The parser: tokens to a syntax tree. It accepts only the subset the evaluator implements;
 * anything else stops with a syntax error or an "unsupported construct" error at its
 * line:column. Checks that need scopes (undefined functions, library namespaces we lack) are in
 * check.ts.
 */
import { syntaxError, unsupported, type Position } from './errors.js';
import { tokenize, type Token } from './lexer.js';
import { NULL, TYPE_NAMES, bool, str, type RulesValue } from './value.js';

export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export type BinaryOp = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export type Expr = { pos: Position } & (
  | { kind: 'literal'; value: RulesValue }
  | { kind: 'ident'; name: string }
  | { kind: 'member'; object: Expr; name: string }
  | { kind: 'index'; object: Expr; index: Expr }
  /** A call of a function declared in the rules: `isOwner(userId)`. */
  | { kind: 'call'; name: string; args: Expr[] }
  /** A method of a value: `name.size()`, `data.get('k', 0)`. */
  | { kind: 'method'; object: Expr; name: string; args: Expr[] }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'is'; operand: Expr; typeName: string }
  | { kind: 'ternary'; condition: Expr; then: Expr; otherwise: Expr }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'map'; entries: [Expr, Expr][] }
);

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: { name: string; value: Expr }[];
  body: Expr;
  pos: Position;
}

export interface Allow {
  /** What was written, for decision reasons: `allow read, write`. */
  label: string;
  methods: Set<RulesMethod>;
  /** null for `allow read;` (no condition: always allowed). */
  condition: Expr | null;
  pos: Position;
}

export type Segment =
  | { kind: 'literal'; text: string }
  | { kind: 'wildcard'; name: string }
  /** `{name=**}`: zero or more trailing segments (rules_version 2). */
  | { kind: 'rest'; name: string };

export interface MatchBlock {
  /** The path as written, for decision reasons. */
  text: string;
  pattern: Segment[];
  functions: FunctionDecl[];
  allows: Allow[];
  matches: MatchBlock[];
  pos: Position;
}

type Body = Pick<MatchBlock, 'functions' | 'allows' | 'matches'>;

export interface RulesFile {
  functions: FunctionDecl[];
  matches: MatchBlock[];
}

const METHOD_GROUPS: Record<string, RulesMethod[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

/** Words that cannot name a variable or function. */
const RESERVED = new Set(['if', 'allow', 'match', 'function', 'return', 'let', 'in', 'is', 'true', 'false', 'null']);

const RELATIONS = new Set(['==', '!=', '<', '<=', '>', '>=']);

/**
 * Global functions of the Firestore rules library that we do not implement. Refused at the
 * name, before their arguments (often path literals, which we lack too), and never shadowed.
 */
const BUILTINS = new Set('exists existsAfter get getAfter debug int float string bool path'.split(' '));

export function parseRules(source: string): RulesFile {
  return new Parser(tokenize(source)).file();
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    // The token list always ends with `eof`, and we never move past it.
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] as Token;
  }
  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.index++;
    return token;
  }
  /** Whether the next token is this punctuation or word (never a string or a path). */
  private at(text: string): boolean {
    const token = this.peek();
    return (token.kind === 'punct' || token.kind === 'ident') && token.text === text;
  }
  private eat(text: string): boolean {
    if (!this.at(text)) return false;
    this.index++;
    return true;
  }
  private fail(expected: string, token = this.peek()): never {
    const found = token.kind === 'eof' ? 'end of file' : `'${token.text}'`;
    throw syntaxError(`expected ${expected}, found ${found}`, token.pos);
  }
  private expect(text: string): Token {
    const token = this.peek();
    if (!this.eat(text)) this.fail(`'${text}'`);
    return token;
  }
  private name(what: string): Token {
    const token = this.peek();
    if (token.kind !== 'ident' || RESERVED.has(token.text)) this.fail(what);
    return this.next();
  }

  file(): RulesFile {
    const first = this.peek();
    if (!this.eat('rules_version')) {
      // Version 1 reads `{x=**}` differently; refuse rather than guess.
      throw unsupported("rules without rules_version = '2'", first.pos);
    }
    this.expect('=');
    const version = this.peek();
    if (version.kind !== 'string') this.fail('a version string');
    if (version.text !== '2') throw unsupported(`rules_version '${version.text}'`, version.pos);
    this.next();
    this.expect(';');
    const service = this.expect('service');
    let serviceName = this.name('a service name').text;
    while (this.eat('.')) serviceName += `.${this.name('a service name').text}`;
    if (serviceName !== 'cloud.firestore') throw unsupported(`service ${serviceName}`, service.pos);
    this.expect('{');
    const { functions, matches } = this.block(false);
    this.expect('}');
    if (this.peek().kind !== 'eof') this.fail('end of file');
    return { functions, matches };
  }

  /** The statements of the service body or of a match block, up to the closing brace. */
  private block(allowsPermitted: boolean): Body {
    const body: Body = { functions: [], allows: [], matches: [] };
    while (!this.at('}')) {
      const token = this.peek();
      if (this.eat('match')) body.matches.push(this.match(token.pos));
      else if (this.eat('function')) body.functions.push(this.functionDecl(token.pos));
      else if (allowsPermitted && this.eat('allow')) body.allows.push(this.allow(token.pos));
      else if (token.kind === 'eof') this.fail("'}'");
      else if (token.text === 'allow') throw syntaxError('allow outside a match block', token.pos);
      else this.fail("'match', 'function' or 'allow'");
    }
    return body;
  }

  private match(pos: Position): MatchBlock {
    const token = this.next();
    if (token.kind !== 'path') throw syntaxError('expected a path after match', token.pos);
    const pattern: Segment[] = [];
    let offset = 1;
    const parts = token.text.slice(1).split('/');
    parts.forEach((part, i) => {
      const at = { line: token.pos.line, col: token.pos.col + offset };
      offset += part.length + 1;
      const wildcard = /^\{([A-Za-z_]\w*)(=\*\*)?\}$/.exec(part);
      if (wildcard?.[1] !== undefined) {
        if (wildcard[2] && i !== parts.length - 1) throw unsupported(`${part} before the end of a match path`, at);
        pattern.push({ kind: wildcard[2] ? 'rest' : 'wildcard', name: wildcard[1] });
      } else if (part.startsWith('{') || /[*$()]/.test(part)) {
        throw unsupported(`path segment ${part}`, at);
      } else {
        pattern.push({ kind: 'literal', text: part });
      }
    });
    this.expect('{');
    const body = this.block(true);
    this.expect('}');
    return { text: token.text, pattern, pos, ...body };
  }

  private allow(pos: Position): Allow {
    const methods = new Set<RulesMethod>();
    const names: string[] = [];
    do {
      const token = this.name('a method (read, write, get, list, create, update, delete)');
      const group = METHOD_GROUPS[token.text];
      if (!group) throw syntaxError(`unknown method '${token.text}'`, token.pos);
      names.push(token.text);
      for (const method of group) methods.add(method);
    } while (this.eat(','));
    let condition: Expr | null = null;
    if (this.eat(':')) {
      this.expect('if');
      condition = this.expression();
    }
    this.expect(';');
    return { label: `allow ${names.join(', ')}`, methods, condition, pos };
  }

  private functionDecl(pos: Position): FunctionDecl {
    const name = this.name('a function name').text;
    this.expect('(');
    const params: string[] = [];
    if (!this.at(')')) {
      do params.push(this.name('a parameter name').text);
      while (this.eat(','));
    }
    this.expect(')');
    this.expect('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.eat('let')) {
      const letName = this.name('a variable name').text;
      this.expect('=');
      lets.push({ name: letName, value: this.expression() });
      this.expect(';');
    }
    this.expect('return');
    const body = this.expression();
    this.eat(';');
    this.expect('}');
    return { name, params, lets, body, pos };
  }

  // Expressions, loosest binding first: ternary, ||, &&, relations (== != < <= > >= in is),
  // + -, * / %, unary ! -, then member access, index and calls.

  expression(): Expr {
    const condition = this.binary(0);
    const pos = this.peek().pos;
    if (!this.eat('?')) return condition;
    const then = this.expression();
    this.expect(':');
    return { kind: 'ternary', condition, then, otherwise: this.expression(), pos };
  }

  private static readonly LEVELS: readonly (readonly string[])[] = [['||'], ['&&'], [], ['+', '-'], ['*', '/', '%']];

  private binary(level: number): Expr {
    if (level === Parser.LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.peek();
      const isRelation = level === 2 && (RELATIONS.has(token.text) || token.text === 'in' || token.text === 'is');
      const operators = Parser.LEVELS[level] ?? [];
      if (!(token.kind === 'punct' || token.kind === 'ident')) return left;
      if (!isRelation && !(token.kind === 'punct' && operators.includes(token.text))) return left;
      this.next();
      if (token.text === 'is') {
        const type = this.next();
        if (type.kind !== 'ident') this.fail('a type name', type);
        if (!TYPE_NAMES.has(type.text)) throw unsupported(`is ${type.text}`, type.pos);
        left = { kind: 'is', operand: left, typeName: type.text, pos: token.pos };
      } else {
        const right = this.binary(level + 1);
        left = { kind: 'binary', op: token.text as BinaryOp, left, right, pos: token.pos };
      }
    }
  }

  private unary(): Expr {
    const token = this.peek();
    if (this.eat('!') || this.eat('-')) {
      return { kind: 'unary', op: token.text === '!' ? '!' : '-', operand: this.unary(), pos: token.pos };
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let expr = this.primary();
    for (;;) {
      const token = this.peek();
      if (this.eat('.')) {
        const name = this.next();
        if (name.kind !== 'ident') this.fail('a field or method name', name);
        if (this.eat('(')) {
          expr = {
            kind: 'method',
            object: expr,
            name: name.text,
            args: this.items(')', () => this.expression()),
            pos: name.pos,
          };
        } else {
          expr = { kind: 'member', object: expr, name: name.text, pos: name.pos };
        }
      } else if (this.eat('[')) {
        const index = this.expression();
        if (this.at(':')) throw unsupported('range index a[i:j]', this.peek().pos);
        this.expect(']');
        expr = { kind: 'index', object: expr, index, pos: token.pos };
      } else {
        return expr;
      }
    }
  }

  /** Comma-separated items through the `close` punctuation (the opening one is already read). */
  private items<T>(close: string, item: () => T): T[] {
    const items: T[] = [];
    if (this.eat(close)) return items;
    do items.push(item());
    while (this.eat(','));
    this.expect(close);
    return items;
  }

  private entry(): [Expr, Expr] {
    const key = this.expression();
    this.expect(':');
    return [key, this.expression()];
  }

  private primary(): Expr {
    const token = this.next();
    const pos = token.pos;
    switch (token.kind) {
      case 'int':
        return { kind: 'literal', value: { type: 'int', value: BigInt(token.text) }, pos };
      case 'float':
        return { kind: 'literal', value: { type: 'float', value: Number(token.text) }, pos };
      case 'string':
        return { kind: 'literal', value: str(token.text), pos };
      case 'ident':
        if (token.text === 'true' || token.text === 'false')
          return { kind: 'literal', value: bool(token.text === 'true'), pos };
        if (token.text === 'null') return { kind: 'literal', value: NULL, pos };
        if (RESERVED.has(token.text)) break;
        if (!this.at('(')) return { kind: 'ident', name: token.text, pos };
        if (BUILTINS.has(token.text)) throw unsupported(`${token.text}()`, pos);
        this.next();
        return { kind: 'call', name: token.text, args: this.items(')', () => this.expression()), pos };
      case 'punct':
        if (token.text === '(') {
          const inner = this.expression();
          this.expect(')');
          return inner;
        }
        if (token.text === '[') return { kind: 'list', items: this.items(']', () => this.expression()), pos };
        if (token.text === '{') return { kind: 'map', entries: this.items('}', () => this.entry()), pos };
        // `/databases/$(database)/documents/...` only serves get() and exists(), which we lack.
        if (token.text === '/') throw unsupported('path literal', pos);
        break;
      default:
        break;
    }
    return this.fail('an expression', token);
  }
}
