/** Storage sizes, by Firestore's storage size rules, and the document size limit. */
import { invalidArgument } from '../errors.js';
import type { Document, Value } from '../proto.js';
import { kindOf } from '../values.js';
import { MAX } from './table.js';

/** A string's size in UTF-8 bytes. */
export const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

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
