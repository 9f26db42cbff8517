/**
 * The parser: tokens to a syntax tree. It accepts only the subset the evaluator implements;
 * anything else stops with a syntax error or an "unsupported construct" error at its
 * line:column. This file parses the statements (service, match, function, allow),
 * expressions.ts the expressions; the tree's types are in syntax.ts. Checks that need scopes
 * (undefined functions, library namespaces we lack) are in check.ts.
 */
import { RulesError, syntaxError, unsupported, type Position } from './errors.js';
import { ExpressionParser } from './expressions.js';
import { tokenize } from './lexer.js';
import type { Allow, Expr, FunctionDecl, MatchBlock, RulesFile, RulesMethod, Segment } from './syntax.js';

type Body = Pick<MatchBlock, 'functions' | 'allows' | 'matches'>;

const METHOD_GROUPS: Record<string, RulesMethod[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

export function parseRules(source: string): RulesFile {
  return new Parser(tokenize(source)).file();
}

class Parser extends ExpressionParser {
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
      else if (this.eat('function')) body.functions.push(this.functionDecl(token.pos, body.functions));
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

  /** Production refuses a name declared twice in one block, whatever the parameters; scopes would keep the last. */
  private functionDecl(pos: Position, declared: readonly FunctionDecl[]): FunctionDecl {
    const token = this.name('a function name');
    const name = token.text;
    if (declared.some((other) => other.name === name)) {
      const where = `${token.pos.line}:${token.pos.col}`;
      throw new RulesError(`Function already defined at ${where}: ${name}()`, token.pos);
    }
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
}
