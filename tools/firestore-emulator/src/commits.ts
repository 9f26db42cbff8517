/**
 * The writing RPCs: Commit (every write or none, in a transaction or not) and BatchWrite (each
 * write on its own), judged by the rules and production's limits before anything is stored.
 */
import { status } from '@grpc/grpc-js';
import { authorize, type Caller, type Change, type ServiceContext } from './context.js';
import { documentIn } from './documents.js';
import { FirestoreError } from './errors.js';
import type { HotDocuments } from './hot-documents.js';
import { checkCommit, checkRequestSize } from './limits/requests.js';
import { documentSize } from './limits/sizes.js';
import { checkDocument } from './limits/values.js';
import { databaseRoot, parseDatabaseName, type DatabaseName } from './paths.js';
import type { Status, Write, WriteResult } from './proto.js';
import { toTimestamp, type DatabaseState, type StoredDocument } from './state.js';
import { applyWrite, checkPrecondition, writeTarget, type AppliedWrite } from './writes.js';

/** Commit: at once, or (the hot-document model on) once each document it writes gives it a turn. */
export function commit(
  context: ServiceContext,
  request: CommitRequest,
  caller: Caller,
): CommitResponse | Promise<CommitResponse> {
  const hot = context.options.hotDocuments;
  const documents = hot ? writtenDocuments(request.writes ?? []) : [];
  if (!hot || documents.length === 0) return commitNow(context, request, caller);
  return commitInTurn(context, hot, documents, request, caller);
}

type CommitRequest = { database: string; writes?: Write[]; transaction?: Buffer };
type CommitResponse = { writeResults: WriteResult[]; commitTime: ReturnType<typeof toTimestamp> };

/** The full names of the documents some writes write (a malformed write is left to commitNow to refuse). */
function writtenDocuments(writes: readonly Write[]): string[] {
  return writes.flatMap((write) => {
    try {
      return [writeTarget(write)];
    } catch {
      return [];
    }
  });
}

/** The request's transaction, checked: unknown or expired, or read-only with writes, it is refused. */
function openTransaction(context: ServiceContext, request: CommitRequest, database: DatabaseState) {
  if (!request.transaction || request.transaction.length === 0) return undefined;
  const transaction = context.transactions.get(request.transaction, database);
  if (transaction.readOnly && (request.writes ?? []).length > 0) {
    context.transactions.end(transaction);
    throw new FirestoreError(status.INVALID_ARGUMENT, 'Cannot modify entities in a read-only transaction');
  }
  return transaction;
}

function commitNow(context: ServiceContext, request: CommitRequest, caller: Caller): CommitResponse {
  const name = parseDatabaseName(request.database);
  const database = context.state.database(name);
  const transaction = openTransaction(context, request, database);
  try {
    transaction?.validate();
    const { writeResults, time } = applyAtomically(context, name, database, request.writes ?? [], caller);
    if (transaction) context.transactions.end(transaction);
    return { writeResults, commitTime: toTimestamp(time) };
  } catch (error) {
    if (transaction) context.transactions.end(transaction);
    throw error;
  }
}

/**
 * A commit under the hot-document model. What it would be refused for at once (its transaction
 * unknown, a read that changed, or, for the Admin SDK's, a precondition that no longer holds) it is
 * refused for before it waits, spending no turn: it would write nothing. Then it waits for its turn
 * (or is refused ABORTED after the longest wait, its transaction ended) and commits as commitNow
 * does, its transaction and preconditions checked again.
 */
async function commitInTurn(
  context: ServiceContext,
  hot: HotDocuments,
  documents: readonly string[],
  request: CommitRequest,
  caller: Caller,
): Promise<CommitResponse> {
  const transaction = openTransaction(context, request, context.state.database(parseDatabaseName(request.database)));
  try {
    transaction?.validate();
    if (caller.admin) checkPreconditionsNow(context, request);
    await hot.pass(documents);
  } catch (error) {
    if (transaction) context.transactions.end(transaction);
    throw error;
  }
  return commitNow(context, request, caller);
}

/**
 * The preconditions of the writes, against the documents as they are now (a document written twice
 * in the commit is left to commitNow). The Admin SDK's only: the rules judge a client's write first.
 */
function checkPreconditionsNow(context: ServiceContext, request: CommitRequest): void {
  const name = parseDatabaseName(request.database);
  const database = context.state.database(name);
  const writes = request.writes ?? [];
  const targets = writtenDocuments(writes);
  for (const write of writes) {
    if (!write.currentDocument) continue;
    const documentName = writeTarget(write);
    if (targets.filter((target) => target === documentName).length > 1) continue;
    checkPrecondition(database.get(documentIn(name, documentName).path), write.currentDocument, documentName);
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
 * be written only once per request. Under the hot-document model each write waits for its own
 * turn, and one refused gets ABORTED while the others land.
 */
export function batchWrite(
  context: ServiceContext,
  request: { database: string; writes?: Write[] },
  caller: Caller,
): BatchWriteResponse | Promise<BatchWriteResponse> {
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
  const writeOne = (write: Write) => {
    try {
      const {
        writeResults: [result],
      } = applyAtomically(context, name, database, [write], caller);
      return { result: result as WriteResult, status: { code: status.OK } };
    } catch (error) {
      return refusedWrite(error);
    }
  };
  const hot = context.options.hotDocuments;
  const answer = (outcomes: { result: WriteResult; status: Status }[]) => ({
    writeResults: outcomes.map((outcome) => outcome.result),
    status: outcomes.map((outcome) => outcome.status),
  });
  if (!hot) return answer(writes.map(writeOne));
  const inTurn = writes.map((write) => hot.pass([writeTarget(write)]).then(() => writeOne(write), refusedWrite));
  return Promise.all(inTurn).then(answer);
}

type BatchWriteResponse = { writeResults: WriteResult[]; status: Status[] };

/** A write of a BatchWrite that failed: its status; anything but a FirestoreError is a bug, thrown on. */
function refusedWrite(error: unknown): { result: WriteResult; status: Status } {
  if (!(error instanceof FirestoreError)) throw error;
  return { result: {}, status: { code: error.code, message: error.message } };
}
