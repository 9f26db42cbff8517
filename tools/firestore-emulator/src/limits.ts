/**
 * Production Firestore's limits on what a request may write or ask, as pure checks that throw
 * the `FirestoreError` production would answer with.
 *
 * Where the messages come from: most were observed on the official Cloud Firestore emulator
 * (Google's, which shares production's request validation), and several of those were also
 * seen in reports of production errors. The `LIMITS` table below says, for each limit, how sure
 * its message is; the few that are only documented limits carry messages of our own.
 *
 * Use: `checkWrite` (or `checkCommit`) on a request's writes before applying them, then
 * `checkDocument` on each document as it would be stored (after transforms); `checkQuery` on
 * each structured query; `checkRequestSize` on each request's encoded size.
 */
import { INEQUALITY_OPS } from './query.js';
import { FirestoreError, invalidArgument } from './errors.js';
import type { Document, FieldFilterOp, Filter, LatLng, StructuredQuery, Timestamp, Value, Write } from './proto.js';
import { kindOf } from './values.js';

/** The numbers of the limits, in one place. */
export const MAX = {
  documentBytes: 1_048_576,
  /** A string or bytes value: 1 MiB - 89 bytes. */
  valueBytes: 1_048_487,
  idBytes: 1500,
  fieldNameBytes: 1500,
  fieldPathBytes: 1500,
  /** Nesting of maps and arrays inside one field (the field's own value counts as 1). */
  valueDepth: 20,
  /** Collection/document pairs in a document's path. */
  pathPairs: 100,
  documentNameBytes: 6 * 1024,
  requestBytes: 10 * 1024 * 1024,
  transformsPerDocument: 500,
  inValues: 30,
  arrayContainsAnyValues: 30,
  notInValues: 10,
  disjunctions: 30,
  inequalityFields: 10,
  transactionMillis: 270_000,
  transactionIdleMillis: 60_000,
  /** Not an error: queries compare only this many leading bytes of a string or bytes value. */
  indexedValueBytes: 1500,
} as const;

/** One row of the table of limits the README shows. */
export interface Limit {
  name: string;
  value: string;
  /** The gRPC status name, or `none` where production truncates instead of refusing. */
  code: 'INVALID_ARGUMENT' | 'none';
  /** The message, `{…}` standing for the parts that vary. */
  message: string;
  where: string;
  /** How the message is known: seen on the official emulator, also in production reports, or ours. */
  source: 'official emulator' | 'official emulator + production reports' | 'production reports' | 'ours (unsure)';
}

export const LIMITS: readonly Limit[] = [
  {
    name: 'Document size',
    value: '1 MiB (1,048,576 bytes), by the storage size rules',
    code: 'INVALID_ARGUMENT',
    message:
      "Document '{name}' cannot be written because its size ({size} bytes) exceeds the maximum allowed size of 1,048,576 bytes.",
    where: 'checkDocument / checkDocumentSize (the document as stored, after transforms)',
    source: 'production reports',
  },
  {
    name: 'String or bytes value',
    value: '1 MiB - 89 bytes (1,048,487 bytes of UTF-8 / bytes)',
    code: 'INVALID_ARGUMENT',
    message: 'The value of property "{field}" is longer than 1048487 bytes.',
    where: 'checkWrite / checkDocument (a field, or an array in it; inside a map: the nested-entity message)',
    source: 'official emulator + production reports',
  },
  {
    name: 'Depth of maps and arrays in a field',
    value: '20',
    code: 'INVALID_ARGUMENT',
    message: 'Property {field} contains an invalid nested entity.',
    where: 'checkWrite / checkDocument; also for a nested field name that is empty or makes a path over 1,500 bytes',
    source: 'official emulator + production reports',
  },
  {
    name: 'Array directly in an array',
    value: 'not allowed',
    code: 'INVALID_ARGUMENT',
    message: 'Cannot convert an array value in an array value.',
    where: 'checkWrite / checkDocument',
    source: 'official emulator',
  },
  {
    name: 'Vector value',
    value: '{__type__: "__vector__", value: [doubles]} and nothing else',
    code: 'INVALID_ARGUMENT',
    message:
      "Vector map is missing key 'value'. / Vector Value map has extraneous entries. / Vector must only contain values of type 'double'",
    where: 'checkWrite / checkDocument',
    source: 'official emulator',
  },
  {
    name: 'Field name',
    value: '1 to 1,500 bytes; not __.+__',
    code: 'INVALID_ARGUMENT',
    message:
      "The property.name is longer than 1500 bytes. / The property.name is the empty string. / field name {name} is reserved (nested: field name '{name}' is reserved.)",
    where: 'checkWrite / checkDocument',
    source: 'official emulator',
  },
  {
    name: 'Field path (masks, transforms, queries)',
    value: '1,500 bytes; valid syntax; no reserved segment',
    code: 'INVALID_ARGUMENT',
    message:
      'property path is longer than 1500 bytes. / Invalid property path "{path}". Unquoted property paths must match regex … / Invalid reserved name in field path {segment}',
    where: 'checkFieldPath (checkWrite: update mask and transforms; checkQuery: filters, orders, projection)',
    source: 'official emulator',
  },
  {
    name: 'Document and collection ids',
    value: '1,500 bytes; not empty, ".", "..", __.+__ (document ids __id<n>__ allowed); no "/"',
    code: 'INVALID_ARGUMENT',
    message:
      'The key path element name|kind is longer than 1500 bytes. / Document name "{name}" contains a resource|collection id "." at index {i}. / Document name "{name}" lacks a resource|collection id at index {i}. / Resource|Collection id "{id}" is invalid because it is reserved. / … because it contains "/".',
    where:
      'checkDocumentName (on writes, and on the names reads give, as the official emulator: readParentName, readDocumentName), checkDocumentId, checkCollectionId',
    source: 'official emulator + production reports',
  },
  {
    name: 'Document name',
    value: 'an even number of segments',
    code: 'INVALID_ARGUMENT',
    message: 'Document name "{name}" lacks "/" at index {length}.',
    where: 'checkDocumentName',
    source: 'official emulator',
  },
  {
    name: 'Depth of subcollections',
    value: '100 collection/document pairs',
    code: 'INVALID_ARGUMENT',
    message: 'Key path is too long. Cannot exceed 100 elements.',
    where: 'checkDocumentName',
    source: 'official emulator',
  },
  {
    name: 'Document name size',
    value: '6 KiB (name storage size)',
    code: 'INVALID_ARGUMENT',
    message: 'Document name "{name}" is longer than 6144 bytes.',
    where: 'checkDocumentName (the official emulator does not enforce it)',
    source: 'ours (unsure)',
  },
  {
    name: 'Timestamp range',
    value: '0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z; nanos 0..999,999,999',
    code: 'INVALID_ARGUMENT',
    message: 'Timestamp seconds exceeds limit for field. / Timestamp nanos exceeds limit for field.',
    where: 'checkWrite / checkDocument / checkQuery (values); stored values keep microseconds: truncateTimestamp',
    source: 'official emulator',
  },
  {
    name: 'Timestamps a request names (preconditions, read times)',
    value: 'microsecond precision',
    code: 'INVALID_ARGUMENT',
    message: 'timestamp cannot have more than microseconds precision',
    where: 'checkWrite (update_time precondition), checkMicrosecondPrecision (read_time)',
    source: 'official emulator',
  },
  {
    name: 'Geo point',
    value: 'latitude -90..90, longitude -180..180',
    code: 'INVALID_ARGUMENT',
    message: "Geo point latitude '{lat}' outside permitted range -90.0 to 90.0.",
    where: 'checkWrite / checkDocument / checkQuery (values)',
    source: 'official emulator',
  },
  {
    name: 'Field transforms on one document in a commit',
    value: '500',
    code: 'INVALID_ARGUMENT',
    message: "Document '{name}' cannot be modified by more than 500 field transforms in one commit.",
    where: 'checkCommit (the official emulator does not enforce it)',
    source: 'ours (unsure)',
  },
  {
    name: 'API request size',
    value: '10 MiB',
    code: 'INVALID_ARGUMENT',
    message: 'Request payload size exceeds the limit: 10485760 bytes.',
    where: 'checkRequestSize (the gRPC server must accept messages over 4 MiB for it to matter)',
    source: 'ours (unsure)',
  },
  {
    name: 'Transaction time',
    value: '270 s, 60 s idle',
    code: 'INVALID_ARGUMENT',
    message: 'The referenced transaction has expired or is no longer valid.',
    where: 'checkTransactionAlive (the Node client retries on this exact message)',
    source: 'production reports',
  },
  {
    name: 'IN / ARRAY_CONTAINS_ANY / NOT_IN values',
    value: '30 / 30 / 10; a non-empty array',
    code: 'INVALID_ARGUMENT',
    message:
      "'{op}' supports up to {n} comparison values. / '{op}' requires an non-empty ArrayValue. / '{op}' requires an ArrayValue.",
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'Disjunctions (OR, IN, ARRAY_CONTAINS_ANY in normal form)',
    value: '30',
    code: 'INVALID_ARGUMENT',
    message:
      'Too many disjunctions after normalization. Result had {n} disjunctions which is more than the maximum of 30',
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'ARRAY_CONTAINS / ARRAY_CONTAINS_ANY per disjunction',
    value: '1',
    code: 'INVALID_ARGUMENT',
    message: "A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction.",
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'NOT_EQUAL / NOT_IN / IS_NOT_NAN / IS_NOT_NULL per query',
    value: '1',
    code: 'INVALID_ARGUMENT',
    message: "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.",
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'NOT_IN with IN, ARRAY_CONTAINS_ANY or OR',
    value: 'not allowed',
    code: 'INVALID_ARGUMENT',
    message: "'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.",
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'Inequality fields per query',
    value: '10',
    code: 'INVALID_ARGUMENT',
    message:
      'The query contains {n} distinct inequality fields: [{fields}]. A query may not have more than 10 distinct inequality fields.',
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'Query shape',
    value: 'one collection; order by: no duplicate, nothing after the name; cursor ≤ order by; limit, offset ≥ 0',
    code: 'INVALID_ARGUMENT',
    message:
      'StructuredQuery.from cannot have more than one collection selector. / order by clause cannot contain duplicate fields {f} / order by clause cannot contain more fields after the key / Cursor has too many values. / limit is negative / offset is negative / Composite filter must have at least one sub-filter.',
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'Indexed part of a string or bytes value',
    value: '1,500 bytes',
    code: 'none',
    message: '(no error: production compares only the first 1,500 bytes in queries)',
    where: 'not reproduced: the emulator compares whole values (a known gap)',
    source: 'official emulator',
  },
];

// --- Sizes --------------------------------------------------------------------------------

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Whatever follows `…/documents/` in a full name (a reference keeps its own database's prefix). */
function relativePath(name: string): string {
  return name.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\/?/, '');
}

/** A document name's storage size: each segment as a string (UTF-8 + 1), plus 16. */
export function documentNameSize(name: string): number {
  return relativePath(name)
    .split('/')
    .reduce((sum, segment) => sum + utf8(segment) + 1, 16);
}

/** A value's storage size, by Firestore's storage size rules. */
export function valueSize(value: Value): number {
  switch (kindOf(value)) {
    case 'stringValue':
      return utf8(value.stringValue ?? '') + 1;
    case 'nullValue':
    case 'booleanValue':
      return 1;
    case 'integerValue':
    case 'doubleValue':
    case 'timestampValue':
      return 8;
    case 'geoPointValue':
      return 16;
    case 'bytesValue':
      return value.bytesValue?.length ?? 0;
    case 'referenceValue':
      return documentNameSize(value.referenceValue ?? '');
    case 'arrayValue':
      return (value.arrayValue?.values ?? []).reduce((sum, item) => sum + valueSize(item), 0);
    case 'mapValue':
      return fieldsSize(value.mapValue?.fields ?? {});
  }
}

function fieldsSize(fields: Record<string, Value>): number {
  return Object.entries(fields).reduce((sum, [key, value]) => sum + utf8(key) + 1 + valueSize(value), 0);
}

/** A document's storage size: its name, its fields, and 32 bytes. */
export function documentSize(doc: Document): number {
  return documentNameSize(doc.name) + fieldsSize(doc.fields ?? {}) + 32;
}

export function checkDocumentSize(doc: Document): void {
  const size = documentSize(doc);
  if (size > MAX.documentBytes) {
    throw invalidArgument(
      `Document '${doc.name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) ` +
        `exceeds the maximum allowed size of ${MAX.documentBytes.toLocaleString('en-US')} bytes.`,
    );
  }
}

/** A document as it would be stored (after transforms): its fields' rules, then its size. */
export function checkDocument(doc: Document): void {
  checkFields(doc.fields ?? {});
  checkDocumentSize(doc);
}

// --- Names and ids ------------------------------------------------------------------------

/** Reserved names: `__.+__` (`____` itself is accepted, as the official emulator does). */
const RESERVED = /^__.+__$/;
/** Document ids that stand for Datastore numeric ids are allowed. */
const NUMERIC_ID = /^__id-?\d+__$/;

function checkId(id: string, isCollection: boolean): void {
  if (utf8(id) > MAX.idBytes) {
    throw invalidArgument(`The key path element ${isCollection ? 'kind' : 'name'} is longer than 1500 bytes.`);
  }
  if (RESERVED.test(id) && (isCollection || !NUMERIC_ID.test(id))) {
    throw invalidArgument(`${isCollection ? 'Collection' : 'Resource'} id "${id}" is invalid because it is reserved.`);
  }
}

/** An id given on its own (CreateDocument's `document_id`): also no "/". */
export function checkDocumentId(id: string): void {
  if (id.includes('/')) throw invalidArgument(`Resource id "${id}" is invalid because it contains "/".`);
  checkId(id, false);
}

/** A collection id given on its own (a query's `from`, ListDocuments). */
export function checkCollectionId(id: string): void {
  if (id.includes('/')) throw invalidArgument(`Collection id "${id}" is invalid because it contains "/".`);
  checkId(id, true);
}

/**
 * A full document name under `databaseRoot` (`projects/p/databases/d/documents`) → its path
 * segments. `what` is how messages name it ("Resource name" for a reference value).
 */
export function checkDocumentName(name: string, databaseRoot: string, what = 'Document name'): string[] {
  // Not a message seen anywhere: the official emulator accepts names in other databases.
  if (!name.startsWith(`${databaseRoot}/`)) {
    if (name === databaseRoot) throw invalidArgument(`${what} "${name}" lacks "/" at index ${name.length}.`);
    throw invalidArgument(`${what} "${name}" is not a document of database "${databaseRoot}".`);
  }
  const segments = name.slice(databaseRoot.length + 1).split('/');
  let index = databaseRoot.length + 1; // where each segment starts, in characters, as the messages count
  segments.forEach((segment, i) => {
    const kind = i % 2 === 0 ? 'collection' : 'resource';
    if (segment === '') throw invalidArgument(`${what} "${name}" lacks a ${kind} id at index ${index}.`);
    if (segment === '.' || segment === '..') {
      throw invalidArgument(`${what} "${name}" contains a ${kind} id "${segment}" at index ${index}.`);
    }
    index += segment.length + 1;
  });
  if (segments.length % 2 !== 0) throw invalidArgument(`${what} "${name}" lacks "/" at index ${name.length}.`);
  if (segments.length / 2 > MAX.pathPairs) throw invalidArgument('Key path is too long. Cannot exceed 100 elements.');
  segments.forEach((segment, i) => checkId(segment, i % 2 === 0));
  if (documentNameSize(name) > MAX.documentNameBytes) {
    throw invalidArgument(`${what} "${name}" is longer than ${MAX.documentNameBytes} bytes.`);
  }
  return segments;
}

// --- Field paths --------------------------------------------------------------------------

const SIMPLE = '[a-zA-Z_][a-zA-Z_0-9]*';
const QUOTED = '`(?:[^`\\\\]|\\\\.)+`';
const FIELD_PATH = new RegExp(`^(?:${SIMPLE}|${QUOTED})(?:\\.(?:${SIMPLE}|${QUOTED}))*$`);

/**
 * A field path as the API writes it (masks, transforms, queries) → its segments. Production's
 * syntax is stricter than the SDKs' parsing: an unquoted segment must be a simple name.
 * `__name__` is allowed only where a query may use it (`allowName`).
 */
export function checkFieldPath(path: string, allowName = false): string[] {
  if (!FIELD_PATH.test(path)) {
    throw invalidArgument(
      `Invalid property path "${path}". Unquoted property paths must match regex (${SIMPLE}), ` +
        'and quoted property paths must match regex (`(?:[^`\\\\]|(?:\\\\.))+`)',
    );
  }
  const segments = [...path.matchAll(new RegExp(`${SIMPLE}|${QUOTED}`, 'g'))].map(([segment]) =>
    segment.startsWith('`') ? segment.slice(1, -1).replace(/\\(.)/g, '$1') : segment,
  );
  if (!(allowName && path === '__name__')) {
    const reserved = segments.find((segment) => RESERVED.test(segment));
    if (reserved !== undefined) throw invalidArgument(`Invalid reserved name in field path ${reserved}`);
  }
  if (segments.reduce((sum, segment) => sum + utf8(segment), segments.length - 1) > MAX.fieldPathBytes) {
    throw invalidArgument('property path is longer than 1500 bytes.');
  }
  return segments;
}

// --- Values -------------------------------------------------------------------------------

/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds since the epoch. */
const MIN_SECONDS = -62_135_596_800n;
const MAX_SECONDS = 253_402_300_799n;

/** A timestamp value's range. */
export function checkTimestamp(ts: Timestamp): void {
  const seconds = BigInt(ts.seconds ?? 0);
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
    throw invalidArgument('Timestamp seconds exceeds limit for field.');
  }
  const nanos = ts.nanos ?? 0;
  if (nanos < 0 || nanos > 999_999_999) throw invalidArgument('Timestamp nanos exceeds limit for field.');
}

/** Production stores microseconds: any finer part is dropped (rounded down). */
export function truncateTimestamp(ts: Timestamp): Timestamp {
  const nanos = ts.nanos ?? 0;
  return { seconds: String(ts.seconds ?? 0), nanos: nanos - (nanos % 1000) };
}

/** A timestamp a request names (a precondition's update time, a read time) must be whole microseconds. */
export function checkMicrosecondPrecision(ts: Timestamp): void {
  if ((ts.nanos ?? 0) % 1000 !== 0) throw invalidArgument('timestamp cannot have more than microseconds precision');
}

/** How Java prints a double (91 → "91.0"), as the geo point messages show it. */
function javaDouble(n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1e7 ? n.toFixed(1) : String(n);
}

function checkGeoPoint(point: LatLng): void {
  const { latitude = 0, longitude = 0 } = point;
  if (!(latitude >= -90 && latitude <= 90)) {
    throw invalidArgument(`Geo point latitude '${javaDouble(latitude)}' outside permitted range -90.0 to 90.0.`);
  }
  if (!(longitude >= -180 && longitude <= 180)) {
    throw invalidArgument(`Geo point longitude '${javaDouble(longitude)}' outside permitted range -180.0 to 180.0.`);
  }
}

/** The value's ranges only (timestamps, geo points), as a query's filter values are checked. */
function checkValueRanges(value: Value): void {
  const kind = kindOf(value);
  if (kind === 'timestampValue' && value.timestampValue) checkTimestamp(value.timestampValue);
  if (kind === 'geoPointValue' && value.geoPointValue) checkGeoPoint(value.geoPointValue);
  if (kind === 'arrayValue') value.arrayValue?.values?.forEach(checkValueRanges);
  if (kind === 'mapValue') Object.values(value.mapValue?.fields ?? {}).forEach(checkValueRanges);
}

/** Where a value sits in its top-level field: how deep, how long its path, inside a map or an array. */
interface Position {
  field: string;
  depth: number;
  pathBytes: number;
  inMap: boolean;
  inArray: boolean;
}

/**
 * One top-level field's value. Production reports a problem inside a map as the whole field's
 * "invalid nested entity" (maps are stored as nested entities), one elsewhere by its own words.
 */
function checkFieldValue(value: Value, at: Position): void {
  const nested = (): FirestoreError => invalidArgument(`Property ${at.field} contains an invalid nested entity.`);
  const kind = kindOf(value);
  if (kind === 'arrayValue' || kind === 'mapValue') {
    if (kind === 'arrayValue' && at.inArray) throw invalidArgument('Cannot convert an array value in an array value.');
    if (at.depth + 1 > MAX.valueDepth) throw nested();
  }
  switch (kind) {
    case 'stringValue':
    case 'bytesValue': {
      const bytes = kind === 'stringValue' ? utf8(value.stringValue ?? '') : (value.bytesValue?.length ?? 0);
      if (bytes > MAX.valueBytes) {
        if (at.inMap) throw nested();
        throw invalidArgument(`The value of property "${at.field}" is longer than ${MAX.valueBytes} bytes.`);
      }
      return;
    }
    case 'arrayValue':
      for (const item of value.arrayValue?.values ?? []) {
        checkFieldValue(item, { ...at, depth: at.depth + 1, inArray: true });
      }
      return;
    case 'mapValue': {
      const fields = value.mapValue?.fields ?? {};
      if (fields['__type__'] !== undefined) {
        // The one map that may hold a reserved key: a vector, {__type__: "__vector__", value: [doubles]}.
        if (fields['__type__'].stringValue !== '__vector__') throw nested();
        checkVector(fields);
        return;
      }
      for (const [key, item] of Object.entries(fields)) {
        if (RESERVED.test(key)) throw invalidArgument(`field name '${key}' is reserved.`);
        const pathBytes = at.pathBytes + 1 + utf8(key);
        if (key === '' || pathBytes > MAX.fieldPathBytes) throw nested();
        checkFieldValue(item, { ...at, depth: at.depth + 1, pathBytes, inMap: true, inArray: false });
      }
      return;
    }
    case 'referenceValue':
      checkReference(value.referenceValue ?? '');
      return;
    default:
      checkValueRanges(value);
  }
}

function checkVector(fields: Record<string, Value>): void {
  const values = fields['value'];
  if (values === undefined) throw invalidArgument("Vector map is missing key 'value'.");
  if (Object.keys(fields).length > 2) throw invalidArgument('Vector Value map has extraneous entries.');
  if ((values.arrayValue?.values ?? []).some((item) => kindOf(item) !== 'doubleValue')) {
    throw invalidArgument("Vector must only contain values of type 'double'");
  }
}

/** A reference names a document, possibly of another database (the official emulator accepts that). */
function checkReference(name: string): void {
  const root = /^projects\/[^/]+\/databases\/[^/]+\/documents/.exec(name)?.[0];
  if (root === undefined) throw invalidArgument(`Resource name "${name}" lacks "projects" at index 0.`);
  checkDocumentName(name, root, 'Resource name');
}

/** A document's fields, as given in a write or as they would be stored. */
export function checkFields(fields: Record<string, Value>): void {
  for (const [name, value] of Object.entries(fields)) {
    if (name === '') throw invalidArgument('The property.name is the empty string.');
    if (utf8(name) > MAX.fieldNameBytes) throw invalidArgument('The property.name is longer than 1500 bytes.');
    if (RESERVED.test(name)) throw invalidArgument(`field name ${name} is reserved`);
    checkFieldValue(value, { field: name, depth: 0, pathBytes: utf8(name), inMap: false, inArray: false });
  }
}

// --- Writes -------------------------------------------------------------------------------

/** One write of a Commit or BatchWrite, before it is applied. */
export function checkWrite(write: Write, databaseRoot: string): void {
  const name = write.update?.name ?? write.delete ?? write.transform?.document;
  if (name !== undefined) checkDocumentName(name, databaseRoot);
  if (write.update?.fields) checkFields(write.update.fields);
  for (const path of write.updateMask?.fieldPaths ?? []) checkFieldPath(path);
  for (const transform of [...(write.updateTransforms ?? []), ...(write.transform?.fieldTransforms ?? [])]) {
    checkFieldPath(transform.fieldPath);
  }
  if (write.currentDocument?.updateTime) checkMicrosecondPrecision(write.currentDocument.updateTime);
}

/** All writes of one commit: each write, and the transforms each document receives. */
export function checkCommit(writes: readonly Write[], databaseRoot: string): void {
  const transforms = new Map<string, number>();
  for (const write of writes) {
    checkWrite(write, databaseRoot);
    const name = write.update?.name ?? write.transform?.document;
    const count = (write.updateTransforms?.length ?? 0) + (write.transform?.fieldTransforms?.length ?? 0);
    if (name === undefined || count === 0) continue;
    const total = (transforms.get(name) ?? 0) + count;
    if (total > MAX.transformsPerDocument) {
      throw invalidArgument(
        `Document '${name}' cannot be modified by more than ${MAX.transformsPerDocument} field transforms in one commit.`,
      );
    }
    transforms.set(name, total);
  }
}

/** A request's encoded size. */
export function checkRequestSize(bytes: number): void {
  if (bytes > MAX.requestBytes) {
    throw invalidArgument(`Request payload size exceeds the limit: ${MAX.requestBytes} bytes.`);
  }
}

/**
 * A transaction may live 270 s from its start and 60 s from its last use; after that production
 * answers this, and the Node client retries the whole transaction on exactly this message.
 */
export function checkTransactionAlive(startedAtMillis: number, lastUsedAtMillis: number, nowMillis: number): void {
  if (nowMillis - startedAtMillis > MAX.transactionMillis || nowMillis - lastUsedAtMillis > MAX.transactionIdleMillis) {
    throw invalidArgument('The referenced transaction has expired or is no longer valid.');
  }
}

// --- Integers -----------------------------------------------------------------------------

export { INT64_MAX, INT64_MIN, saturateInt64 } from './values.js';

/** An int64 as the API carries it (a decimal string, or a number when small) → exact. */
export function int64(value: string | number | bigint): bigint {
  return BigInt(value);
}

// --- Queries ------------------------------------------------------------------------------

const FIELD_OPS: readonly string[] = [
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'ARRAY_CONTAINS_ANY',
  'NOT_IN',
];
const NOT_EQUALS: readonly string[] = ['NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', 'IS_NOT_NULL'];
const ARRAY_FILTERS: Partial<Record<FieldFilterOp, number>> = {
  IN: MAX.inValues,
  ARRAY_CONTAINS_ANY: MAX.arrayContainsAnyValues,
  NOT_IN: MAX.notInValues,
};

/** A field or unary filter of a query: its field and operator. */
export interface Leaf {
  field: string;
  op: string;
  /** How many disjunctions it stands for (IN and ARRAY_CONTAINS_ANY: one per value). */
  disjunctions: number;
}

/** Every field and unary filter of a filter, however nested. */
export function leaves(filter: Filter): Leaf[] {
  if (filter.compositeFilter) return (filter.compositeFilter.filters ?? []).flatMap(leaves);
  if (filter.fieldFilter) {
    const { field, op, value } = filter.fieldFilter;
    const fan = op === 'IN' || op === 'ARRAY_CONTAINS_ANY' ? (value.arrayValue?.values?.length ?? 1) : 1;
    return [{ field: field.fieldPath, op, disjunctions: fan }];
  }
  if (filter.unaryFilter) {
    return [{ field: filter.unaryFilter.field.fieldPath, op: filter.unaryFilter.op, disjunctions: 1 }];
  }
  return [];
}

/** The filter in disjunctive normal form, as lists of leaves (IN and ARRAY_CONTAINS_ANY unexpanded). */
export function disjunctiveTerms(filter: Filter | undefined): Leaf[][] {
  if (!filter) return [[]];
  const composite = filter.compositeFilter;
  if (!composite) return [leaves(filter)];
  const children = (composite.filters ?? []).map(disjunctiveTerms);
  if (composite.op === 'OR') return children.flat();
  return children.reduce<Leaf[][]>((terms, child) => terms.flatMap((term) => child.map((c) => [...term, ...c])), [[]]);
}

/** How many disjunctions the filter has in normal form, IN and ARRAY_CONTAINS_ANY expanded. */
function disjunctionCount(filter: Filter): number {
  const composite = filter.compositeFilter;
  if (!composite) return leaves(filter).reduce((n, leaf) => n * leaf.disjunctions, 1);
  const counts = (composite.filters ?? []).map(disjunctionCount);
  return composite.op === 'OR' ? counts.reduce((a, b) => a + b, 0) : counts.reduce((a, b) => a * b, 1);
}

/** Whether the filter has an OR anywhere (even of one filter). */
function hasOr(filter: Filter): boolean {
  const composite = filter.compositeFilter;
  return composite !== undefined && (composite.op === 'OR' || (composite.filters ?? []).some(hasOr));
}

function checkFilterShape(filter: Filter): void {
  const composite = filter.compositeFilter;
  if (composite) {
    if (composite.op !== 'AND' && composite.op !== 'OR') throw invalidArgument('Unsupported CompositeFilter operator.');
    // An empty AND is accepted (it matches everything); an empty OR is not.
    if (composite.op === 'OR' && (composite.filters ?? []).length === 0) {
      throw invalidArgument('Composite filter must have at least one sub-filter.');
    }
    composite.filters?.forEach(checkFilterShape);
    return;
  }
  if (filter.unaryFilter) {
    checkFieldPath(filter.unaryFilter.field.fieldPath, true);
    return;
  }
  if (!filter.fieldFilter) return;
  const { field, op, value } = filter.fieldFilter;
  if (!FIELD_OPS.includes(op)) throw invalidArgument('Unknown FieldFilter operator.');
  checkFieldPath(field.fieldPath, true);
  const max = ARRAY_FILTERS[op];
  if (max !== undefined) {
    if (kindOf(value) !== 'arrayValue') throw invalidArgument(`'${op}' requires an ArrayValue.`);
    const count = value.arrayValue?.values?.length ?? 0;
    if (count === 0) throw invalidArgument(`'${op}' requires an non-empty ArrayValue.`);
    if (count > max) throw invalidArgument(`'${op}' supports up to ${max} comparison values.`);
  }
  if (field.fieldPath === '__name__') {
    if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') throw invalidArgument('the name __key__ is reserved');
    const values = max !== undefined ? (value.arrayValue?.values ?? []) : [value];
    if (values.some((v) => kindOf(v) !== 'referenceValue')) throw invalidArgument('__key__ filter value must be a Key');
  }
  checkValueRanges(value);
}

/** A structured query production would refuse with INVALID_ARGUMENT (indexes aside: see indexes.ts). */
export function checkQuery(query: StructuredQuery): void {
  if ((query.from ?? []).length > 1) {
    throw invalidArgument('StructuredQuery.from cannot have more than one collection selector.');
  }
  // A kindless query (recursiveDelete's) names no collection.
  for (const selector of query.from ?? []) if (selector.collectionId) checkCollectionId(selector.collectionId);
  for (const field of query.select?.fields ?? []) checkFieldPath(field.fieldPath, true);
  const where = query.where;
  if (where) {
    checkFilterShape(where);
    const all = leaves(where);
    if (all.filter((leaf) => NOT_EQUALS.includes(leaf.op)).length > 1) {
      throw invalidArgument(
        "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.",
      );
    }
    if (
      all.some((leaf) => leaf.op === 'NOT_IN') &&
      (hasOr(where) || all.some((l) => l.op === 'IN' || l.op === 'ARRAY_CONTAINS_ANY'))
    ) {
      throw invalidArgument("'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.");
    }
    const disjunctions = disjunctionCount(where);
    if (disjunctions > MAX.disjunctions) {
      throw invalidArgument(
        `Too many disjunctions after normalization. Result had ${disjunctions} disjunctions which is more than the maximum of ${MAX.disjunctions}`,
      );
    }
    for (const term of disjunctiveTerms(where)) {
      if (term.filter((leaf) => leaf.op === 'ARRAY_CONTAINS' || leaf.op === 'ARRAY_CONTAINS_ANY').length > 1) {
        throw invalidArgument("A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction.");
      }
    }
    const inequalityFields = [...new Set(all.filter((l) => INEQUALITY_OPS.has(l.op)).map((l) => l.field))].filter(
      (field) => field !== '__name__',
    );
    if (inequalityFields.length > MAX.inequalityFields) {
      throw invalidArgument(
        `The query contains ${inequalityFields.length} distinct inequality fields: [${inequalityFields.join(', ')}]. ` +
          `A query may not have more than ${MAX.inequalityFields} distinct inequality fields.`,
      );
    }
  }
  const ordered = new Set<string>();
  for (const order of query.orderBy ?? []) {
    checkFieldPath(order.field.fieldPath, true);
    if (ordered.has('__name__')) throw invalidArgument('order by clause cannot contain more fields after the key');
    if (ordered.has(order.field.fieldPath)) {
      throw invalidArgument(`order by clause cannot contain duplicate fields ${order.field.fieldPath}`);
    }
    ordered.add(order.field.fieldPath);
  }
  // A cursor may name at most the explicit orders (the SDKs send __name__ explicitly when they page).
  for (const cursor of [query.startAt, query.endAt]) {
    if ((cursor?.values?.length ?? 0) > (query.orderBy ?? []).length) {
      throw invalidArgument('Cursor has too many values.');
    }
  }
  if ((query.limit?.value ?? 0) < 0) throw invalidArgument('limit is negative');
  if ((query.offset ?? 0) < 0) throw invalidArgument('offset is negative');
}
