/**
 * A whole document's storage size, which the tests measure a history document by: the server
 * sizes each entry as it adds it (platform/domain/document-size.ts), never a whole document.
 */
import { documentNameSize, firestoreValueSize } from '../src/platform/domain/document-size.js';

/** Storage size of the document at `path` (below the database, e.g. "Users/u1") holding `data`. */
export function firestoreDocumentSize(path: string, data: Record<string, unknown>): number {
  return documentNameSize(path) + firestoreValueSize(data) + 32;
}
