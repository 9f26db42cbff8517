/** A request as a whole: its writes (each, and the transforms per document), its size, its transaction's age. */
import { invalidArgument } from '../errors.js';
import type { Write } from '../proto.js';
import { checkDocumentName, checkFieldPath } from './names.js';
import { MAX } from './table.js';
import { checkFields, checkMicrosecondPrecision } from './values.js';

/** One write of a Commit or BatchWrite, before it is applied. */
export function checkWrite(write: Write, databaseRoot: string): void {
  const name = write.update?.name ?? write.delete ?? write.transform?.document;
  if (name !== undefined) checkDocumentName(name, databaseRoot);
  if (write.update?.fields) checkFields(write.update.fields);
  for (const path of write.updateMask?.fieldPaths ?? []) checkFieldPath(path);
  for (const transform of [...(write.updateTransforms ?? []), ...(write.transform?.fieldTransforms ?? [])]) {
    checkFieldPath(transform.fieldPath);
  }
  if (write.currentDocument?.updateTime) checkMicrosecondPrecision(write.currentDocument.updateTime);
}

/** All writes of one commit: each write, and the transforms each document receives. */
export function checkCommit(writes: readonly Write[], databaseRoot: string): void {
  const transforms = new Map<string, number>();
  for (const write of writes) {
    checkWrite(write, databaseRoot);
    const name = write.update?.name ?? write.transform?.document;
    const count = (write.updateTransforms?.length ?? 0) + (write.transform?.fieldTransforms?.length ?? 0);
    if (name === undefined || count === 0) continue;
    const total = (transforms.get(name) ?? 0) + count;
    if (total > MAX.transformsPerDocument) {
      throw invalidArgument(
        `Document '${name}' cannot be modified by more than ${MAX.transformsPerDocument} field transforms in one commit.`,
      );
    }
    transforms.set(name, total);
  }
}

/** A request's encoded size. */
export function checkRequestSize(bytes: number): void {
  if (bytes > MAX.requestBytes) {
    throw invalidArgument(`Request payload size exceeds the limit: ${MAX.requestBytes} bytes.`);
  }
}

/**
 * A transaction may live 270 s from its start and 60 s from its last use; after that production
 * answers this, and the Node client retries the whole transaction on exactly this message.
 */
export function checkTransactionAlive(startedAtMillis: number, lastUsedAtMillis: number, nowMillis: number): void {
  if (nowMillis - startedAtMillis > MAX.transactionMillis || nowMillis - lastUsedAtMillis > MAX.transactionIdleMillis) {
    throw invalidArgument('The referenced transaction has expired or is no longer valid.');
  }
}
