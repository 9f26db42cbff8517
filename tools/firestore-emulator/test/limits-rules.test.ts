import { status } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { FirestoreError } from '../src/errors.js';
import {
  LIMITS,
  MAX,
  checkCollectionId,
  checkCommit,
  checkDocument,
  checkDocumentId,
  checkDocumentName,
  checkDocumentSize,
  checkFieldPath,
  checkFields,
  checkMicrosecondPrecision,
  checkQuery,
  checkRequestSize,
  checkTimestamp,
  checkTransactionAlive,
  checkWrite,
  documentSize,
  int64,
  saturateInt64,
  truncateTimestamp,
  valueSize,
  INT64_MAX,
  INT64_MIN,
} from '../src/limits/index.js';
import type { Filter, StructuredQuery, Value, Write } from '../src/proto.js';

const ROOT = 'projects/p/databases/(default)/documents';

/** The status code and message a check throws, or null when it passes. */
function refusal(check: () => unknown): { code: number; message: string } | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof FirestoreError)) throw error;
    return { code: error.code, message: error.message };
  }
}

/** The INVALID_ARGUMENT message a check throws (fails the test when it passes or throws otherwise). */
function invalid(check: () => unknown): string {
  const result = refusal(check);
  expect(result?.code).toBe(status.INVALID_ARGUMENT);
  return result?.message ?? '';
}

const str = (text: string): Value => ({ stringValue: text });
const map = (fields: Record<string, Value>): Value => ({ mapValue: { fields } });
const arr = (...values: Value[]): Value => ({ arrayValue: { values } });
const int = (n: number): Value => ({ integerValue: String(n) });
const ints = (n: number): Value => arr(...Array.from({ length: n }, (_, i) => int(i)));
/** A value `depth` containers deep: maps, the innermost holding `leaf`. */
function nested(depth: number, leaf: Value): Value {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = map({ m: value });
  return value;
}

describe('document size, by the storage size rules', () => {
  it('counts the documentation’s example task as 147 bytes', () => {
    const doc = {
      name: `${ROOT}/users/jeff/tasks/my_task_id`,
      fields: {
        type: str('Personal'),
        done: { booleanValue: false },
        priority: int(1),
        description: str('Learn Cloud Firestore'),
      },
    };
    expect(documentSize(doc)).toBe(147);
  });

  it('sizes every kind of value', () => {
    expect(valueSize({ nullValue: 'NULL_VALUE' })).toBe(1);
    expect(valueSize({ booleanValue: true })).toBe(1);
    expect(valueSize(int(5))).toBe(8);
    expect(valueSize({ doubleValue: 1.5 })).toBe(8);
    expect(valueSize({ timestampValue: { seconds: '1' } })).toBe(8);
    expect(valueSize({ geoPointValue: { latitude: 1, longitude: 2 } })).toBe(16);
    expect(valueSize({ bytesValue: Buffer.alloc(10) })).toBe(10);
    expect(valueSize(str('क'))).toBe(4); // three UTF-8 bytes + 1
    expect(valueSize({ referenceValue: `${ROOT}/users/jeff` })).toBe(6 + 5 + 16);
    expect(valueSize(arr(str('a'), int(1)))).toBe(2 + 8);
    expect(valueSize(map({ ab: str('c') }))).toBe(3 + 2);
  });

  it('accepts exactly 1 MiB and refuses one byte more with production’s message', () => {
    const name = `${ROOT}/c/d`;
    const base = documentSize({ name, fields: { a: str(''), b: str('') } });
    const half = (MAX.documentBytes - base) / 2;
    const atLimit = { name, fields: { a: str('x'.repeat(half)), b: str('x'.repeat(half)) } };
    expect(documentSize(atLimit)).toBe(MAX.documentBytes);
    expect(refusal(() => checkDocumentSize(atLimit))).toBeNull();
    const over = { name, fields: { a: str('x'.repeat(half + 1)), b: str('x'.repeat(half)) } };
    expect(invalid(() => checkDocument(over))).toBe(
      `Document '${name}' cannot be written because its size (1,048,577 bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
    );
  });
});

describe('field values', () => {
  it('refuses a string or bytes value over 1,048,487 bytes, counted in UTF-8', () => {
    expect(refusal(() => checkFields({ t: str('a'.repeat(1_048_487)) }))).toBeNull();
    expect(invalid(() => checkFields({ t: str('a'.repeat(1_048_488)) }))).toBe(
      'The value of property "t" is longer than 1048487 bytes.',
    );
    expect(invalid(() => checkFields({ t: str('é'.repeat(524_244)) }))).toMatch(/longer than 1048487 bytes/);
    expect(invalid(() => checkFields({ b: { bytesValue: Buffer.alloc(1_048_488) } }))).toMatch(/property "b"/);
    // In an array the value is still named by its field; in a map the field is "an invalid nested entity".
    expect(invalid(() => checkFields({ l: arr(str('a'.repeat(1_048_488))) }))).toMatch(/property "l" is longer/);
    expect(invalid(() => checkFields({ m: map({ x: str('a'.repeat(1_048_488)) }) }))).toBe(
      'Property m contains an invalid nested entity.',
    );
  });

  it('allows 20 levels of maps and arrays in a field, not 21', () => {
    expect(refusal(() => checkFields({ a: nested(20, str('x')) }))).toBeNull();
    expect(invalid(() => checkFields({ a: nested(21, str('x')) }))).toBe(
      'Property a contains an invalid nested entity.',
    );
    expect(invalid(() => checkFields({ a: nested(20, map({})) }))).toMatch(/invalid nested entity/);
    expect(refusal(() => checkFields({ a: nested(19, arr()) }))).toBeNull();
    expect(invalid(() => checkFields({ a: nested(20, arr()) }))).toMatch(/invalid nested entity/);
  });

  it('refuses an array directly in an array, not one inside a map in an array', () => {
    expect(invalid(() => checkFields({ a: arr(arr(str('x'))) }))).toBe(
      'Cannot convert an array value in an array value.',
    );
    expect(refusal(() => checkFields({ a: arr(map({ b: arr(str('x')) })) }))).toBeNull();
  });

  it('refuses empty, over-long and reserved field names', () => {
    expect(invalid(() => checkFields({ '': str('x') }))).toBe('The property.name is the empty string.');
    expect(invalid(() => checkFields({ ['f'.repeat(1501)]: str('x') }))).toBe(
      'The property.name is longer than 1500 bytes.',
    );
    expect(refusal(() => checkFields({ ['f'.repeat(1500)]: str('x') }))).toBeNull();
    expect(invalid(() => checkFields({ __x__: str('x') }))).toBe('field name __x__ is reserved');
    expect(invalid(() => checkFields({ m: map({ __y__: str('x') }) }))).toBe("field name '__y__' is reserved.");
    expect(invalid(() => checkFields({ l: arr(map({ __z__: str('x') })) }))).toBe("field name '__z__' is reserved.");
    expect(refusal(() => checkFields({ __: str('x'), ____: str('x'), __a: str('x'), a__: str('x') }))).toBeNull();
    expect(invalid(() => checkFields({ m: map({ '': str('x') }) }))).toBe(
      'Property m contains an invalid nested entity.',
    );
  });

  it('accepts a vector, the one map with a reserved key, and refuses malformed ones', () => {
    const vector = (fields: Record<string, Value>) => map({ __type__: str('__vector__'), ...fields });
    const doubles = arr({ doubleValue: 1 }, { doubleValue: 2 });
    expect(
      refusal(() => checkFields({ v: vector({ value: doubles }), m: map({ v: vector({ value: doubles }) }) })),
    ).toBeNull();
    expect(invalid(() => checkFields({ v: vector({}) }))).toBe("Vector map is missing key 'value'.");
    expect(invalid(() => checkFields({ v: vector({ value: doubles, x: str('y') }) }))).toBe(
      'Vector Value map has extraneous entries.',
    );
    expect(invalid(() => checkFields({ v: vector({ value: arr(int(1)) }) }))).toBe(
      "Vector must only contain values of type 'double'",
    );
    expect(invalid(() => checkFields({ v: map({ __type__: str('other'), value: doubles }) }))).toBe(
      'Property v contains an invalid nested entity.',
    );
  });

  it('refuses a nested field whose path passes 1,500 bytes', () => {
    const a = 'a'.repeat(700);
    expect(refusal(() => checkFields({ [a]: map({ ['b'.repeat(799)]: str('x') }) }))).toBeNull();
    expect(invalid(() => checkFields({ [a]: map({ ['b'.repeat(800)]: str('x') }) }))).toBe(
      `Property ${a} contains an invalid nested entity.`,
    );
  });

  it('refuses timestamps outside 0001-01-01 .. 9999-12-31 and nanos outside a second', () => {
    const ts = (seconds: string, nanos = 0): Value => ({ timestampValue: { seconds, nanos } });
    expect(refusal(() => checkFields({ t: ts('-62135596800') }))).toBeNull();
    expect(refusal(() => checkFields({ t: ts('253402300799', 999_999_999) }))).toBeNull();
    expect(invalid(() => checkFields({ t: ts('-62135596801') }))).toBe('Timestamp seconds exceeds limit for field.');
    expect(invalid(() => checkFields({ m: map({ t: ts('253402300800') }) }))).toBe(
      'Timestamp seconds exceeds limit for field.',
    );
    expect(invalid(() => checkTimestamp({ seconds: 1, nanos: 1_000_000_000 }))).toBe(
      'Timestamp nanos exceeds limit for field.',
    );
    expect(invalid(() => checkTimestamp({ seconds: 1, nanos: -1 }))).toBe('Timestamp nanos exceeds limit for field.');
  });

  it('refuses geo points off the globe, printing the number as production does', () => {
    expect(invalid(() => checkFields({ g: { geoPointValue: { latitude: 91, longitude: 0 } } }))).toBe(
      "Geo point latitude '91.0' outside permitted range -90.0 to 90.0.",
    );
    expect(invalid(() => checkFields({ g: { geoPointValue: { latitude: 0, longitude: -180.5 } } }))).toBe(
      "Geo point longitude '-180.5' outside permitted range -180.0 to 180.0.",
    );
    expect(refusal(() => checkFields({ g: { geoPointValue: { latitude: -90, longitude: 180 } } }))).toBeNull();
  });

  it('refuses a malformed reference value', () => {
    expect(invalid(() => checkFields({ r: { referenceValue: `${ROOT}/c` } }))).toBe(
      `Resource name "${ROOT}/c" lacks "/" at index ${ROOT.length + 2}.`,
    );
    expect(invalid(() => checkFields({ r: { referenceValue: 'c/d' } }))).toBe(
      'Resource name "c/d" lacks "projects" at index 0.',
    );
    // Another database's document is accepted, as the official emulator accepts it.
    expect(
      refusal(() => checkFields({ r: { referenceValue: 'projects/q/databases/other/documents/c/d' } })),
    ).toBeNull();
  });
});

describe('timestamps keep microseconds', () => {
  it('truncates nanoseconds to whole microseconds, rounding down', () => {
    expect(truncateTimestamp({ seconds: '1', nanos: 123_456_789 })).toEqual({ seconds: '1', nanos: 123_456_000 });
    expect(truncateTimestamp({ seconds: 253402300799, nanos: 999_999_999 })).toEqual({
      seconds: '253402300799',
      nanos: 999_999_000,
    });
    expect(truncateTimestamp({ seconds: '-5' })).toEqual({ seconds: '-5', nanos: 0 });
  });

  it('refuses a precondition or read time finer than a microsecond', () => {
    expect(invalid(() => checkMicrosecondPrecision({ seconds: '1', nanos: 1 }))).toBe(
      'timestamp cannot have more than microseconds precision',
    );
    expect(refusal(() => checkMicrosecondPrecision({ seconds: '1', nanos: 1000 }))).toBeNull();
    const write: Write = {
      update: { name: `${ROOT}/c/d` },
      currentDocument: { updateTime: { seconds: '1', nanos: 5 } },
    };
    expect(invalid(() => checkWrite(write, ROOT))).toMatch(/microseconds precision/);
  });
});

describe('document names and ids', () => {
  const name = (path: string) => `${ROOT}/${path}`;

  it('returns the segments of a valid name', () => {
    expect(checkDocumentName(name('c/d/sub/e'), ROOT)).toEqual(['c', 'd', 'sub', 'e']);
  });

  it('refuses "." and "..", empty segments and an odd number of segments, at the index production gives', () => {
    // The indexes the official emulator gave for these names (the segment's offset in the name).
    const demo = 'projects/demo-p/databases/(default)/documents';
    expect(invalid(() => checkDocumentName(`${demo}/c/.`, demo))).toBe(
      `Document name "${demo}/c/." contains a resource id "." at index 48.`,
    );
    expect(invalid(() => checkDocumentName(`${demo}/./d`, demo))).toBe(
      `Document name "${demo}/./d" contains a collection id "." at index 46.`,
    );
    expect(invalid(() => checkDocumentName(`${demo}/c//d`, demo))).toBe(
      `Document name "${demo}/c//d" lacks a resource id at index 48.`,
    );
    expect(invalid(() => checkDocumentName(`${demo}/c`, demo))).toBe(
      `Document name "${demo}/c" lacks "/" at index 47.`,
    );
    expect(invalid(() => checkDocumentName(name('c/d/../e'), ROOT))).toBe(
      `Document name "${name('c/d/../e')}" contains a collection id ".." at index ${ROOT.length + 5}.`,
    );
    expect(invalid(() => checkDocumentName(name('c/d'), 'projects/q/databases/(default)/documents'))).toMatch(
      /is not a document of database/,
    );
  });

  it('refuses reserved ids, but not the numeric ids Datastore imports expose', () => {
    expect(invalid(() => checkDocumentName(name('c/__x__'), ROOT))).toBe(
      'Resource id "__x__" is invalid because it is reserved.',
    );
    expect(invalid(() => checkDocumentName(name('c/d/__sub__/e'), ROOT))).toBe(
      'Collection id "__sub__" is invalid because it is reserved.',
    );
    expect(refusal(() => checkDocumentName(name('c/__id12__'), ROOT))).toBeNull();
    expect(refusal(() => checkDocumentName(name('c/____'), ROOT))).toBeNull();
  });

  it('refuses ids over 1,500 bytes, naming document ids "name" and collection ids "kind"', () => {
    expect(refusal(() => checkDocumentName(name(`c/${'i'.repeat(1500)}`), ROOT))).toBeNull();
    expect(invalid(() => checkDocumentName(name(`c/${'i'.repeat(1501)}`), ROOT))).toBe(
      'The key path element name is longer than 1500 bytes.',
    );
    expect(invalid(() => checkDocumentName(name(`${'c'.repeat(1501)}/d`), ROOT))).toBe(
      'The key path element kind is longer than 1500 bytes.',
    );
  });

  it('allows 100 levels of subcollections, not 101', () => {
    const path = (pairs: number) => Array.from({ length: pairs }, (_, i) => `c/d${i}`).join('/');
    expect(refusal(() => checkDocumentName(name(path(100)), ROOT))).toBeNull();
    expect(invalid(() => checkDocumentName(name(path(101)), ROOT))).toBe(
      'Key path is too long. Cannot exceed 100 elements.',
    );
  });

  it('refuses a document name over 6 KiB', () => {
    const long = Array.from({ length: 5 }, () => `c/${'x'.repeat(1400)}`).join('/');
    expect(invalid(() => checkDocumentName(name(long), ROOT))).toMatch(/is longer than 6144 bytes/);
  });

  it('refuses an id given on its own that holds "/"', () => {
    expect(invalid(() => checkDocumentId('a/b'))).toBe('Resource id "a/b" is invalid because it contains "/".');
    expect(invalid(() => checkCollectionId('a/b'))).toBe('Collection id "a/b" is invalid because it contains "/".');
    expect(invalid(() => checkCollectionId('__c__'))).toBe('Collection id "__c__" is invalid because it is reserved.');
    expect(refusal(() => checkDocumentId('ok'))).toBeNull();
  });
});

describe('field paths of masks, transforms and queries', () => {
  it('parses simple and quoted segments', () => {
    expect(checkFieldPath('a.b_1')).toEqual(['a', 'b_1']);
    expect(checkFieldPath('`a-b`.`c\\`d`')).toEqual(['a-b', 'c`d']);
  });

  it('refuses what production’s syntax refuses', () => {
    for (const path of ['a..b', 'a-b', '1a', '', 'a.', '``']) {
      expect(invalid(() => checkFieldPath(path))).toMatch(
        /^Invalid property path ".*"\. Unquoted property paths must match/,
      );
    }
  });

  it('refuses reserved segments, except __name__ where a query may use it', () => {
    expect(invalid(() => checkFieldPath('a.__x__'))).toBe('Invalid reserved name in field path __x__');
    expect(invalid(() => checkFieldPath('`__x__`'))).toBe('Invalid reserved name in field path __x__');
    expect(invalid(() => checkFieldPath('__name__'))).toMatch(/reserved/);
    expect(checkFieldPath('__name__', true)).toEqual(['__name__']);
  });

  it('refuses a path over 1,500 bytes', () => {
    expect(invalid(() => checkFieldPath('a'.repeat(1501)))).toBe('property path is longer than 1500 bytes.');
    expect(refusal(() => checkFieldPath(`${'a'.repeat(700)}.${'b'.repeat(799)}`))).toBeNull();
  });

  it('checks the mask and the transforms of a write', () => {
    const update = { name: `${ROOT}/c/d`, fields: { a: str('x') } };
    expect(invalid(() => checkWrite({ update, updateMask: { fieldPaths: ['a', '__x__'] } }, ROOT))).toMatch(/reserved/);
    expect(
      invalid(() =>
        checkWrite({ update, updateTransforms: [{ fieldPath: 'a-b', setToServerValue: 'REQUEST_TIME' }] }, ROOT),
      ),
    ).toMatch(/Invalid property path "a-b"/);
    expect(invalid(() => checkWrite({ delete: `${ROOT}/c/__d__` }, ROOT))).toMatch(/reserved/);
    expect(refusal(() => checkWrite({ update, updateMask: { fieldPaths: ['a', '`x.y`'] } }, ROOT))).toBeNull();
  });
});

describe('commits and requests', () => {
  const transforms = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({ fieldPath: `${prefix}${i}`, setToServerValue: 'REQUEST_TIME' as const }));

  it('allows any number of writes, and 500 field transforms per document, not 501', () => {
    const writes: Write[] = Array.from({ length: 1000 }, (_, i) => ({ update: { name: `${ROOT}/c/d${i}` } }));
    expect(refusal(() => checkCommit(writes, ROOT))).toBeNull();
    const name = `${ROOT}/c/t`;
    const split: Write[] = [
      { update: { name }, updateTransforms: transforms(300, 'a') },
      { transform: { document: name, fieldTransforms: transforms(200, 'b') } },
    ];
    expect(refusal(() => checkCommit(split, ROOT))).toBeNull();
    const tooMany = [...split, { transform: { document: name, fieldTransforms: transforms(1, 'c') } }];
    expect(invalid(() => checkCommit(tooMany, ROOT))).toMatch(/more than 500 field transforms/);
  });

  it('refuses a request over 10 MiB', () => {
    expect(refusal(() => checkRequestSize(10 * 1024 * 1024))).toBeNull();
    expect(invalid(() => checkRequestSize(10 * 1024 * 1024 + 1))).toBe(
      'Request payload size exceeds the limit: 10485760 bytes.',
    );
  });

  it('expires a transaction after 270 s, or 60 s without use, with the message the SDK retries on', () => {
    expect(refusal(() => checkTransactionAlive(0, 250_000, 270_000))).toBeNull();
    expect(invalid(() => checkTransactionAlive(0, 260_000, 270_001))).toBe(
      'The referenced transaction has expired or is no longer valid.',
    );
    expect(invalid(() => checkTransactionAlive(0, 0, 60_001))).toMatch(/expired/);
    expect(refusal(() => checkTransactionAlive(0, 0, 60_000))).toBeNull();
  });
});

describe('64-bit integers', () => {
  it('keeps integers beyond 2^53 exact and saturates at the int64 range', () => {
    expect(int64('9007199254740993')).toBe(9007199254740993n);
    expect(String(int64('9223372036854775807') - 1n)).toBe('9223372036854775806');
    expect(saturateInt64(INT64_MAX + 1n)).toBe(INT64_MAX);
    expect(saturateInt64(INT64_MIN - 5n)).toBe(INT64_MIN);
    expect(saturateInt64(42n)).toBe(42n);
  });
});

describe('queries', () => {
  const ff = (field: string, op: NonNullable<Filter['fieldFilter']>['op'], value: Value): Filter => ({
    fieldFilter: { field: { fieldPath: field }, op, value },
  });
  const un = (field: string, op: NonNullable<Filter['unaryFilter']>['op']): Filter => ({
    unaryFilter: { field: { fieldPath: field }, op },
  });
  const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });
  const or = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'OR', filters } });
  const q = (where?: Filter, extra: Partial<StructuredQuery> = {}): StructuredQuery => ({
    from: [{ collectionId: 'c' }],
    ...(where ? { where } : {}),
    ...extra,
  });
  const one = int(1);

  it('allows 30 IN and ARRAY_CONTAINS_ANY values and 10 NOT_IN values', () => {
    expect(refusal(() => checkQuery(q(ff('a', 'IN', ints(30)))))).toBeNull();
    expect(invalid(() => checkQuery(q(ff('a', 'IN', ints(31)))))).toBe("'IN' supports up to 30 comparison values.");
    expect(invalid(() => checkQuery(q(ff('a', 'ARRAY_CONTAINS_ANY', ints(31)))))).toBe(
      "'ARRAY_CONTAINS_ANY' supports up to 30 comparison values.",
    );
    expect(refusal(() => checkQuery(q(ff('a', 'NOT_IN', ints(10)))))).toBeNull();
    expect(invalid(() => checkQuery(q(ff('a', 'NOT_IN', ints(11)))))).toBe(
      "'NOT_IN' supports up to 10 comparison values.",
    );
  });

  it('requires a non-empty array for IN, NOT_IN and ARRAY_CONTAINS_ANY', () => {
    expect(invalid(() => checkQuery(q(ff('a', 'IN', ints(0)))))).toBe("'IN' requires an non-empty ArrayValue.");
    expect(invalid(() => checkQuery(q(ff('a', 'NOT_IN', one))))).toBe("'NOT_IN' requires an ArrayValue.");
  });

  it('counts disjunctions in normal form: at most 30', () => {
    expect(refusal(() => checkQuery(q(and(ff('a', 'IN', ints(10)), ff('b', 'IN', ints(3))))))).toBeNull();
    expect(invalid(() => checkQuery(q(and(ff('a', 'IN', ints(10)), ff('b', 'IN', ints(4))))))).toBe(
      'Too many disjunctions after normalization. Result had 40 disjunctions which is more than the maximum of 30',
    );
    expect(invalid(() => checkQuery(q(and(ff('a', 'IN', ints(10)), ff('b', 'ARRAY_CONTAINS_ANY', ints(4))))))).toMatch(
      /Result had 40 disjunctions/,
    );
    const equalities = (n: number) => Array.from({ length: n }, (_, i) => ff(`f${i}`, 'EQUAL', one));
    expect(refusal(() => checkQuery(q(or(...equalities(30)))))).toBeNull();
    expect(invalid(() => checkQuery(q(or(...equalities(31)))))).toMatch(/Result had 31 disjunctions/);
    const mixed = or(and(ff('a', 'IN', ints(5)), ff('b', 'IN', ints(5))), ff('c', 'IN', ints(6)));
    expect(invalid(() => checkQuery(q(mixed)))).toMatch(/Result had 31 disjunctions/);
  });

  it('allows one array-contains filter per disjunction', () => {
    const message = "A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction.";
    expect(invalid(() => checkQuery(q(and(ff('a', 'ARRAY_CONTAINS', one), ff('b', 'ARRAY_CONTAINS', one)))))).toBe(
      message,
    );
    expect(
      invalid(() => checkQuery(q(and(ff('a', 'ARRAY_CONTAINS', one), ff('b', 'ARRAY_CONTAINS_ANY', ints(2)))))),
    ).toBe(message);
    expect(
      invalid(() =>
        checkQuery(q(and(ff('x', 'ARRAY_CONTAINS', one), or(ff('a', 'ARRAY_CONTAINS', one), ff('b', 'EQUAL', one))))),
      ),
    ).toBe(message);
    expect(
      refusal(() => checkQuery(q(or(ff('a', 'ARRAY_CONTAINS', one), ff('b', 'ARRAY_CONTAINS_ANY', ints(2)))))),
    ).toBeNull();
  });

  it('allows one NOT_EQUAL, NOT_IN, IS_NOT_NAN or IS_NOT_NULL per query, even across an OR', () => {
    const message = "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.";
    expect(invalid(() => checkQuery(q(and(ff('a', 'NOT_EQUAL', one), ff('b', 'NOT_EQUAL', one)))))).toBe(message);
    expect(invalid(() => checkQuery(q(and(ff('a', 'NOT_IN', ints(2)), ff('a', 'NOT_EQUAL', one)))))).toBe(message);
    expect(invalid(() => checkQuery(q(and(un('a', 'IS_NOT_NULL'), un('b', 'IS_NOT_NAN')))))).toBe(message);
    expect(invalid(() => checkQuery(q(or(ff('a', 'NOT_EQUAL', one), ff('b', 'NOT_EQUAL', one)))))).toBe(message);
    expect(refusal(() => checkQuery(q(and(ff('a', 'NOT_EQUAL', one), ff('b', 'IN', ints(2))))))).toBeNull();
  });

  it('refuses NOT_IN with IN, ARRAY_CONTAINS_ANY or any OR', () => {
    const message = "'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.";
    expect(invalid(() => checkQuery(q(and(ff('a', 'NOT_IN', ints(2)), ff('b', 'IN', ints(2))))))).toBe(message);
    expect(invalid(() => checkQuery(q(and(ff('a', 'NOT_IN', ints(2)), ff('b', 'ARRAY_CONTAINS_ANY', ints(2))))))).toBe(
      message,
    );
    expect(invalid(() => checkQuery(q(and(ff('a', 'NOT_IN', ints(2)), or(ff('b', 'EQUAL', one))))))).toBe(message);
  });

  it('allows inequalities on 10 fields, not 11', () => {
    const ranges = (n: number) => and(...Array.from({ length: n }, (_, i) => ff(`f${i}`, 'GREATER_THAN', one)));
    expect(refusal(() => checkQuery(q(ranges(10))))).toBeNull();
    expect(invalid(() => checkQuery(q(ranges(11))))).toBe(
      'The query contains 11 distinct inequality fields: [f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10]. ' +
        'A query may not have more than 10 distinct inequality fields.',
    );
    // Two ranges on one field are one inequality field.
    expect(refusal(() => checkQuery(q(and(ff('a', 'GREATER_THAN', one), ff('a', 'LESS_THAN', int(5))))))).toBeNull();
  });

  it('checks filters on __name__ and the values of filters', () => {
    expect(invalid(() => checkQuery(q(ff('__name__', 'EQUAL', str('x')))))).toBe('__key__ filter value must be a Key');
    expect(invalid(() => checkQuery(q(ff('__name__', 'ARRAY_CONTAINS', { referenceValue: `${ROOT}/c/x` }))))).toBe(
      'the name __key__ is reserved',
    );
    expect(refusal(() => checkQuery(q(ff('__name__', 'IN', arr({ referenceValue: `${ROOT}/c/x` })))))).toBeNull();
    expect(invalid(() => checkQuery(q(ff('t', 'EQUAL', { timestampValue: { seconds: '253402300800' } }))))).toMatch(
      /Timestamp seconds exceeds/,
    );
    expect(invalid(() => checkQuery(q(ff('__x__', 'EQUAL', one))))).toBe('Invalid reserved name in field path __x__');
  });

  it('checks the composite filters, the order, the cursors, the limit, the offset and the source', () => {
    expect(invalid(() => checkQuery(q(or())))).toBe('Composite filter must have at least one sub-filter.');
    expect(refusal(() => checkQuery(q(and())))).toBeNull();
    const order = (...fields: string[]) => ({ orderBy: fields.map((fieldPath) => ({ field: { fieldPath } })) });
    expect(invalid(() => checkQuery(q(undefined, order('a', 'a'))))).toBe(
      'order by clause cannot contain duplicate fields a',
    );
    expect(invalid(() => checkQuery(q(undefined, order('__name__', 'a'))))).toBe(
      'order by clause cannot contain more fields after the key',
    );
    expect(invalid(() => checkQuery(q(undefined, { ...order('a'), startAt: { values: [one, one] } })))).toBe(
      'Cursor has too many values.',
    );
    expect(
      refusal(() => checkQuery(q(undefined, { ...order('a', '__name__'), endAt: { values: [one, one] } }))),
    ).toBeNull();
    expect(invalid(() => checkQuery(q(undefined, { limit: { value: -1 } })))).toBe('limit is negative');
    expect(invalid(() => checkQuery(q(undefined, { offset: -1 })))).toBe('offset is negative');
    expect(invalid(() => checkQuery({ from: [{ collectionId: 'a' }, { collectionId: 'b' }] }))).toBe(
      'StructuredQuery.from cannot have more than one collection selector.',
    );
    expect(invalid(() => checkQuery({ from: [{ collectionId: '__c__' }] }))).toMatch(/reserved/);
    expect(invalid(() => checkQuery(q(undefined, { select: { fields: [{ fieldPath: '__x__' }] } })))).toMatch(
      /reserved/,
    );
  });
});

describe('the table of limits', () => {
  it('describes each limit completely', () => {
    for (const limit of LIMITS) {
      expect(limit.name && limit.value && limit.message && limit.where).toBeTruthy();
    }
    expect(new Set(LIMITS.map((limit) => limit.name)).size).toBe(LIMITS.length);
  });

  it('states the messages the checks throw', () => {
    const row = (name: string) => LIMITS.find((limit) => limit.name === name)?.message ?? '';
    /** The row's message with its `{…}` parts as wildcards, anchored. */
    const pattern = (message: string) =>
      new RegExp(`^${message.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z]+\}/g, '.*')}$`);
    expect(
      invalid(() => checkDocumentSize({ name: `${ROOT}/c/d`, fields: { a: str('x'.repeat(MAX.documentBytes)) } })),
    ).toMatch(pattern(row('Document size')));
    expect(invalid(() => checkFields({ a: nested(21, one()) }))).toMatch(
      pattern(row('Depth of maps and arrays in a field')),
    );
    expect(invalid(() => checkTransactionAlive(0, 0, 10 ** 6))).toMatch(pattern(row('Transaction time')));
    expect(invalid(() => checkRequestSize(MAX.requestBytes + 1))).toMatch(pattern(row('API request size')));

    function one(): Value {
      return int(1);
    }
  });
});
