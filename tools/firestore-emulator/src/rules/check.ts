/**
 * Load-time checks: every called function must be declared where the call can see it, and what
 * the reader (reader/) reads but this module does not evaluate is refused at load time: version 1,
 * `{x=**}` before a path's end, path literals, bytes, ranges, `\x41` escapes, and the parts of the
 * Firestore rules library not implemented (`get()`, `math.abs()`, `request.query`, `diff()`, ...),
 * so a rule that uses them is never quietly evaluated as an error (and so as a denial).
 */
import { METHOD_NAMES } from './operators.js';
import { RulesError, type Expr, type FunctionDecl, type MatchBlock, type RulesFile } from './reader/index.js';
import { unsupported } from './reader/errors.js';
import { TYPE_NAMES } from './value.js';

/** Global namespaces of the Firestore rules library that we do not implement. */
const NAMESPACES = new Set(['math', 'duration', 'timestamp', 'hashing', 'latlng']);

/**
 * Global functions of the Firestore rules library that we do not implement, refused when called;
 * a function the rules declare under one of these names is theirs, as in Google's emulator.
 */
const BUILTINS = new Set('exists existsAfter get getAfter debug int float string bool path'.split(' '));

interface Scope {
  vars: Set<string>;
  functions: Map<string, FunctionDecl>;
  parent: Scope | null;
}

function bound(scope: Scope | null, name: string): boolean {
  return scope !== null && (scope.vars.has(name) || bound(scope.parent, name));
}

function findFunction(scope: Scope | null, name: string): FunctionDecl | undefined {
  return scope === null ? undefined : (scope.functions.get(name) ?? findFunction(scope.parent, name));
}

function childScope(parent: Scope | null, vars: string[], functions: FunctionDecl[]): Scope {
  return { vars: new Set(vars), functions: new Map(functions.map((f) => [f.name, f])), parent };
}

export function checkRules(file: RulesFile): void {
  // Version 1 reads `{x=**}` differently; refuse rather than guess.
  if (file.version === null) throw unsupported("rules without rules_version = '2'", file.start);
  if (file.version.value !== '2') throw unsupported(`rules_version '${file.version.value}'`, file.version.pos);
  const root = childScope(null, ['request', 'resource'], file.functions);
  for (const fn of file.functions) checkFunction(fn, root);
  for (const match of file.matches) checkMatch(match, root);
}

function checkMatch(match: MatchBlock, parent: Scope): void {
  for (const segment of match.pattern.slice(0, -1))
    if (segment.kind === 'rest') throw unsupported(`{${segment.name}=**} before the end of a match path`, segment.pos);
  const wildcards = match.pattern.flatMap((segment) => (segment.kind === 'literal' ? [] : [segment.name]));
  const scope = childScope(parent, wildcards, match.functions);
  for (const fn of match.functions) checkFunction(fn, scope);
  for (const allow of match.allows) if (allow.condition) checkExpr(allow.condition, scope);
  for (const child of match.matches) checkMatch(child, scope);
}

function checkFunction(fn: FunctionDecl, parent: Scope): void {
  const scope = childScope(parent, [...fn.params, ...fn.lets.map((l) => l.name)], []);
  for (const binding of fn.lets) checkExpr(binding.value, scope);
  checkExpr(fn.body, scope);
}

function checkExpr(expr: Expr, scope: Scope): void {
  const visit = (e: Expr): void => checkExpr(e, scope);
  switch (expr.kind) {
    case 'literal':
      if (expr.escape) throw unsupported(`string escape '${expr.escape.text}'`, expr.escape.pos);
      return;
    case 'bytes':
      throw unsupported('bytes literal', expr.pos);
    // `/databases/$(database)/documents/...` only serves get() and exists(), which we lack.
    case 'path':
      throw unsupported('path literal', expr.pos);
    case 'range':
      throw unsupported('range index a[i:j]', expr.pos);
    case 'ident':
      if (NAMESPACES.has(expr.name) && !bound(scope, expr.name)) throw unsupported(expr.name, expr.pos);
      return;
    case 'member':
      if (expr.object.kind === 'ident' && NAMESPACES.has(expr.object.name) && !bound(scope, expr.object.name)) {
        throw unsupported(`${expr.object.name}.${expr.name}`, expr.object.pos);
      }
      // Query constraints (limit, orderBy) are not modelled: list rules are checked per collection.
      if (expr.object.kind === 'ident' && expr.object.name === 'request' && expr.name === 'query') {
        throw unsupported('request.query', expr.object.pos);
      }
      return visit(expr.object);
    case 'method':
      if (expr.object.kind === 'ident' && NAMESPACES.has(expr.object.name) && !bound(scope, expr.object.name)) {
        throw unsupported(`${expr.object.name}.${expr.name}()`, expr.object.pos);
      }
      visit(expr.object); // first, so the leftmost unsupported method is the one reported
      if (!METHOD_NAMES.has(expr.name)) throw unsupported(`${expr.name}()`, expr.pos);
      return expr.args.forEach(visit);
    case 'call': {
      const fn = findFunction(scope, expr.name);
      if (!fn && BUILTINS.has(expr.name)) throw unsupported(`${expr.name}()`, expr.pos);
      if (!fn) throw new RulesError(`Undefined function at ${expr.pos.line}:${expr.pos.col}: ${expr.name}()`, expr.pos);
      if (fn.params.length !== expr.args.length) {
        const where = `${expr.pos.line}:${expr.pos.col}`;
        throw new RulesError(
          `Wrong number of arguments at ${where}: ${expr.name}() takes ${fn.params.length}, got ${expr.args.length}`,
          expr.pos,
        );
      }
      return expr.args.forEach(visit);
    }
    case 'unary':
      return visit(expr.operand);
    case 'is':
      visit(expr.operand);
      if (!TYPE_NAMES.has(expr.typeName)) throw unsupported(`is ${expr.typeName}`, expr.typePos);
      return;
    case 'binary':
      visit(expr.left);
      return visit(expr.right);
    case 'ternary':
      visit(expr.condition);
      visit(expr.then);
      return visit(expr.otherwise);
    case 'list':
      return expr.items.forEach(visit);
    case 'map':
      return expr.entries.forEach(([key, value]) => {
        visit(key);
        visit(value);
      });
  }
}
