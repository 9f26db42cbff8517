/**
 * The static half of the check of the shared project's rules (docs/deploying.md, step 0). The
 * probe (@dayfocus/stack/companion-rules) asks an emulator about the documents it thinks of, so a
 * condition keyed on anything else (a field's type, the id's shape, a required key) passes it and
 * still lets a client in with a document of her own making. This reads the rules instead, with
 * the emulator's reader (@dayfocus/firestore-emulator/rules-reader, which reads what the emulator
 * does not evaluate too): every `allow` whose match can bind a document of one of our collections,
 * or one below it, must have a condition that is `false`, written so or folded to it (`… && false`,
 * a function returning `false`). What a condition would say of a document is never asked.
 */
import {
  RulesError,
  readRules,
  type Expr,
  type FunctionDecl,
  type MatchBlock,
  type Position,
  type RulesFile,
  type Segment,
} from '@dayfocus/firestore-emulator/rules-reader';

/** What the reading refuses, with where: `line 4:33: unterminated string`. */
export class RulesReadError extends Error {}

const refused = (what: string, { line, col }: Position) => new RulesReadError(`line ${line}:${col}: ${what}`);

/** The syntax tree of `rules` (the emulator's reader, which reads what it does not evaluate too). */
function read(rules: string): RulesFile {
  try {
    return readRules(rules);
  } catch (error) {
    if (error instanceof RulesError && error.position && error.detail) throw refused(error.detail, error.position);
    throw error;
  }
}

/**
 * The rules language's global functions and namespaces (firebase.google.com/docs/reference/rules, rules.firestore
 * too). Google's emulator calls a function of the rules named like one, but whether Firestore always does is a
 * guess the reading does not make.
 */
const BUILT_INS = new Set([
  ...'bool debug duration exists existsAfter firestore float get getAfter'.split(' '),
  ...'hashing int latlng math path string timestamp'.split(' '),
]);

/** Where functions are looked up: a block's own, then its parents'. */
interface Scope {
  functions: Map<string, { decl: FunctionDecl; scope: Scope }>;
  parent: Scope | null;
}

/** The scope of `functions`, a block's, whose calls are checked in it (`checkCalls`). */
function scopeOf(functions: FunctionDecl[], parent: Scope | null): Scope {
  const scope: Scope = { functions: new Map(), parent };
  for (const decl of functions) {
    if (BUILT_INS.has(decl.name))
      throw refused(`function ${decl.name}() is named like one of the rules language's own: rename it`, decl.namePos);
    scope.functions.set(decl.name, { decl, scope });
  }
  for (const { lets, body } of functions)
    for (const expr of [...lets.map(({ value }) => value), body]) checkCalls(expr, scope);
  return scope;
}

function lookUp(scope: Scope | null, name: string): { decl: FunctionDecl; scope: Scope } | undefined {
  return scope === null ? undefined : (scope.functions.get(name) ?? lookUp(scope.parent, name));
}

/** The expressions right inside `expr`. */
function inner(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'member':
      return [expr.object];
    case 'index':
      return [expr.object, expr.index];
    case 'range':
      return [expr.object, ...(expr.from ? [expr.from] : []), ...(expr.to ? [expr.to] : [])];
    case 'call':
      return expr.args;
    case 'method':
      return [expr.object, ...expr.args];
    case 'unary':
    case 'is':
      return [expr.operand];
    case 'binary':
      return [expr.left, expr.right];
    case 'ternary':
      return [expr.condition, expr.then, expr.otherwise];
    case 'list':
      return expr.items;
    case 'map':
      return expr.entries.flat();
    case 'path':
      return expr.parts.flatMap((part) => (part.kind === 'expr' ? [part.expr] : []));
    default:
      return [];
  }
}

/**
 * Refuses a call of a function the rules declare with another number of arguments than it takes:
 * Firestore refuses such a file, so the folding (`isFalse`) must not read the call as one of it.
 */
function checkCalls(expr: Expr, scope: Scope): void {
  if (expr.kind === 'call') {
    const params = lookUp(scope, expr.name)?.decl.params.length;
    const args = expr.args.length;
    if (params !== undefined && params !== args)
      throw refused(`${expr.name}() takes ${params} argument${params === 1 ? '' : 's'}, called with ${args}`, expr.pos);
  }
  for (const child of inner(expr)) checkCalls(child, scope);
}

/**
 * Whether a condition is `false` whatever the request: `false` (parentheses leave no trace in the
 * tree), a conjunction with a false part (an error in the other part denies too), a disjunction of
 * false parts, or a call of a function the rules declare whose `return` is so. Anything else (a
 * ternary, `!true`) is not folded, and so counts as possibly true.
 */
function isFalse(expr: Expr, scope: Scope | null, depth = 0): boolean {
  if (depth > 32) return false;
  switch (expr.kind) {
    case 'literal':
      return expr.value.type === 'bool' && !expr.value.value;
    case 'binary':
      if (expr.op === '||') return isFalse(expr.left, scope, depth + 1) && isFalse(expr.right, scope, depth + 1);
      if (expr.op === '&&') return isFalse(expr.left, scope, depth + 1) || isFalse(expr.right, scope, depth + 1);
      return false;
    case 'call': {
      const called = lookUp(scope, expr.name);
      return called !== undefined && isFalse(called.decl.body, called.scope, depth + 1);
    }
    default:
      return false;
  }
}

/**
 * The document paths of one collection of ours, as a machine over a path's segments:
 * `databases/{database}/documents/{collection}/{id}`, and any pairs of segments below it.
 */
const DOCUMENTS = 5;
function edges(state: number, collection: string): { to: number; accepts: (segment: string) => boolean }[] {
  const any = () => true;
  const exactly = (text: string) => (segment: string) => segment === text;
  const table: Record<number, [number, (segment: string) => boolean][]> = {
    0: [[1, exactly('databases')]],
    1: [[2, any]],
    2: [[3, exactly('documents')]],
    3: [[4, exactly(collection)]],
    4: [[5, any]],
    5: [[6, any]],
    6: [[5, any]],
  };
  return (table[state] ?? []).map(([to, accepts]) => ({ to, accepts }));
}

/**
 * Whether a match path can bind a document of `collection` or one below it. A recursive wildcard
 * is taken as zero segments or more (rules version 2; version 1's one or more binds no more).
 */
function binds(segments: Segment[], collection: string): boolean {
  let states = new Set([0]);
  for (const segment of segments) {
    const next = new Set<number>();
    if (segment.kind === 'rest') {
      const reached = [...states];
      for (const state of reached) {
        next.add(state);
        for (const { to } of edges(state, collection)) if (!next.has(to)) reached.push(to);
      }
    } else
      for (const state of states)
        for (const { to, accepts } of edges(state, collection))
          if (segment.kind === 'wildcard' || accepts(segment.text)) next.add(to);
    states = next;
  }
  return states.has(DOCUMENTS);
}

/** An `allow` that can bind a collection of ours, with a condition that is not `false`. */
export interface BindingAllow {
  statement: string;
  line: number;
  /** The match path it sits under, the enclosing matches' joined: `/databases/{database}/documents/{c}/{d}`. */
  match: string;
  collections: string[];
}

/**
 * Every `allow` of `rules` that can bind a document of one of `collections` (or one below it)
 * with a condition that is not `false`; `[]`: none. Throws RulesReadError on what it cannot read.
 */
export function allowsBindingOurs(rules: string, collections: readonly string[]): BindingAllow[] {
  const service = read(rules);
  const found: BindingAllow[] = [];
  const visit = (match: MatchBlock, outer: { path: string; segments: Segment[] }, parent: Scope) => {
    const path = outer.path + match.text;
    const segments = [...outer.segments, ...match.pattern];
    const scope = scopeOf(match.functions, parent);
    for (const { condition } of match.allows) if (condition) checkCalls(condition, scope);
    const bound = collections.filter((collection) => binds(segments, collection));
    if (bound.length > 0)
      for (const { statement, pos, condition } of match.allows)
        if (condition === null || !isFalse(condition, scope))
          found.push({ statement, line: pos.line, match: path, collections: bound });
    for (const child of match.matches) visit(child, { path, segments }, scope);
  };
  const top = scopeOf(service.functions, null);
  for (const match of service.matches) visit(match, { path: '', segments: [] }, top);
  return found;
}
