/**
 * The expression half of the parser, beneath the statements (parser.ts): moving over the tokens,
 * and expressions by precedence climbing, from the ternary down to literals, calls and member
 * access. It accepts only the subset the evaluator implements.
 */
import { syntaxError, unsupported } from './errors.js';
import type { Token } from './lexer.js';
import type { BinaryOp, Expr } from './syntax.js';
import { NULL, TYPE_NAMES, bool, str } from './value.js';

/** Words that cannot name a variable or function. */
const RESERVED = new Set(['if', 'allow', 'match', 'function', 'return', 'let', 'in', 'is', 'true', 'false', 'null']);

const RELATIONS = new Set(['==', '!=', '<', '<=', '>', '>=']);

/**
 * Global functions of the Firestore rules library that we do not implement. Refused at the
 * name, before their arguments (often path literals, which we lack too), and never shadowed.
 */
const BUILTINS = new Set('exists existsAfter get getAfter debug int float string bool path'.split(' '));

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
    if (level === ExpressionParser.LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.peek();
      const isRelation = level === 2 && (RELATIONS.has(token.text) || token.text === 'in' || token.text === 'is');
      const operators = ExpressionParser.LEVELS[level] ?? [];
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
