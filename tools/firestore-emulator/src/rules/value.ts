/**
 * Values as the rules language sees them. Integers and floats stay distinct types (`1 is int`,
 * `1.0 is float`) though they compare equal, as in Firestore; integers are BigInt so int64
 * fields keep their precision. Document fields arrive as Firestore proto values and are
 * converted here; the auth token arrives as plain JSON.
 */
import type { Value } from '../proto.js';
import { kindOf } from '../values.js';
import { EvalError } from './errors.js';

export type RulesValue =
  | { type: 'null' }
  | { type: 'bool'; value: boolean }
  | { type: 'int'; value: bigint }
  | { type: 'float'; value: number }
  | { type: 'string'; value: string }
  | { type: 'bytes'; value: Uint8Array }
  | { type: 'timestamp'; seconds: bigint; nanos: number }
  | { type: 'latlng'; lat: number; lng: number }
  | { type: 'path'; segments: string[] }
  | { type: 'list'; items: RulesValue[] }
  | { type: 'map'; entries: Map<string, RulesValue> };

/** The type names `x is <type>` accepts; `number` is int or float. */
export const TYPE_NAMES: ReadonlySet<string> = new Set([
  'null',
  'bool',
  'int',
  'float',
  'number',
  'string',
  'bytes',
  'timestamp',
  'latlng',
  'path',
  'list',
  'map',
]);

export const NULL: RulesValue = { type: 'null' };
export const bool = (value: boolean): RulesValue => ({ type: 'bool', value });
export const str = (value: string): RulesValue => ({ type: 'string', value });
export const int = (value: bigint): RulesValue => ({ type: 'int', value });
export const list = (items: RulesValue[]): RulesValue => ({ type: 'list', items });
export const path = (segments: string[]): RulesValue => ({ type: 'path', segments });

export function map(entries: Record<string, RulesValue>): RulesValue {
  return { type: 'map', entries: new Map(Object.entries(entries)) };
}

export function isType(value: RulesValue, name: string): boolean {
  if (name === 'number') return value.type === 'int' || value.type === 'float';
  return value.type === name;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Integer arithmetic that leaves int64 is an error in Firestore rather than a wrap-around. */
export function checkedInt(value: bigint): RulesValue {
  if (value < INT64_MIN || value > INT64_MAX) throw new EvalError('integer overflow');
  return int(value);
}

export function fromFields(fields: Record<string, Value> | undefined): RulesValue {
  const entries = new Map<string, RulesValue>();
  for (const [key, value] of Object.entries(fields ?? {})) entries.set(key, fromProto(value));
  return { type: 'map', entries };
}

export function fromProto(value: Value): RulesValue {
  switch (kindOf(value)) {
    case 'nullValue':
      return NULL;
    case 'booleanValue':
      return bool(value.booleanValue === true);
    case 'integerValue':
      return int(BigInt(value.integerValue ?? 0));
    case 'doubleValue':
      return { type: 'float', value: Number(value.doubleValue ?? 0) };
    case 'stringValue':
      return str(value.stringValue ?? '');
    case 'bytesValue':
      return { type: 'bytes', value: Uint8Array.from(value.bytesValue ?? []) };
    case 'timestampValue':
      return {
        type: 'timestamp',
        seconds: BigInt(value.timestampValue?.seconds ?? 0),
        nanos: value.timestampValue?.nanos ?? 0,
      };
    case 'geoPointValue':
      return { type: 'latlng', lat: value.geoPointValue?.latitude ?? 0, lng: value.geoPointValue?.longitude ?? 0 };
    case 'referenceValue':
      // `projects/p/databases/d/documents/a/b` reads in rules as the path `/databases/d/documents/a/b`.
      return path((value.referenceValue ?? '').split('/').slice(2));
    case 'arrayValue':
      return list((value.arrayValue?.values ?? []).map(fromProto));
    case 'mapValue':
      return fromFields(value.mapValue?.fields);
  }
}

/** JSON (the auth token's claims) to a rules value; whole numbers become ints, as token claims do. */
export function fromJson(value: unknown): RulesValue {
  if (value === null || value === undefined) return NULL;
  if (typeof value === 'boolean') return bool(value);
  if (typeof value === 'string') return str(value);
  if (typeof value === 'number') return Number.isInteger(value) ? int(BigInt(value)) : { type: 'float', value };
  if (Array.isArray(value)) return list(value.map(fromJson));
  if (typeof value === 'object') {
    const entries = new Map<string, RulesValue>();
    for (const [key, item] of Object.entries(value)) entries.set(key, fromJson(item));
    return { type: 'map', entries };
  }
  return NULL; // not JSON (a function or a symbol): nothing a token can hold
}

export function timestampOf(date: Date): RulesValue {
  const ms = BigInt(date.getTime());
  // Floor division, so dates before 1970 keep a non-negative nanos part.
  const seconds = ms >= 0n ? ms / 1000n : -((-ms + 999n) / 1000n);
  return { type: 'timestamp', seconds, nanos: Number(ms - seconds * 1000n) * 1_000_000 };
}

/** A number as a float, for comparisons that mix int and float. */
export function numeric(value: RulesValue): number | undefined {
  if (value.type === 'int') return Number(value.value);
  if (value.type === 'float') return value.value;
  return undefined;
}

/** `==`: values of different types are unequal (never an error), except that 1 == 1.0. */
export function equals(a: RulesValue, b: RulesValue): boolean {
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== undefined || nb !== undefined) {
    if (a.type === 'int' && b.type === 'int') return a.value === b.value;
    return na === nb;
  }
  switch (a.type) {
    case 'null':
      return b.type === 'null';
    case 'bool':
    case 'string':
      return b.type === a.type && b.value === a.value;
    case 'bytes':
      return b.type === 'bytes' && b.value.length === a.value.length && b.value.every((x, i) => x === a.value[i]);
    case 'timestamp':
      return b.type === 'timestamp' && b.seconds === a.seconds && b.nanos === a.nanos;
    case 'latlng':
      return b.type === 'latlng' && b.lat === a.lat && b.lng === a.lng;
    case 'path':
      return b.type === 'path' && sameList(a.segments, b.segments, (x, y) => x === y);
    case 'list':
      return b.type === 'list' && sameList(a.items, b.items, equals);
    case 'map':
      if (b.type !== 'map' || b.entries.size !== a.entries.size) return false;
      for (const [key, value] of a.entries) {
        const other = b.entries.get(key);
        if (other === undefined || !equals(value, other)) return false;
      }
      return true;
    default:
      return false;
  }
}

function sameList<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  return a.length === b.length && a.every((x, i) => same(x, b[i] as T));
}

/** A short rendering for error messages and decision reasons. */
export function describe(value: RulesValue): string {
  if (value.type === 'string') return JSON.stringify(value.value);
  if (value.type === 'bool' || value.type === 'int' || value.type === 'float') return String(value.value);
  return value.type;
}
