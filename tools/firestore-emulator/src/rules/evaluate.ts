/**
 * The evaluator: which match blocks apply to a request, and whether any of their `allow`
 * statements for the request's method holds.
 *
 * An error while evaluating a condition (a missing field, a type mismatch, an unknown
 * variable) is an EvalError; it makes that one `allow` false, never the whole request, and
 * `||` / `&&` tolerate it on one side when the other side decides (`error || true` is true,
 * `error && false` is false), as Firestore documents.
 */
import { EvalError } from './errors.js';
import { asBool, asString, binary, callMethod, field } from './operators.js';
import type { Allow, Expr, FunctionDecl, MatchBlock, RulesFile, Segment } from './reader/index.js';
import { NULL, bool, checkedInt, describe, isType, list, path, str, type RulesValue } from './value.js';

/** A variable is a thunk: `let` bindings are evaluated on first use, unavailable values throw. */
export type Binding = () => RulesValue;

export interface Scope {
  vars: Map<string, Binding>;
  functions: Map<string, FunctionDecl>;
  parent: Scope | null;
}

/** An allow statement of a matching block, with the scope (wildcards, functions) it sees. */
export interface Candidate {
  allow: Allow;
  match: MatchBlock;
  scope: Scope;
}

/** Firestore's limit on nested function calls; it also stops recursion. */
const MAX_CALL_DEPTH = 20;

/**
 * The placeholder document id a `list` request is matched with (`Users` is matched as
 * `Users/<placeholder>`). Real document ids are never empty, so it cannot be confused with one;
 * a wildcard that captures it is unavailable, and reading it is an error.
 */
export const LIST_PLACEHOLDER = '';

/** Every allow statement of every block whose full path matches `segments` exactly. */
export function matchingAllows(file: RulesFile, root: Scope, segments: string[]): Candidate[] {
  const found: Candidate[] = [];
  const visit = (match: MatchBlock, start: number, parent: Scope): void => {
    for (const { end, vars } of matchPattern(match.pattern, segments, start)) {
      const scope: Scope = { vars, functions: new Map(match.functions.map((f) => [f.name, f])), parent };
      if (end === segments.length) for (const allow of match.allows) found.push({ allow, match, scope });
      for (const child of match.matches) visit(child, end, scope);
    }
  };
  for (const match of file.matches) visit(match, 0, root);
  return found;
}

type PatternMatch = { end: number; vars: Map<string, Binding> };

/** The ways `pattern` matches a prefix of `segments[start..]`: the end index and the bindings. */
function matchPattern(pattern: Segment[], segments: string[], start: number): PatternMatch[] {
  const vars = new Map<string, Binding>();
  let at = start;
  for (const segment of pattern) {
    if (segment.kind === 'rest') {
      // The parser keeps `{x=**}` last; it takes zero or more of the remaining segments.
      const results = [];
      for (let end = at; end <= segments.length; end++) {
        const captured = segments.slice(at, end);
        const binding = captured.includes(LIST_PLACEHOLDER) ? unavailable(segment.name) : constant(path(captured));
        results.push({ end, vars: new Map([...vars, [segment.name, binding]]) });
      }
      return results;
    }
    const actual = segments[at];
    if (actual === undefined) return [];
    if (segment.kind === 'literal') {
      if (segment.text !== actual) return [];
    } else {
      vars.set(segment.name, actual === LIST_PLACEHOLDER ? unavailable(segment.name) : constant(str(actual)));
    }
    at++;
  }
  return [{ end: at, vars }];
}

export function unavailable(name: string): Binding {
  return () => {
    throw new EvalError(`${name} is not available for list requests`);
  };
}

export class Evaluator {
  private depth = 0;

  evaluate(expr: Expr, scope: Scope): RulesValue {
    switch (expr.kind) {
      case 'literal':
        return expr.value;
      case 'ident':
        return lookup(scope, expr.name)();
      case 'member':
        return field(this.evaluate(expr.object, scope), expr.name);
      case 'index':
        return this.index(this.evaluate(expr.object, scope), this.evaluate(expr.index, scope));
      case 'call':
        return this.call(expr.name, expr.args, scope);
      case 'method': {
        const args = expr.args.map((arg) => this.evaluate(arg, scope));
        return callMethod(this.evaluate(expr.object, scope), expr.name, args);
      }
      case 'unary': {
        const operand = this.evaluate(expr.operand, scope);
        if (expr.op === '!') return bool(!asBool(operand));
        if (operand.type === 'int') return checkedInt(-operand.value);
        if (operand.type === 'float') return { type: 'float', value: -operand.value };
        throw new EvalError(`cannot negate ${describe(operand)}`);
      }
      case 'is':
        return bool(isType(this.evaluate(expr.operand, scope), expr.typeName));
      case 'ternary':
        return this.evaluate(asBool(this.evaluate(expr.condition, scope)) ? expr.then : expr.otherwise, scope);
      case 'list':
        return list(expr.items.map((item) => this.evaluate(item, scope)));
      case 'map': {
        const entries = new Map<string, RulesValue>();
        for (const [key, value] of expr.entries) {
          entries.set(asString(this.evaluate(key, scope)), this.evaluate(value, scope));
        }
        return { type: 'map', entries };
      }
      case 'binary':
        if (expr.op === '||' || expr.op === '&&') return this.logical(expr.op, expr.left, expr.right, scope);
        return binary(expr.op, this.evaluate(expr.left, scope), this.evaluate(expr.right, scope));
      case 'bytes':
      case 'path':
      case 'range':
        // check.ts refuses them at load: rules that reach here were not checked.
        throw new Error(`unchecked rules: ${expr.kind} at ${expr.pos.line}:${expr.pos.col}`);
    }
  }

  /**
   * `a || b`: true if either side is true, even if the other side fails; otherwise the first
   * error, or false. `a && b` likewise with false. The right side is skipped when the left decides.
   */
  private logical(op: '||' | '&&', left: Expr, right: Expr, scope: Scope): RulesValue {
    const decisive = op === '||';
    const attempt = (e: Expr): boolean | EvalError => {
      try {
        return asBool(this.evaluate(e, scope));
      } catch (error) {
        if (error instanceof EvalError) return error;
        throw error;
      }
    };
    const a = attempt(left);
    if (a === decisive) return bool(decisive);
    const b = attempt(right);
    if (b === decisive) return bool(decisive);
    if (a instanceof EvalError) throw a;
    if (b instanceof EvalError) throw b;
    return bool(!decisive);
  }

  private call(name: string, args: Expr[], scope: Scope): RulesValue {
    const found = lookupFunction(scope, name);
    if (!found) throw new EvalError(`unknown function ${name}()`);
    const [fn, declaredIn] = found;
    const values = args.map((arg) => this.evaluate(arg, scope));
    if (this.depth >= MAX_CALL_DEPTH) throw new EvalError(`function calls nested deeper than ${MAX_CALL_DEPTH}`);
    // A function sees its parameters, its lets and what is visible where it is declared.
    const vars = new Map<string, Binding>(fn.params.map((param, i) => [param, constant(values[i] ?? NULL)]));
    let body: Scope = { vars, functions: new Map(), parent: declaredIn };
    // Each let sees the parameters and the lets before it (so `let a = a;` cannot loop).
    for (const { name: letName, value } of fn.lets) {
      body = { vars: new Map([[letName, this.lazy(value, body)]]), functions: new Map(), parent: body };
    }
    this.depth++;
    try {
      return this.evaluate(fn.body, body);
    } finally {
      this.depth--;
    }
  }

  private lazy(expr: Expr, scope: Scope): Binding {
    let value: RulesValue | undefined;
    return () => (value ??= this.evaluate(expr, scope));
  }

  private index(object: RulesValue, key: RulesValue): RulesValue {
    if (object.type === 'map') return field(object, asString(key));
    const items = object.type === 'list' ? object.items : object.type === 'path' ? object.segments.map(str) : null;
    if (items === null) throw new EvalError(`cannot index ${describe(object)}`);
    if (key.type !== 'int') throw new EvalError(`index ${describe(key)} is not an int`);
    const item = key.value >= 0n ? items[Number(key.value)] : undefined;
    if (item === undefined) throw new EvalError(`index ${key.value} out of range`);
    return item;
  }
}

export function constant(value: RulesValue): Binding {
  return () => value;
}

function lookup(scope: Scope | null, name: string): Binding {
  for (let s = scope; s; s = s.parent) {
    const binding = s.vars.get(name);
    if (binding) return binding;
  }
  throw new EvalError(`unknown variable ${name}`);
}

function lookupFunction(scope: Scope | null, name: string): [FunctionDecl, Scope] | undefined {
  for (let s = scope; s; s = s.parent) {
    const fn = s.functions.get(name);
    if (fn) return [fn, s];
  }
  return undefined;
}
