/** Document names, collection and document ids, and field paths: their syntax and sizes. */
import { invalidArgument } from '../errors.js';
import { documentNameSize, utf8 } from './sizes.js';
import { MAX } from './table.js';

/** Reserved names: `__.+__` (`____` itself is accepted, as the official emulator does). */
export const RESERVED = /^__.+__$/;
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

/**
 * An id given on its own (CreateDocument's `document_id`): also no "/".
 * @kept CreateDocument is not served yet (server.ts answers it UNIMPLEMENTED): the check is
 * ready, and tested, for when it is.
 */
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
