/**
 * The reading RPCs: BatchGetDocuments, RunQuery and RunAggregationQuery, and the checks a query
 * passes before it runs (its shape, production's limits, the indexes, the rules), which the
 * Listen stream applies to its targets as well.
 */
import { status } from '@grpc/grpc-js';
import { aggregate } from './aggregations.js';
import { readContext, type ReadContext } from './consistency.js';
import { authorize, type Caller, type ServiceContext } from './context.js';
import { documentIn, readParentName, toDocument } from './documents.js';
import { FirestoreError } from './errors.js';
import { checkQuery } from './limits/queries.js';
import { databaseRoot, parseDatabaseName, segmentsOf, type DatabaseName } from './paths.js';
import type { ReadConsistency, StructuredAggregationQuery, StructuredQuery } from './proto.js';
import { runQuery, type QueryScope } from './query.js';
import { toTimestamp, type StoredDocument } from './state.js';
import { resultSignature, type Transaction } from './transactions.js';

export function batchGetDocuments(
  context: ServiceContext,
  request: { database: string; documents?: string[]; mask?: { fieldPaths?: string[] } } & ReadConsistency,
  caller: Caller,
): object[] {
  const name = parseDatabaseName(request.database);
  const database = context.state.database(name);
  const read = readContext(context, database, request);
  const readTime = toTimestamp(read.answeredTime);
  const responses = (request.documents ?? []).map((documentName) => {
    const { path } = documentIn(name, documentName);
    const document = database.get(path, read.readTime);
    authorize(context, name, caller, { method: 'get', path, resource: document?.fields ?? null });
    read.transaction?.recordRead(path, document);
    return document
      ? { found: toDocument(databaseRoot(name), document, request.mask?.fieldPaths), readTime }
      : { missing: documentName, readTime };
  });
  if (read.started) {
    if (responses.length > 0) Object.assign(responses[0] as object, { transaction: read.started });
    else responses.push({ transaction: read.started, readTime } as never);
  }
  return responses;
}

export function runQueryRequest(
  context: ServiceContext,
  request: { parent: string; structuredQuery?: StructuredQuery } & ReadConsistency,
  caller: Caller,
): object[] {
  const { scope, name, read, query } = queryScope(context, request.parent, request.structuredQuery, request, caller);
  const documents = runQuery(scope, query);
  recordQuery(read.transaction, scope, query, documents);
  const readTime = toTimestamp(read.answeredTime);
  const mask = query.select ? (query.select.fields ?? []).map((field) => field.fieldPath) : undefined;
  const responses: Record<string, unknown>[] = documents.map((document) => ({
    document: toDocument(databaseRoot(name), document, mask),
    readTime,
  }));
  // As Google's emulator: `done` on the last document, or alone when there is none. The Node
  // client's explainStream() stalls on an answer with neither a document nor metrics.
  const last = responses.at(-1);
  if (last) last['done'] = true;
  else responses.push({ readTime, done: true });
  if (read.started) Object.assign(responses[0] as object, { transaction: read.started });
  return responses;
}

export function runAggregationQuery(
  context: ServiceContext,
  request: { parent: string; structuredAggregationQuery?: StructuredAggregationQuery } & ReadConsistency,
  caller: Caller,
): object[] {
  const aggregation = request.structuredAggregationQuery ?? {};
  const { scope, read, query } = queryScope(context, request.parent, aggregation.structuredQuery, request, caller);
  const documents = runQuery(scope, query);
  recordQuery(read.transaction, scope, query, documents);
  const response: Record<string, unknown> = {
    result: { aggregateFields: aggregate(documents, aggregation.aggregations ?? []) },
    readTime: toTimestamp(read.answeredTime),
  };
  if (read.started) response['transaction'] = read.started;
  return [response];
}

/**
 * A query a caller may run: its parent and shape valid, within production's limits, served
 * by the indexes, and allowed by the rules. Throws otherwise. (Listen checks its targets so.)
 */
export function checkedQuery(
  context: ServiceContext,
  parent: string,
  structuredQuery: StructuredQuery | undefined,
  caller: Caller,
) {
  const { database: name, path: parentPath } = readParentName(parent);
  if (segmentsOf(parentPath).length % 2 !== 0) {
    throw new FirestoreError(status.INVALID_ARGUMENT, `Invalid parent: ${parent}`);
  }
  const query = structuredQuery ?? {};
  checkQuery(query);
  const from = query.from?.[0];
  if (from) {
    context.options.checkIndexes?.(name, query, from.allDescendants ?? false);
    const collectionId = from.collectionId ?? '';
    const collection = parentPath === '' ? collectionId : `${parentPath}/${collectionId}`;
    authorize(context, name, caller, { method: 'list', path: collection });
  }
  return { name, parentPath, query };
}

/** The scope a checked query runs in, at the time its consistency says. */
function queryScope(
  context: ServiceContext,
  parent: string,
  structuredQuery: StructuredQuery | undefined,
  consistency: ReadConsistency,
  caller: Caller,
): { scope: QueryScope; name: DatabaseName; read: ReadContext; query: StructuredQuery } {
  const { name, parentPath, query } = checkedQuery(context, parent, structuredQuery, caller);
  const database = context.state.database(name);
  const read = readContext(context, database, consistency);
  const scope: QueryScope = { database, parent: parentPath, root: databaseRoot(name), readTime: read.readTime };
  return { scope, name, read, query };
}

/** A query read in a transaction, with the results it gave: the commit runs it again to compare. */
function recordQuery(
  transaction: Transaction | undefined,
  scope: QueryScope,
  query: StructuredQuery,
  documents: readonly StoredDocument[],
): void {
  transaction?.recordQuery(
    () => resultSignature(runQuery({ ...scope, readTime: undefined }, query)),
    resultSignature(documents),
  );
}

/** Checks that the rules let the caller read these documents (as of now). */
export function checkGets(
  context: ServiceContext,
  database: DatabaseName,
  paths: readonly string[],
  caller: Caller,
): void {
  const state = context.state.database(database);
  for (const path of paths) {
    authorize(context, database, caller, { method: 'get', path, resource: state.get(path)?.fields ?? null });
  }
}
