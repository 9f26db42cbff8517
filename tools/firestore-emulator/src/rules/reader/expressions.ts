/**
 * The expression half of the reader, beneath the statements (statements.ts): moving over the
 * tokens, and expressions by precedence climbing, from the ternary down to literals, calls and
 * member access. It reads the whole language; what the emulator does not evaluate, it refuses
 * at load (check.ts), not here.
 */
import { syntaxError } from './errors.js';
import type { Token } from './lexer.js';
import type { BinaryOp, Expr, PathPart } from './syntax.js';

/** Words that cannot name a variable or function. */
const RESERVED = new Set(['if', 'allow', 'match', 'function', 'return', 'let', 'in', 'is', 'true', 'false', 'null']);

/**
 * The binary operators, loosest binding first, each level read left to right. Google's reader
 * binds `in` looser than `==`, `!=` and `is`, and those looser than `<` `<=` `>` `>=`:
 * `1 in [1] == true` is `1 in ([1] == true)` (test/rules-grammar.test.ts).
 */
const LEVELS: readonly (readonly string[])[] = [
  ['||'],
  ['&&'],
  ['in'],
  ['==', '!=', 'is'],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

export class ExpressionParser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  protected peek(): Token {
    // The token list always ends with `eof`, and we never move past it.
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] as Token;
  }
  protected next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.index++;
    return token;
  }
  /** Where the last token read ends in the source. */
  protected lastEnd(): number {
    return (this.tokens[this.index - 1] as Token).end;
  }
  /** Whether the next token is this punctuation or word (never a string or a path). */
  protected at(text: string): boolean {
    const token = this.peek();
    return (token.kind === 'punct' || token.kind === 'ident') && token.text === text;
  }
  protected eat(text: string): boolean {
    if (!this.at(text)) return false;
    this.index++;
    return true;
  }
  protected fail(expected: string, token = this.peek()): never {
    const found = token.kind === 'eof' ? 'end of file' : `'${token.text}'`;
    throw syntaxError(`expected ${expected}, found ${found}`, token.pos);
  }
  protected expect(text: string): Token {
    const token = this.peek();
    if (!this.eat(text)) this.fail(`'${text}'`);
    return token;
  }
  protected name(what: string): Token {
    const token = this.peek();
    if (token.kind !== 'ident' || RESERVED.has(token.text)) this.fail(what);
    return this.next();
  }

  // Expressions: the ternary (right to left), the binary levels, unary ! -, then member access,
  // index, range and calls.

  expression(): Expr {
    const condition = this.binary(0);
    const pos = this.peek().pos;
    if (!this.eat('?')) return condition;
    const then = this.expression();
    this.expect(':');
    return { kind: 'ternary', condition, then, otherwise: this.expression(), pos };
  }

  private binary(level: number): Expr {
    const operators = LEVELS[level];
    if (operators === undefined) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.peek();
      if (!(token.kind === 'punct' || token.kind === 'ident') || !operators.includes(token.text)) return left;
      this.next();
      if (token.text === 'is') {
        const type = this.next();
        if (type.kind !== 'ident') this.fail('a type name', type);
        left = { kind: 'is', operand: left, typeName: type.text, typePos: type.pos, pos: token.pos };
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
          const args = this.items(')', () => this.expression());
          expr = { kind: 'method', object: expr, name: name.text, args, pos: name.pos };
        } else {
          expr = { kind: 'member', object: expr, name: name.text, pos: name.pos };
        }
      } else if (this.eat('[')) {
        const from = this.at(':') ? null : this.expression();
        const colon = this.peek();
        if (this.eat(':')) {
          const to = this.at(']') ? null : this.expression();
          expr = { kind: 'range', object: expr, from, to, pos: colon.pos };
        } else if (from) {
          expr = { kind: 'index', object: expr, index: from, pos: token.pos };
        }
        this.expect(']');
      } else {
        return expr;
      }
    }
  }

  /** Items separated by commas, a trailing one taken, through `close` (the opening is read already). */
  private items<T>(close: string, item: () => T): T[] {
    const items: T[] = [];
    while (!this.eat(close)) {
      items.push(item());
      if (!this.eat(',')) {
        this.expect(close);
        break;
      }
    }
    return items;
  }

  private entry(): [Expr, Expr] {
    const key = this.expression();
    this.expect(':');
    return [key, this.expression()];
  }

  /** A path literal from its first segment: the segments follow each other without a space. */
  private pathLiteral(first: Token): Expr {
    const parts: PathPart[] = [];
    for (let token = first; ; token = this.next()) {
      if (token.kind === 'segment') parts.push({ kind: 'text', text: token.text });
      else {
        parts.push({ kind: 'expr', expr: this.expression() });
        this.expect(')');
      }
      const next = this.peek().kind;
      if (next !== 'segment' && next !== 'interpolation') return { kind: 'path', parts, pos: first.pos };
    }
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
        return {
          kind: 'literal',
          value: { type: 'string', value: token.text },
          pos,
          ...(token.escape ? { escape: token.escape } : {}),
        };
      case 'bytes':
        return { kind: 'bytes', text: token.text, pos };
      case 'segment':
      case 'interpolation':
        return this.pathLiteral(token);
      case 'ident':
        if (token.text === 'true' || token.text === 'false')
          return { kind: 'literal', value: { type: 'bool', value: token.text === 'true' }, pos };
        if (token.text === 'null') return { kind: 'literal', value: { type: 'null' }, pos };
        if (RESERVED.has(token.text)) break;
        if (!this.eat('(')) return { kind: 'ident', name: token.text, pos };
        return { kind: 'call', name: token.text, args: this.items(')', () => this.expression()), pos };
      case 'punct':
        if (token.text === '(') {
          const inner = this.expression();
          this.expect(')');
          return inner;
        }
        if (token.text === '[') return { kind: 'list', items: this.items(']', () => this.expression()), pos };
        if (token.text === '{') return { kind: 'map', entries: this.items('}', () => this.entry()), pos };
        break;
      default:
        break;
    }
    return this.fail('an expression', token);
  }
}
