/**
 * The Firestore API's unary and server-streaming methods over the emulator's state, apart from
 * gRPC: each takes a decoded request and the caller, and returns the responses. server.ts
 * wires them to grpc-js; streams.ts serves the `Listen` stream on top of `changes`.
 *
 * The methods live by family: reads.ts (gets and queries), commits.ts (Commit, BatchWrite),
 * listings.ts (ListDocuments, ListCollectionIds, PartitionQuery); consistency.ts says which
 * transaction a read joins and when it reads.
 */
import { EventEmitter } from 'node:events';
import { commit, batchWrite } from './commits.js';
import { beginTransaction } from './consistency.js';
import type { Caller, ServiceContext, ServiceOptions } from './context.js';
import { listCollectionIds, listDocuments, partitionQuery } from './listings.js';
import { parseDatabaseName, type DatabaseName } from './paths.js';
import type { StructuredQuery, TransactionOptions } from './proto.js';
import { batchGetDocuments, checkedQuery, checkGets, runAggregationQuery, runQueryRequest } from './reads.js';
import { EmulatorState } from './state.js';
import { Transactions } from './transactions.js';

export class FirestoreService implements ServiceContext {
  readonly state = new EmulatorState();
  readonly transactions = new Transactions();
  /** Emits 'change' (Change) after every commit that changed something. */
  readonly changes = new EventEmitter();

  constructor(readonly options: ServiceOptions = {}) {
    this.changes.setMaxListeners(0);
  }

  beginTransaction(request: { database: string; options?: TransactionOptions }): { transaction: Buffer } {
    const database = this.state.database(parseDatabaseName(request.database));
    return { transaction: beginTransaction(this, database, request.options).id };
  }

  rollback(request: { database: string; transaction: Buffer }): Record<string, never> {
    const database = this.state.database(parseDatabaseName(request.database));
    this.transactions.end(this.transactions.get(request.transaction, database));
    return {};
  }

  batchGetDocuments(request: Parameters<typeof batchGetDocuments>[1], caller: Caller): object[] {
    return batchGetDocuments(this, request, caller);
  }

  runQuery(request: Parameters<typeof runQueryRequest>[1], caller: Caller): object[] {
    return runQueryRequest(this, request, caller);
  }

  runAggregationQuery(request: Parameters<typeof runAggregationQuery>[1], caller: Caller): object[] {
    return runAggregationQuery(this, request, caller);
  }

  /** See reads.ts: a query's checks, which the Listen stream applies to its targets. */
  checkedQuery(parent: string, structuredQuery: StructuredQuery | undefined, caller: Caller) {
    return checkedQuery(this, parent, structuredQuery, caller);
  }

  /** Checks that the rules let the caller read these documents (as of now). */
  checkGets(database: DatabaseName, paths: readonly string[], caller: Caller): void {
    checkGets(this, database, paths, caller);
  }

  commit(request: Parameters<typeof commit>[1], caller: Caller) {
    return commit(this, request, caller);
  }

  batchWrite(request: Parameters<typeof batchWrite>[1], caller: Caller) {
    return batchWrite(this, request, caller);
  }

  listDocuments(request: Parameters<typeof listDocuments>[1], caller: Caller) {
    return listDocuments(this, request, caller);
  }

  listCollectionIds(request: Parameters<typeof listCollectionIds>[1], caller: Caller) {
    return listCollectionIds(this, request, caller);
  }

  partitionQuery(request: { parent: string }): { partitions: never[] } {
    return partitionQuery(request);
  }
}
