/**
 * The static half of the check of the shared project's rules (docs/deploying.md, step 0). The
 * probe (@dayfocus/stack/companion-rules) asks an emulator about the documents it thinks of, so a
 * condition keyed on anything else (a field's type, the id's shape, a required key) passes it and
 * still lets a client in with a document of her own making. This reads the rules instead
 * (rules-syntax.ts): every `allow` whose match can bind a document of one of our collections, or
 * one below it, must have a condition that is `false`, written so or folded to it (`… && false`, a
 * function returning `false`). What a condition would say of a document is never asked.
 */
import {
  readRules,
  refused,
  type Block,
  type FunctionDecl,
  type Match,
  type Segment,
  type Token,
} from './rules-syntax.js';

/** Where functions are looked up: a block's own, then its parents'. */
interface Scope {
  functions: Map<string, { decl: FunctionDecl; scope: Scope }>;
  parent: Scope | null;
}

/** The scope of `block`'s functions, whose calls are checked in it (`checkCalls`). */
function scopeOf(block: Block, parent: Scope | null): Scope {
  const scope: Scope = { functions: new Map(), parent };
  for (const decl of block.functions) scope.functions.set(decl.name, { decl, scope });
  for (const { lets, body } of block.functions) for (const tokens of [...lets, body]) checkCalls(tokens, scope);
  return scope;
}

function lookUp(scope: Scope | null, name: string): { decl: FunctionDecl; scope: Scope } | undefined {
  return scope === null ? undefined : (scope.functions.get(name) ?? lookUp(scope.parent, name));
}

/** The calls in `tokens` (`f(…)`, not a method's `x.f(…)`): each name, with its number of arguments. */
function callsIn(tokens: Token[]): { name: Token; args: number }[] {
  return tokens.flatMap((name, i) => {
    if (name.kind !== 'word' || tokens[i + 1]?.text !== '(' || tokens[i - 1]?.text === '.') return [];
    let depth = 0;
    let args = tokens[i + 2]?.text === ')' ? 0 : 1;
    for (const token of tokens.slice(i + 1)) {
      if (token.kind !== 'punct') continue;
      if ('([{'.includes(token.text)) depth++;
      else if (')]}'.includes(token.text) && --depth === 0) break;
      else if (token.text === ',' && depth === 1) args++;
    }
    return [{ name, args }];
  });
}

/**
 * Refuses a call of a function the rules declare with another number of arguments than it takes:
 * Firestore refuses such a file, so the folding (`isFalse`) must not read the call as one of it.
 */
function checkCalls(tokens: Token[], scope: Scope): void {
  for (const { name, args } of callsIn(tokens)) {
    const params = lookUp(scope, name.text)?.decl.params;
    if (params !== undefined && params !== args)
      throw refused(`${name.text}() takes ${params} argument${params === 1 ? '' : 's'}, called with ${args}`, name);
  }
}

/** The tokens at bracket depth 0 split at `operator`. */
function splitAt(tokens: Token[], operator: string): Token[][] {
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'punct' && '([{'.includes(token.text)) depth++;
    if (token.kind === 'punct' && ')]}'.includes(token.text)) depth--;
    if (depth === 0 && token.kind === 'punct' && token.text === operator) parts.push([]);
    else parts.at(-1)?.push(token);
  }
  return parts;
}

/** Whether the closing bracket of the token at `from` is the last token. */
function closesAtEnd(tokens: Token[], from: number): boolean {
  let depth = 0;
  for (let i = from; i < tokens.length; i++) {
    const text = (tokens[i] as Token).text;
    if ((tokens[i] as Token).kind !== 'punct') continue;
    if ('([{'.includes(text)) depth++;
    if (')]}'.includes(text) && --depth === 0) return i === tokens.length - 1;
  }
  return false;
}

/**
 * Whether a condition is `false` whatever the request: `false`, in parentheses, a conjunction
 * with a false part (an error in the other part denies too), a disjunction of false parts, or a
 * call of a function the rules declare whose `return` is so. Anything else (a ternary, `!true`)
 * is not folded, and so counts as possibly true.
 */
function isFalse(tokens: Token[], scope: Scope | null, depth = 0): boolean {
  let inner = tokens;
  while (inner[0]?.text === '(' && inner[0].kind === 'punct' && closesAtEnd(inner, 0)) inner = inner.slice(1, -1);
  if (inner.length === 1) return inner[0]?.kind === 'word' && inner[0].text === 'false';
  if (depth > 32 || splitAt(inner, '?').length > 1) return false;
  const disjuncts = splitAt(inner, '||');
  if (disjuncts.length > 1) return disjuncts.every((part) => isFalse(part, scope, depth + 1));
  const conjuncts = splitAt(inner, '&&');
  if (conjuncts.length > 1) return conjuncts.some((part) => isFalse(part, scope, depth + 1));
  const [name, paren] = inner;
  if (name?.kind !== 'word' || paren?.text !== '(' || !closesAtEnd(inner, 1)) return false;
  const called = lookUp(scope, name.text);
  return called !== undefined && isFalse(called.decl.body, called.scope, depth + 1);
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
  const service = readRules(rules);
  const found: BindingAllow[] = [];
  const visit = (match: Match, outer: { path: string; segments: Segment[] }, parent: Scope) => {
    const path = outer.path + match.path;
    const segments = [...outer.segments, ...match.segments];
    const scope = scopeOf(match, parent);
    for (const { condition } of match.allows) if (condition) checkCalls(condition, scope);
    const bound = collections.filter((collection) => binds(segments, collection));
    if (bound.length > 0)
      for (const { statement, line, condition } of match.allows)
        if (condition === null || !isFalse(condition, scope))
          found.push({ statement, line, match: path, collections: bound });
    for (const child of match.matches) visit(child, { path, segments }, scope);
  };
  const top = scopeOf(service, null);
  for (const match of service.matches) visit(match, { path: '', segments: [] }, top);
  return found;
}
