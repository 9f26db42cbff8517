/**
 * What a document's fields may hold: field names, nesting, string and bytes sizes, vectors,
 * references, timestamps and geo points; `checkDocument` for a document as it would be stored.
 */
import { FirestoreError, invalidArgument } from '../errors.js';
import type { Document, LatLng, Timestamp, Value } from '../proto.js';
import { kindOf } from '../values.js';
import { checkDocumentName, RESERVED } from './names.js';
import { checkDocumentSize, utf8 } from './sizes.js';
import { MAX } from './table.js';

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
export function checkValueRanges(value: Value): void {
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

/** A document as it would be stored (after transforms): its fields' rules, then its size. */
export function checkDocument(doc: Document): void {
  checkFields(doc.fields ?? {});
  checkDocumentSize(doc);
}
