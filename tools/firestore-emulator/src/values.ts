/**
 * Firestore values: their kinds, their total order (the order queries sort and compare by;
 * equality is in value-equality.ts). Integers are int64 and are compared as BigInt, so values beyond 2^53 keep
 * their precision.
 */
import type { Timestamp, Value, ValueKind } from './proto.js';

/** Which field of a value is set (proto-loader names it in `valueType`; a hand-built value may not). */
export function kindOf(value: Value): ValueKind {
  if (value.valueType) return value.valueType;
  for (const kind of KINDS) if (value[kind] !== undefined) return kind;
  return 'nullValue';
}

const KINDS: readonly ValueKind[] = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
];

/** A map value that encodes a vector (`{__type__: "__vector__", value: [...]}`) sorts between arrays and maps. */
export function isVector(value: Value): boolean {
  return kindOf(value) === 'mapValue' && value.mapValue?.fields?.['__type__']?.stringValue === '__vector__';
}

/**
 * Firestore's order of types: null, booleans, numbers (NaN first, then integers and doubles
 * together), timestamps, strings, bytes, references, geo points, arrays, vectors, maps.
 */
export function typeOrder(value: Value): number {
  switch (kindOf(value)) {
    case 'nullValue':
      return 0;
    case 'booleanValue':
      return 1;
    case 'integerValue':
    case 'doubleValue':
      return 2;
    case 'timestampValue':
      return 3;
    case 'stringValue':
      return 4;
    case 'bytesValue':
      return 5;
    case 'referenceValue':
      return 6;
    case 'geoPointValue':
      return 7;
    case 'arrayValue':
      return 8;
    case 'mapValue':
      return isVector(value) ? 9 : 10;
  }
}

export function isNumber(value: Value): boolean {
  const kind = kindOf(value);
  return kind === 'integerValue' || kind === 'doubleValue';
}

export function isNaNValue(value: Value): boolean {
  return kindOf(value) === 'doubleValue' && Number.isNaN(value.doubleValue);
}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** Integer arithmetic saturates: `increment` past the range resolves to its end (write.proto). */
export function saturateInt64(n: bigint): bigint {
  return n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : n;
}

export function integerOf(value: Value): bigint {
  return BigInt(value.integerValue ?? 0);
}

/** -1, 0 or 1 */
function sign(n: number | bigint): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** Numbers: NaN below everything, -0 equal to 0, an integer and a double compared exactly. */
function compareNumbers(a: Value, b: Value): number {
  const aInt = kindOf(a) === 'integerValue';
  const bInt = kindOf(b) === 'integerValue';
  if (aInt && bInt) return sign(integerOf(a) - integerOf(b));
  const x = aInt ? undefined : (a.doubleValue ?? 0);
  const y = bInt ? undefined : (b.doubleValue ?? 0);
  if (x !== undefined && Number.isNaN(x)) return y !== undefined && Number.isNaN(y) ? 0 : -1;
  if (y !== undefined && Number.isNaN(y)) return 1;
  if (x !== undefined && y !== undefined) return sign(x - y);
  // One integer, one finite or infinite double: compare without losing the integer's precision.
  const [int, double, flip] = aInt ? [integerOf(a), y as number, 1] : [integerOf(b), x as number, -1];
  if (!Number.isFinite(double)) return flip * (double > 0 ? -1 : 1);
  const whole = Math.trunc(double);
  const byWhole = sign(int - BigInt(whole));
  if (byWhole !== 0) return flip * byWhole;
  return flip * sign(whole - double); // same whole part: the double's fraction decides
}

function nanosOf(ts: Timestamp | undefined): bigint {
  return BigInt(ts?.seconds ?? 0) * 1_000_000_000n + BigInt(ts?.nanos ?? 0);
}

export function compareTimestamps(a: Timestamp | undefined, b: Timestamp | undefined): number {
  return sign(nanosOf(a) - nanosOf(b));
}

/** Strings sort by their UTF-8 bytes, which is the order of code points (not UTF-16 units). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Below the surrogates, or both surrogates, UTF-16 order is code-point order.
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate === ySurrogate) return x < y ? -1 : 1;
    return xSurrogate ? 1 : -1; // a surrogate pair encodes a code point above every BMP one
  }
  return sign(a.length - b.length);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return sign((a[i] as number) - (b[i] as number));
  return sign(a.length - b.length);
}

/** `__id{n}__`: a numeric id (of Datastore's legacy keys), an int64. */
const NUMERIC_ID = /^__id(-?\d+)__$/;

export function numericIdOf(segment: string): bigint | undefined {
  const digits = NUMERIC_ID.exec(segment)?.[1];
  if (digits === undefined) return undefined;
  const id = BigInt(digits);
  return id >= INT64_MIN && id <= INT64_MAX ? id : undefined;
}

/** Path segments: numeric ids first, by number, then string ids by their UTF-8 bytes. */
function compareSegments(a: string, b: string): number {
  const x = numericIdOf(a);
  const y = numericIdOf(b);
  if (x !== undefined && y !== undefined) return sign(x - y);
  if (x !== undefined) return -1;
  if (y !== undefined) return 1;
  return compareStrings(a, b);
}

/** References sort segment by segment (a document before its subcollections' documents). */
export function compareReferences(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) {
    const order = compareSegments(x[i] as string, y[i] as string);
    if (order !== 0) return order;
  }
  return sign(x.length - y.length);
}

function compareArrays(a: readonly Value[], b: readonly Value[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareValues(a[i] as Value, b[i] as Value);
    if (order !== 0) return order;
  }
  return sign(a.length - b.length);
}

function compareMaps(a: Record<string, Value>, b: Record<string, Value>): number {
  const x = Object.keys(a).sort(compareStrings);
  const y = Object.keys(b).sort(compareStrings);
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) {
    const byKey = compareStrings(x[i] as string, y[i] as string);
    if (byKey !== 0) return byKey;
    const byValue = compareValues(a[x[i] as string] as Value, b[y[i] as string] as Value);
    if (byValue !== 0) return byValue;
  }
  return sign(x.length - y.length);
}

/** Vectors sort by length first, then element by element. */
function compareVectors(a: Value, b: Value): number {
  const x = a.mapValue?.fields?.['value']?.arrayValue?.values ?? [];
  const y = b.mapValue?.fields?.['value']?.arrayValue?.values ?? [];
  return x.length !== y.length ? sign(x.length - y.length) : compareArrays(x, y);
}

/** Firestore's total order of values. */
export function compareValues(a: Value, b: Value): number {
  const byType = typeOrder(a) - typeOrder(b);
  if (byType !== 0) return sign(byType);
  switch (kindOf(a)) {
    case 'nullValue':
      return 0;
    case 'booleanValue':
      return sign(Number(a.booleanValue ?? false) - Number(b.booleanValue ?? false));
    case 'integerValue':
    case 'doubleValue':
      return compareNumbers(a, b);
    case 'timestampValue':
      return compareTimestamps(a.timestampValue, b.timestampValue);
    case 'stringValue':
      return compareStrings(a.stringValue ?? '', b.stringValue ?? '');
    case 'bytesValue':
      return compareBytes(a.bytesValue ?? Buffer.alloc(0), b.bytesValue ?? Buffer.alloc(0));
    case 'referenceValue':
      return compareReferences(a.referenceValue ?? '', b.referenceValue ?? '');
    case 'geoPointValue': {
      const x = a.geoPointValue ?? {};
      const y = b.geoPointValue ?? {};
      return sign((x.latitude ?? 0) - (y.latitude ?? 0)) || sign((x.longitude ?? 0) - (y.longitude ?? 0));
    }
    case 'arrayValue':
      return compareArrays(a.arrayValue?.values ?? [], b.arrayValue?.values ?? []);
    case 'mapValue':
      return isVector(a) ? compareVectors(a, b) : compareMaps(a.mapValue?.fields ?? {}, b.mapValue?.fields ?? {});
  }
}

// --- Builders ---------------------------------------------------------------------------

export const NULL: Value = { valueType: 'nullValue', nullValue: 'NULL_VALUE' };

export function integer(n: bigint | number): Value {
  return { valueType: 'integerValue', integerValue: String(n) };
}

export function double(n: number): Value {
  return { valueType: 'doubleValue', doubleValue: n };
}

export function timestamp(ts: Timestamp): Value {
  return { valueType: 'timestampValue', timestampValue: ts };
}

export function reference(name: string): Value {
  return { valueType: 'referenceValue', referenceValue: name };
}

export function array(values: Value[]): Value {
  return { valueType: 'arrayValue', arrayValue: { values } };
}

/** The value at a field path of a document's fields, or undefined where a segment is missing. */
export function valueAt(fields: Record<string, Value> | undefined, segments: readonly string[]): Value | undefined {
  let current: Value | undefined = { valueType: 'mapValue', mapValue: { fields } };
  for (const segment of segments) {
    if (!current || kindOf(current) !== 'mapValue') return undefined;
    current = current.mapValue?.fields?.[segment];
  }
  return current;
}
