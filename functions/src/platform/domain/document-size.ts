/**
 * Firestore's storage size of a document, by its documented rules, so that lists which
 * grow with the number of invitees can be kept under the 1 MiB a document may hold:
 * - a string is its UTF-8 length + 1; a boolean or null 1; a number or timestamp 8;
 *   a geopoint 16; bytes their length; a reference the size of the document name it names;
 * - an array is the sum of its values; a map the sum of its keys (as strings) and values;
 * - a document name is the sum of its path segments (as strings) + 16;
 * - a document is its name, its field names (as strings) and values, + 32.
 * (The npm package firestore-size leaves the document name out and counts characters outside
 * the Basic Multilingual Plane as 6 bytes, so it cannot be measured against a hard limit.)
 */

export const MAX_DOCUMENT_BYTES = 1_048_576;

const stringSize = (value: string) => Buffer.byteLength(value, 'utf8') + 1;

/** Size of a document name given as its path below the database, e.g. "Users/u1". */
export function documentNameSize(path: string): number {
  return path.split('/').reduce((sum, segment) => sum + stringSize(segment), 16);
}

function isTimestamp(value: object): boolean {
  return (
    value instanceof Date || (typeof (value as { toDate?: unknown }).toDate === 'function' && 'nanoseconds' in value)
  );
}

function isGeoPoint(value: object): boolean {
  return 'latitude' in value && 'longitude' in value && typeof (value as { isEqual?: unknown }).isEqual === 'function';
}

function isReference(value: object): value is { path: string } {
  return typeof (value as { path?: unknown }).path === 'string' && 'firestore' in value && 'parent' in value;
}

export function firestoreValueSize(value: unknown): number {
  if (value === undefined) return 0;
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'number' || typeof value === 'bigint') return 8;
  if (typeof value === 'string') return stringSize(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, item: unknown) => sum + firestoreValueSize(item), 0);
  if (typeof value === 'object') {
    if (isTimestamp(value)) return 8;
    if (isGeoPoint(value)) return 16;
    if (isReference(value)) return documentNameSize(value.path);
    return mapSize(value as Record<string, unknown>);
  }
  throw new TypeError(`Firestore cannot store a ${typeof value}`);
}

function mapSize(fields: Record<string, unknown>): number {
  return Object.entries(fields).reduce(
    (sum, [key, value]) => (value === undefined ? sum : sum + stringSize(key) + firestoreValueSize(value)),
    0,
  );
}
