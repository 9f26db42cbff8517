/**
 * The Firestore API's unary and server-streaming methods over the emulator's state, apart from
 * gRPC: each takes a decoded request and the caller, and returns the responses. server.ts
 * wires them to grpc-js; streams.ts serves the `Listen` stream on top of `changes`.
 */
import { EventEmitter } from 'node:events';
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';
import { checkDocumentName } from './limits/names.js';
import { checkQuery } from './limits/queries.js';
import { checkCommit, checkRequestSize } from './limits/requests.js';
import { documentSize } from './limits/sizes.js';
import { checkDocument, checkMicrosecondPrecision } from './limits/values.js';
import {
  parseFieldPath,
  parseDatabaseName,
  parseDocumentName,
  parseResourceName,
  segmentsOf,
  databaseRoot,
  NAME_FIELD,
  type DatabaseName,
} from './paths.js';
import type {
  Document,
  ReadConsistency,
  StructuredAggregationQuery,
  StructuredQuery,
  TransactionOptions,
  Value,
  Write,
  WriteResult,
  Status,
  Timestamp,
} from './proto.js';
import { aggregate, runQuery, type QueryScope } from './query.js';
import {
  EmulatorState,
  fromTimestamp,
  toTimestamp,
  type DatabaseState,
  type StoredDocument,
  type Time,
} from './state.js';
import { resultSignature, Transactions, type Transaction } from './transactions.js';
import { valueAt } from './values.js';
import { applyWrite, setAt, writeTarget, type AppliedWrite } from './writes.js';

/** Who is asking: the Admin SDK (`Bearer owner`), or a client judged by the security rules. */
export interface Caller {
  admin: boolean;
  /** The signed-in user's claims, or null for a client not signed in. */
  auth: { uid: string; token: Record<string, unknown> } | null;
}

/** What the security rules are asked about one document (or, for `list`, one collection). */
export interface AccessRequest {
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  path: string;
  resource?: Record<string, Value> | null;
  requestResource?: Record<string, Value> | null;
}

/** Judges a client's request; throws PERMISSION_DENIED. Never asked about the Admin SDK's requests. */
export type Authorize = (database: DatabaseName, caller: Caller, request: AccessRequest) => void;

/** Tells whether a query needs a composite index it lacks; throws FAILED_PRECONDITION naming it. */
export type IndexCheck = (database: DatabaseName, query: StructuredQuery, allDescendants: boolean) => void;

/** A commit's effect, for listeners: the database and the paths it changed, at `time`. */
export interface Change {
  database: DatabaseState;
  paths: string[];
  time: Time;
}

export interface ServiceOptions {
  authorize?: Authorize;
  checkIndexes?: IndexCheck;
}

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

export class FirestoreService {
  readonly state = new EmulatorState();
  readonly transactions = new Transactions();
  /** Emits 'change' (Change) after every commit that changed something. */
  readonly changes = new EventEmitter();

  constructor(private readonly options: ServiceOptions = {}) {
    this.changes.setMaxListeners(0);
  }

  private authorize(database: DatabaseName, caller: Caller, request: AccessRequest): void {
    if (!caller.admin) this.options.authorize?.(database, caller, request);
  }

  // --- Consistency: which transaction a read belongs to, and at which time it reads -----

  /**
   * What a read request's consistency selector means: the transaction it joins (a new one,
   * whose id the first response carries), and the time its documents are read at
   * (undefined: the latest data, in a read-write transaction).
   */
  private readContext(
    database: DatabaseState,
    consistency: ReadConsistency,
  ): { transaction?: Transaction; started?: Buffer; readTime?: Time; answeredTime: Time } {
    if (consistency.transaction && consistency.transaction.length > 0) {
      const transaction = this.transactions.get(consistency.transaction, database);
      return {
        transaction,
        readTime: transaction.readTime,
        answeredTime: transaction.readTime ?? this.state.currentTime(),
      };
    }
    if (consistency.newTransaction) {
      const transaction = this.begin(database, consistency.newTransaction);
      return {
        transaction,
        started: transaction.id,
        readTime: transaction.readTime,
        answeredTime: transaction.readTime ?? this.state.currentTime(),
      };
    }
    if (consistency.readTime) {
      const readTime = this.pastReadTime(consistency.readTime);
      return { readTime, answeredTime: readTime };
    }
    const now = this.state.currentTime();
    return { readTime: now, answeredTime: now };
  }

  /** A read time the client asked for: not in the future, and within the read window. */
  private pastReadTime(timestamp: Timestamp): Time {
    checkMicrosecondPrecision(timestamp);
    const time = fromTimestamp(timestamp);
    const now = this.state.currentTime();
    if (time > now) {
      throw new FirestoreError(status.INVALID_ARGUMENT, 'read_time cannot be in the future');
    }
    return time;
  }

  private begin(database: DatabaseState, options: TransactionOptions | undefined): Transaction {
    const readOnly = options?.readOnly !== undefined;
    const readTime = readOnly
      ? options?.readOnly?.readTime
        ? this.pastReadTime(options.readOnly.readTime)
        : this.state.currentTime()
      : undefined;
    return this.transactions.begin(database, readOnly, readTime);
  }

  // --- RPCs ---------------------------------------------------------------------------------

  beginTransaction(request: { database: string; options?: TransactionOptions }): { transaction: Buffer } {
    const database = this.state.database(parseDatabaseName(request.database));
    return { transaction: this.begin(database, request.options).id };
  }

  rollback(request: { database: string; transaction: Buffer }): Record<string, never> {
    const database = this.state.database(parseDatabaseName(request.database));
    this.transactions.end(this.transactions.get(request.transaction, database));
    return {};
  }

  batchGetDocuments(
    request: { database: string; documents?: string[]; mask?: { fieldPaths?: string[] } } & ReadConsistency,
    caller: Caller,
  ): object[] {
    const name = parseDatabaseName(request.database);
    const database = this.state.database(name);
    const context = this.readContext(database, request);
    const readTime = toTimestamp(context.answeredTime);
    const responses = (request.documents ?? []).map((documentName) => {
      const { path } = this.documentIn(name, documentName);
      const document = database.get(path, context.readTime);
      this.authorize(name, caller, { method: 'get', path, resource: document?.fields ?? null });
      context.transaction?.recordRead(path, document);
      return document
        ? { found: toDocument(databaseRoot(name), document, request.mask?.fieldPaths), readTime }
        : { missing: documentName, readTime };
    });
    if (context.started) {
      if (responses.length > 0) Object.assign(responses[0] as object, { transaction: context.started });
      else responses.push({ transaction: context.started, readTime } as never);
    }
    return responses;
  }

  runQuery(request: { parent: string; structuredQuery?: StructuredQuery } & ReadConsistency, caller: Caller): object[] {
    const { scope, name, context, query } = this.queryScope(request.parent, request.structuredQuery, request, caller);
    const documents = runQuery(scope, query);
    this.recordQuery(context.transaction, scope, query, documents);
    const readTime = toTimestamp(context.answeredTime);
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
    if (context.started) Object.assign(responses[0] as object, { transaction: context.started });
    return responses;
  }

  runAggregationQuery(
    request: { parent: string; structuredAggregationQuery?: StructuredAggregationQuery } & ReadConsistency,
    caller: Caller,
  ): object[] {
    const aggregation = request.structuredAggregationQuery ?? {};
    const { scope, context, query } = this.queryScope(request.parent, aggregation.structuredQuery, request, caller);
    const documents = runQuery(scope, query);
    this.recordQuery(context.transaction, scope, query, documents);
    const response: Record<string, unknown> = {
      result: { aggregateFields: aggregate(documents, aggregation.aggregations ?? []) },
      readTime: toTimestamp(context.answeredTime),
    };
    if (context.started) response['transaction'] = context.started;
    return [response];
  }

  /**
   * A query a caller may run: its parent and shape valid, within production's limits, served
   * by the indexes, and allowed by the rules. Throws otherwise. (Listen checks its targets so.)
   */
  checkedQuery(parent: string, structuredQuery: StructuredQuery | undefined, caller: Caller) {
    const { database: name, path: parentPath } = readParentName(parent);
    if (segmentsOf(parentPath).length % 2 !== 0) {
      throw new FirestoreError(status.INVALID_ARGUMENT, `Invalid parent: ${parent}`);
    }
    const query = structuredQuery ?? {};
    checkQuery(query);
    const from = query.from?.[0];
    if (from) {
      this.options.checkIndexes?.(name, query, from.allDescendants ?? false);
      const collectionId = from.collectionId ?? '';
      const collection = parentPath === '' ? collectionId : `${parentPath}/${collectionId}`;
      this.authorize(name, caller, { method: 'list', path: collection });
    }
    return { name, parentPath, query };
  }

  /** The scope a checked query runs in, at the time its consistency says. */
  private queryScope(
    parent: string,
    structuredQuery: StructuredQuery | undefined,
    consistency: ReadConsistency,
    caller: Caller,
  ) {
    const { name, parentPath, query } = this.checkedQuery(parent, structuredQuery, caller);
    const database = this.state.database(name);
    const context = this.readContext(database, consistency);
    const scope: QueryScope = { database, parent: parentPath, root: databaseRoot(name), readTime: context.readTime };
    return { scope, name, context, query };
  }

  /** A query read in a transaction, with the results it gave: the commit runs it again to compare. */
  private recordQuery(
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
  checkGets(database: DatabaseName, paths: readonly string[], caller: Caller): void {
    const state = this.state.database(database);
    for (const path of paths) {
      this.authorize(database, caller, { method: 'get', path, resource: state.get(path)?.fields ?? null });
    }
  }

  commit(request: { database: string; writes?: Write[]; transaction?: Buffer }, caller: Caller) {
    const name = parseDatabaseName(request.database);
    const database = this.state.database(name);
    const writes = request.writes ?? [];
    let transaction: Transaction | undefined;
    if (request.transaction && request.transaction.length > 0) {
      transaction = this.transactions.get(request.transaction, database);
      if (transaction.readOnly && writes.length > 0) {
        this.transactions.end(transaction);
        throw new FirestoreError(status.INVALID_ARGUMENT, 'Cannot modify entities in a read-only transaction');
      }
    }
    try {
      transaction?.validate();
      const { writeResults, time } = this.applyAtomically(name, database, writes, caller);
      if (transaction) this.transactions.end(transaction);
      return { writeResults, commitTime: toTimestamp(time) };
    } catch (error) {
      if (transaction) this.transactions.end(transaction);
      throw error;
    }
  }

  /** Applies every write or none, at one new commit time. */
  private applyAtomically(name: DatabaseName, database: DatabaseState, writes: readonly Write[], caller: Caller) {
    const time = this.state.nextTime();
    const root = databaseRoot(name);
    const pending = new Map<string, StoredDocument | null>();
    const writeResults: WriteResult[] = [];
    checkCommit(writes, root);
    // The request's size, by the documents it carries (what makes a request large): gRPC does
    // not tell a handler how many bytes the request had.
    checkRequestSize(writes.reduce((bytes, write) => bytes + (write.update ? documentSize(write.update) : 0), 0));
    for (const write of writes) {
      const documentName = writeTarget(write);
      const { path } = this.documentIn(name, documentName);
      const current = pending.has(path) ? (pending.get(path) ?? null) : database.get(path);
      // The rules judge a client's write before its preconditions do: a refused client learns
      // nothing about the document (whether it exists), as in production.
      let applied: AppliedWrite | undefined;
      let refusal: unknown;
      try {
        applied = applyWrite(current, write, path, documentName, time);
      } catch (error) {
        refusal = error;
      }
      if (!caller.admin) {
        const updates = current !== null || write.currentDocument?.exists === true;
        this.authorize(name, caller, {
          method: write.delete !== undefined ? 'delete' : updates ? 'update' : 'create',
          path,
          resource: current?.fields ?? null,
          requestResource: applied?.document?.fields ?? null,
        });
      }
      if (!applied) throw refusal;
      if (applied.document && applied.changed) checkDocument({ name: documentName, fields: applied.document.fields });
      if (applied.changed) pending.set(path, applied.document);
      writeResults.push(applied.result);
    }
    for (const [path, document] of pending) database.put(path, document, time);
    if (pending.size > 0) this.changes.emit('change', { database, paths: [...pending.keys()], time } satisfies Change);
    return { writeResults, time };
  }

  /**
   * BatchWrite: each write on its own (not atomic), each with its own status; a document may
   * be written only once per request.
   */
  batchWrite(request: { database: string; writes?: Write[] }, caller: Caller) {
    const name = parseDatabaseName(request.database);
    const database = this.state.database(name);
    const writes = request.writes ?? [];
    const seen = new Set<string>();
    for (const write of writes) {
      const target = writeTarget(write);
      if (seen.has(target)) {
        throw new FirestoreError(
          status.INVALID_ARGUMENT,
          `Cannot modify the same entity (${target}) more than once in a batch write`,
        );
      }
      seen.add(target);
    }
    const writeResults: WriteResult[] = [];
    const statuses: Status[] = [];
    for (const write of writes) {
      try {
        const {
          writeResults: [result],
        } = this.applyAtomically(name, database, [write], caller);
        writeResults.push(result as WriteResult);
        statuses.push({ code: status.OK });
      } catch (error) {
        if (!(error instanceof FirestoreError)) throw error;
        writeResults.push({});
        statuses.push({ code: error.code, message: error.message });
      }
    }
    return { writeResults, status: statuses };
  }

  /** ListDocuments: a collection's documents by name, with `showMissing` the ones that only have subcollections. */
  listDocuments(
    request: {
      parent: string;
      collectionId: string;
      pageSize?: number;
      pageToken?: string;
      mask?: { fieldPaths?: string[] };
      showMissing?: boolean;
    } & ReadConsistency,
    caller: Caller,
  ) {
    const { database: name, path: parentPath } = readParentName(request.parent);
    const collection = parentPath === '' ? request.collectionId : `${parentPath}/${request.collectionId}`;
    this.authorize(name, caller, { method: 'list', path: collection });
    const database = this.state.database(name);
    const context = this.readContext(database, request);
    const root = databaseRoot(name);
    const documents: Document[] = [...database.documentsIn(collection, context.readTime)].map((document) =>
      toDocument(root, document, request.mask?.fieldPaths),
    );
    if (request.showMissing) {
      for (const path of database.missingDocumentsIn(collection, context.readTime))
        documents.push({ name: `${root}/${path}` });
    }
    documents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return page(documents, request.pageSize, request.pageToken, (document) => document.name, 'documents');
  }

  /** ListCollectionIds: the ids of the collections right below a document (or the root) that hold documents. */
  listCollectionIds(
    request: { parent: string; pageSize?: number; pageToken?: string } & ReadConsistency,
    caller: Caller,
  ) {
    const { database: name, path: parentPath } = readParentName(request.parent);
    this.authorize(name, caller, { method: 'list', path: parentPath });
    const database = this.state.database(name);
    const context = this.readContext(database, request);
    const depth = segmentsOf(parentPath).length;
    const prefix = parentPath === '' ? '' : `${parentPath}/`;
    const ids = new Set<string>();
    for (const path of database.collectionPaths()) {
      if (!path.startsWith(prefix)) continue;
      const id = segmentsOf(path)[depth] as string;
      if (ids.has(id)) continue;
      if (!database.documentsIn(path, context.readTime).next().done) ids.add(id);
    }
    const sorted = [...ids].sort();
    return page(sorted, request.pageSize, request.pageToken, (id) => id, 'collectionIds');
  }

  /** PartitionQuery: no split points, so the client reads the query as one partition. */
  partitionQuery(request: { parent: string }): { partitions: never[] } {
    readParentName(request.parent);
    return { partitions: [] };
  }

  private documentIn(database: DatabaseName, documentName: string): { path: string } {
    const parsed = readDocumentName(documentName);
    if (parsed.database.projectId !== database.projectId || parsed.database.databaseId !== database.databaseId) {
      throw new FirestoreError(status.INVALID_ARGUMENT, `Document ${documentName} is not in ${databaseRoot(database)}`);
    }
    return { path: parsed.path };
  }
}

/** A page of sorted items after the token (the last item of the page before). */
function page<T, K extends string>(
  items: T[],
  pageSize: number | undefined,
  pageToken: string | undefined,
  keyOf: (item: T) => string,
  field: K,
) {
  let start = 0;
  if (pageToken) {
    const after = Buffer.from(pageToken, 'base64').toString('utf8');
    start = items.findIndex((item) => keyOf(item) > after);
    if (start < 0) start = items.length;
  }
  const size = pageSize && pageSize > 0 ? pageSize : items.length;
  const slice = items.slice(start, start + size);
  const more = start + size < items.length;
  const last = slice[slice.length - 1];
  return {
    [field]: slice,
    nextPageToken: more && last !== undefined ? Buffer.from(keyOf(last), 'utf8').toString('base64') : '',
  } as Record<K, T[]> & { nextPageToken: string };
}
