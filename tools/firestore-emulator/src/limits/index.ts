/**
 * Production Firestore's limits on what a request may write or ask, as pure checks that throw
 * the `FirestoreError` production would answer with, one module per kind of limit:
 *
 * - table.ts: the numbers (`MAX`) and the table the README shows (`LIMITS`)
 * - sizes.ts: storage sizes, the document size limit
 * - names.ts: document names, ids, field paths
 * - values.ts: what fields may hold; a document as it would be stored
 * - requests.ts: a commit's writes, a request's size, a transaction's age
 * - queries.ts: a structured query's shape
 *
 * Use: `checkWrite` (or `checkCommit`) on a request's writes before applying them, then
 * `checkDocument` on each document as it would be stored (after transforms); `checkQuery` on
 * each structured query; `checkRequestSize` on each request's encoded size.
 */
export { checkCollectionId, checkDocumentId, checkDocumentName, checkFieldPath } from './names.js';
export { checkQuery, disjunctiveTerms, leaves, type Leaf } from './queries.js';
export { checkCommit, checkRequestSize, checkTransactionAlive, checkWrite } from './requests.js';
export { checkDocumentSize, documentNameSize, documentSize, valueSize } from './sizes.js';
export { LIMITS, MAX, type Limit } from './table.js';
export { checkDocument, checkFields, checkMicrosecondPrecision, checkTimestamp, truncateTimestamp } from './values.js';
export { INT64_MAX, INT64_MIN, saturateInt64 } from '../values.js';

/** An int64 as the API carries it (a decimal string, or a number when small) → exact. */
export function int64(value: string | number | bigint): bigint {
  return BigInt(value);
}
