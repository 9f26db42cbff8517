/**
 * The writing RPCs: Commit (every write or none, in a transaction or not) and BatchWrite (each
 * write on its own), judged by the rules and production's limits before anything is stored.
 */
import { status } from '@grpc/grpc-js';
import { authorize, type Caller, type Change, type ServiceContext } from './context.js';
import { documentIn } from './documents.js';
import { FirestoreError } from './errors.js';
import { checkCommit, checkRequestSize } from './limits/requests.js';
import { documentSize } from './limits/sizes.js';
import { checkDocument } from './limits/values.js';
import { databaseRoot, parseDatabaseName, type DatabaseName } from './paths.js';
import type { Status, Write, WriteResult } from './proto.js';
import { toTimestamp, type DatabaseState, type StoredDocument } from './state.js';
import type { Transaction } from './transactions.js';
import { applyWrite, writeTarget, type AppliedWrite } from './writes.js';

export function commit(
  context: ServiceContext,
  request: { database: string; writes?: Write[]; transaction?: Buffer },
  caller: Caller,
) {
  const { transactions } = context;
  const name = parseDatabaseName(request.database);
  const database = context.state.database(name);
  const writes = request.writes ?? [];
  let transaction: Transaction | undefined;
  if (request.transaction && request.transaction.length > 0) {
    transaction = transactions.get(request.transaction, database);
    if (transaction.readOnly && writes.length > 0) {
      transactions.end(transaction);
      throw new FirestoreError(status.INVALID_ARGUMENT, 'Cannot modify entities in a read-only transaction');
    }
  }
  try {
    transaction?.validate();
    const { writeResults, time } = applyAtomically(context, name, database, writes, caller);
    if (transaction) transactions.end(transaction);
    return { writeResults, commitTime: toTimestamp(time) };
  } catch (error) {
    if (transaction) transactions.end(transaction);
    throw error;
  }
}

/** Applies every write or none, at one new commit time. */
function applyAtomically(
  context: ServiceContext,
  name: DatabaseName,
  database: DatabaseState,
  writes: readonly Write[],
  caller: Caller,
) {
  const time = context.state.nextTime();
  const root = databaseRoot(name);
  const pending = new Map<string, StoredDocument | null>();
  const writeResults: WriteResult[] = [];
  checkCommit(writes, root);
  // The request's size, by the documents it carries (what makes a request large): gRPC does
  // not tell a handler how many bytes the request had.
  checkRequestSize(writes.reduce((bytes, write) => bytes + (write.update ? documentSize(write.update) : 0), 0));
  for (const write of writes) {
    const documentName = writeTarget(write);
    const { path } = documentIn(name, documentName);
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
      authorize(context, name, caller, {
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
  if (pending.size > 0) context.changes.emit('change', { database, paths: [...pending.keys()], time } satisfies Change);
  return { writeResults, time };
}

/**
 * BatchWrite: each write on its own (not atomic), each with its own status; a document may
 * be written only once per request.
 */
export function batchWrite(context: ServiceContext, request: { database: string; writes?: Write[] }, caller: Caller) {
  const name = parseDatabaseName(request.database);
  const database = context.state.database(name);
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
      } = applyAtomically(context, name, database, [write], caller);
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
