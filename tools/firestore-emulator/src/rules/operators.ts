/**
 * The operators and methods of the rules language on values: comparison, arithmetic, `in`,
 * field access, and the methods of strings, lists and maps (check.ts refuses other names).
 * Each throws an EvalError where the value's type does not fit.
 */
import { EvalError } from './errors.js';
import type { BinaryOp } from './reader/index.js';
import { NULL, bool, checkedInt, describe, equals, int, list, numeric, str, type RulesValue } from './value.js';

export function field(object: RulesValue, name: string): RulesValue {
  if (object.type !== 'map') throw new EvalError(`cannot read .${name} of ${describe(object)}`);
  const value = object.entries.get(name);
  if (value === undefined) throw new EvalError(`no field ${JSON.stringify(name)}`);
  return value;
}

/** The value if it has the given type; otherwise an evaluation error. */
export function as<T extends RulesValue['type']>(value: RulesValue, type: T): Extract<RulesValue, { type: T }> {
  if (value.type !== type) throw new EvalError(`${describe(value)} is not a ${type}`);
  return value as Extract<RulesValue, { type: T }>;
}

export const asBool = (value: RulesValue): boolean => as(value, 'bool').value;
export const asString = (value: RulesValue): string => as(value, 'string').value;

export function binary(op: Exclude<BinaryOp, '||' | '&&'>, a: RulesValue, b: RulesValue): RulesValue {
  switch (op) {
    case '==':
      return bool(equals(a, b));
    case '!=':
      return bool(!equals(a, b));
    case 'in':
      if (b.type === 'map') return bool(b.entries.has(asString(a)));
      if (b.type === 'list') return bool(b.items.some((item) => equals(item, a)));
      throw new EvalError(`cannot use 'in' on ${describe(b)}`);
    case '<':
      return bool(compare(a, b) < 0);
    case '<=':
      return bool(compare(a, b) <= 0);
    case '>':
      return bool(compare(a, b) > 0);
    case '>=':
      return bool(compare(a, b) >= 0);
    default:
      return arithmetic(op, a, b);
  }
}

/** Ordering is defined between numbers, between strings and between timestamps; else an error. */
function compare(a: RulesValue, b: RulesValue): number {
  if (a.type === 'int' && b.type === 'int') return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== undefined && nb !== undefined) return na < nb ? -1 : na > nb ? 1 : 0;
  if (a.type === 'string' && b.type === 'string') return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
  if (a.type === 'timestamp' && b.type === 'timestamp') {
    if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
    return a.nanos - b.nanos;
  }
  throw new EvalError(`cannot compare ${describe(a)} with ${describe(b)}`);
}

function arithmetic(op: '+' | '-' | '*' | '/' | '%', a: RulesValue, b: RulesValue): RulesValue {
  if (op === '+' && a.type === 'string' && b.type === 'string') return str(a.value + b.value);
  if (op === '+' && a.type === 'list' && b.type === 'list') return list([...a.items, ...b.items]);
  if (a.type === 'int' && b.type === 'int') {
    if ((op === '/' || op === '%') && b.value === 0n) throw new EvalError('division by zero');
    // BigInt division and remainder truncate toward zero, as int64 arithmetic does.
    const results = { '+': a.value + b.value, '-': a.value - b.value, '*': a.value * b.value };
    return checkedInt(op === '/' ? a.value / b.value : op === '%' ? a.value % b.value : results[op]);
  }
  const x = numeric(a);
  const y = numeric(b);
  if (x === undefined || y === undefined)
    throw new EvalError(`cannot apply ${op} to ${describe(a)} and ${describe(b)}`);
  const value = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : op === '/' ? x / y : x % y;
  return { type: 'float', value };
}

type Method = (self: RulesValue, a: RulesValue, b: RulesValue) => RulesValue;

/** Methods by receiver type: arity and implementation. check.ts refuses other names at load time. */
const METHODS: Record<string, Record<string, [number, Method]>> = {
  string: {
    size: [0, (s) => int(BigInt([...asString(s)].length))],
    lower: [0, (s) => str(asString(s).toLowerCase())],
    upper: [0, (s) => str(asString(s).toUpperCase())],
    trim: [0, (s) => str(asString(s).trim())],
    split: [1, (s, sep) => list(asString(s).split(asString(sep)).map(str))],
    matches: [1, (s, re) => bool(fullMatch(asString(s), asString(re)))],
  },
  list: {
    size: [0, (l) => int(BigInt(as(l, 'list').items.length))],
    hasAny: [1, (l, other) => bool(as(other, 'list').items.some((x) => contains(l, x)))],
    hasAll: [1, (l, other) => bool(as(other, 'list').items.every((x) => contains(l, x)))],
    hasOnly: [1, (l, other) => bool(as(l, 'list').items.every((x) => contains(other, x)))],
  },
  map: {
    size: [0, (m) => int(BigInt(as(m, 'map').entries.size))],
    keys: [0, (m) => list([...as(m, 'map').entries.keys()].map(str))],
    values: [0, (m) => list([...as(m, 'map').entries.values()])],
    get: [2, mapGet],
  },
  timestamp: {
    toMillis: [0, (t) => int(as(t, 'timestamp').seconds * 1000n + BigInt(Math.floor(as(t, 'timestamp').nanos / 1e6)))],
  },
};

export const METHOD_NAMES: ReadonlySet<string> = new Set(
  Object.values(METHODS).flatMap((byName) => Object.keys(byName)),
);

export function callMethod(receiver: RulesValue, name: string, args: RulesValue[]): RulesValue {
  const method = METHODS[receiver.type]?.[name];
  if (!method) throw new EvalError(`${describe(receiver)} has no method ${name}()`);
  const [arity, fn] = method;
  if (args.length !== arity) throw new EvalError(`${name}() takes ${arity} argument(s), got ${args.length}`);
  return fn(receiver, args[0] ?? NULL, args[1] ?? NULL);
}

function contains(container: RulesValue, item: RulesValue): boolean {
  return as(container, 'list').items.some((x) => equals(x, item));
}

/** `map.get(key, default)`: the key may be a list of keys, to reach into nested maps. */
function mapGet(receiver: RulesValue, key: RulesValue, fallback: RulesValue): RulesValue {
  const keys = key.type === 'list' ? key.items.map(asString) : [asString(key)];
  let current = receiver;
  for (const k of keys) {
    const next = current.type === 'map' ? current.entries.get(k) : undefined;
    if (next === undefined) return fallback;
    current = next;
  }
  return current;
}

/**
 * `matches()` must match the whole string. Firestore uses RE2 syntax; JavaScript's RegExp agrees
 * on the common subset (classes, quantifiers, groups, anchors), which is what rules use.
 */
function fullMatch(text: string, pattern: string): boolean {
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${pattern})$`);
  } catch {
    throw new EvalError(`invalid regular expression ${JSON.stringify(pattern)}`);
  }
  return regex.test(text);
}
