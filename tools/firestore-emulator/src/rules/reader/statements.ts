/**
 * The statements of a rules file (rules_version, the service, match, function with let, allow),
 * above the expressions (expressions.ts). What the language has is read, whether or not the
 * emulator evaluates it; what it does not have stops with a syntax error at its line:column.
 */
import { syntaxError, unsupported, type Position } from './errors.js';
import { ExpressionParser } from './expressions.js';
import { tokenize, type Token } from './lexer.js';
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

/** A literal segment of a match path: the characters Google takes in one, but `*`, whose meaning there is unknown. */
const LITERAL_SEGMENT = /^[\w\-.~@:+'&]+$/;

/** The syntax tree of `source`; throws RulesError at the first thing the language does not have. */
export function readRules(source: string): RulesFile {
  return new Statements(tokenize(source), source).file();
}

class Statements extends ExpressionParser {
  constructor(
    tokens: Token[],
    private readonly source: string,
  ) {
    super(tokens);
  }

  file(): RulesFile {
    const start = this.peek().pos;
    let version: RulesFile['version'] = null;
    if (this.eat('rules_version')) {
      this.expect('=');
      const token = this.peek();
      if (token.kind !== 'string') this.fail('a version string');
      if (token.text !== '1' && token.text !== '2') throw unsupported(`rules_version '${token.text}'`, token.pos);
      version = { value: token.text, pos: token.pos };
      this.next();
      this.eat(';');
    }
    this.expect('service');
    const name = this.name('a service name');
    let service = name.text;
    while (this.eat('.')) service += `.${this.name('a service name').text}`;
    if (service !== 'cloud.firestore') throw unsupported(`service ${service} is not cloud.firestore`, name.pos);
    this.expect('{');
    const { functions, matches } = this.block(false);
    this.expect('}');
    if (this.peek().kind !== 'eof') this.fail('end of file');
    return { version, start, functions, matches };
  }

  /** The statements of the service body or of a match block, up to the closing brace. */
  private block(inMatch: boolean): Body {
    const body: Body = { functions: [], allows: [], matches: [] };
    while (!this.at('}')) {
      const token = this.peek();
      if (this.eat('match')) body.matches.push(this.match(token.pos));
      else if (this.eat('function')) body.functions.push(this.functionDecl(token.pos, body.functions));
      else if (inMatch && this.eat('allow')) body.allows.push(this.allow(token));
      else if (token.kind === 'eof') this.fail("'}'");
      else if (this.at('allow')) throw syntaxError('allow outside a match block', token.pos);
      else this.fail("'match', 'function' or 'allow'");
    }
    return body;
  }

  private match(pos: Position): MatchBlock {
    const token = this.next();
    if (token.kind !== 'path') throw syntaxError('expected a path after match', token.pos);
    let offset = 1;
    const pattern = token.text
      .slice(1)
      .split('/')
      .map((part): Segment => {
        const at = { line: token.pos.line, col: token.pos.col + offset };
        offset += part.length + 1;
        const wildcard = /^\{([A-Za-z_]\w*)(=\*\*)?\}$/.exec(part);
        if (wildcard?.[1] !== undefined) return { kind: wildcard[2] ? 'rest' : 'wildcard', name: wildcard[1], pos: at };
        if (!LITERAL_SEGMENT.test(part)) throw unsupported(`path segment ${part}`, at);
        return { kind: 'literal', text: part, pos: at };
      });
    this.expect('{');
    const body = this.block(true);
    this.expect('}');
    return { text: token.text, pattern, pos, ...body };
  }

  /** `allow read, write: if …`; the `;` after it may be left out, as Google's reader lets it. */
  private allow(first: Token): Allow {
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
    const statement = this.source.slice(first.start, this.lastEnd()).replace(/\s+/g, ' ');
    this.eat(';');
    return { label: `allow ${names.join(', ')}`, statement, methods, condition, pos: first.pos };
  }

  /** Firestore refuses a name declared twice in one block, whatever the parameters. */
  private functionDecl(pos: Position, declared: readonly FunctionDecl[]): FunctionDecl {
    const token = this.name('a function name');
    const name = token.text;
    if (declared.some((other) => other.name === name))
      throw syntaxError(`function ${name}() is declared twice in one block, which Firestore refuses`, token.pos);
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
    return { name, namePos: token.pos, params, lets, body, pos };
  }
}
