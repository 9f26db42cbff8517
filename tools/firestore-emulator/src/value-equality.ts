/**
 * Equality of values, in its three senses: as filters see it (1 equals 1.0, NaN nothing), as a
 * key for the field indexes, and as a write sees it (did the document change).
 */
import type { Value } from './proto.js';
import { compareValues, integerOf, isNaNValue, kindOf, numericIdOf, typeOrder } from './values.js';

/** Equality as filters see it: NaN equals nothing (`IS_NAN` finds it), 1 equals 1.0. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (isNaNValue(a) || isNaNValue(b)) return false;
  return typeOrder(a) === typeOrder(b) && compareValues(a, b) === 0;
}

/**
 * A key that two values share whenever `valuesEqual` holds between them, for the emulator's
 * field indexes; undefined for NaN and for kinds they do not key (a query on those scans).
 * Numbers key by their double, so two int64s beyond 2^53 may share one: a key narrows the
 * candidates, the filter still decides.
 */
export function equalityKey(value: Value): string | undefined {
  switch (kindOf(value)) {
    case 'nullValue':
      return 'null';
    case 'booleanValue':
      return value.booleanValue ? 'true' : 'false';
    case 'integerValue':
      return `n:${Number(integerOf(value))}`;
    case 'doubleValue': {
      const number = value.doubleValue ?? 0;
      return Number.isNaN(number) ? undefined : `n:${number === 0 ? 0 : number}`;
    }
    case 'stringValue':
      return `s:${value.stringValue ?? ''}`;
    case 'referenceValue':
      // Numeric ids compare by number (`__id05__` is `__id5__`): keyed in one spelling.
      return `r:${(value.referenceValue ?? '')
        .split('/')
        .map((segment) => {
          const id = numericIdOf(segment);
          return id === undefined ? segment : `__id${id}__`;
        })
        .join('/')}`;
    default:
      return undefined;
  }
}

/** Equality of stored values, for "did this write change the document": NaN equals NaN, 1 is not 1.0. */
export function sameValue(a: Value, b: Value): boolean {
  const kind = kindOf(a);
  if (kind !== kindOf(b)) return false;
  if (kind === 'arrayValue') {
    const x = a.arrayValue?.values ?? [];
    const y = b.arrayValue?.values ?? [];
    return x.length === y.length && x.every((v, i) => sameValue(v, y[i] as Value));
  }
  if (kind === 'mapValue') return sameFields(a.mapValue?.fields ?? {}, b.mapValue?.fields ?? {});
  if (kind === 'doubleValue') return Object.is(a.doubleValue, b.doubleValue) || a.doubleValue === b.doubleValue;
  return compareValues(a, b) === 0;
}

export function sameFields(a: Record<string, Value>, b: Record<string, Value>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] !== undefined && sameValue(a[key] as Value, b[key] as Value));
}
