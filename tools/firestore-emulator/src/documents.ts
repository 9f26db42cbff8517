/** Documents as the API names and returns them: full names checked as production does, masks applied. */
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';
import { checkDocumentName } from './limits/names.js';
import {
  databaseRoot,
  NAME_FIELD,
  parseDocumentName,
  parseFieldPath,
  parseResourceName,
  type DatabaseName,
} from './paths.js';
import type { Document, Value } from './proto.js';
import { toTimestamp, type StoredDocument } from './state.js';
import { valueAt } from './values.js';
import { setAt } from './writes.js';

/** A document as the API returns it, with only the masked fields when a mask is given. */
export function toDocument(root: string, document: StoredDocument, mask?: readonly string[]): Document {
  return {
    name: `${root}/${document.path}`,
    fields: mask ? project(document.fields, mask) : document.fields,
    createTime: toTimestamp(document.createTime),
    updateTime: toTimestamp(document.updateTime),
  };
}

function project(fields: Record<string, Value>, mask: readonly string[]): Record<string, Value> {
  let projected: Record<string, Value> = {};
  for (const fieldPath of mask) {
    if (fieldPath === NAME_FIELD) continue;
    const segments = parseFieldPath(fieldPath);
    const value = valueAt(fields, segments);
    if (value !== undefined) projected = setAt(projected, segments, value);
  }
  return projected;
}

/**
 * A name a read gives (the parent of a query or a listing: the root or a document), with the
 * ids a write's would need: Google's emulator refuses reading below `c/__x__` as it refuses
 * writing there (production's message).
 */
export function readParentName(name: string): { database: DatabaseName; path: string } {
  const parsed = parseResourceName(name);
  if (parsed.path !== '') checkDocumentName(name, databaseRoot(parsed.database));
  return parsed;
}

/** A document name a read gives (a get, a listener's document), checked as a write's. */
export function readDocumentName(name: string): { database: DatabaseName; path: string } {
  const parsed = parseDocumentName(name);
  checkDocumentName(name, databaseRoot(parsed.database));
  return parsed;
}

/** The path of a document the request names, which must be in the request's database. */
export function documentIn(database: DatabaseName, documentName: string): { path: string } {
  const parsed = readDocumentName(documentName);
  if (parsed.database.projectId !== database.projectId || parsed.database.databaseId !== database.databaseId) {
    throw new FirestoreError(status.INVALID_ARGUMENT, `Document ${documentName} is not in ${databaseRoot(database)}`);
  }
  return { path: parsed.path };
}
