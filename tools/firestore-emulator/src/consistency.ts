/**
 * Which transaction a read belongs to, and at which time it reads: a read request's consistency
 * selector (a transaction, a new one, a read time, or none) and a transaction's start.
 */
import { status } from '@grpc/grpc-js';
import type { ServiceContext } from './context.js';
import { FirestoreError } from './errors.js';
import { checkMicrosecondPrecision } from './limits/values.js';
import type { ReadConsistency, Timestamp, TransactionOptions } from './proto.js';
import { fromTimestamp, type DatabaseState, type Time } from './state.js';
import type { Transaction } from './transactions.js';

/** What a read answers with: its transaction (`started`: new, its id to send), the time it reads at. */
export interface ReadContext {
  transaction?: Transaction;
  started?: Buffer;
  /** Undefined: the latest data, in a read-write transaction. */
  readTime?: Time;
  answeredTime: Time;
}

/**
 * What a read request's consistency selector means: the transaction it joins (a new one,
 * whose id the first response carries), and the time its documents are read at
 * (undefined: the latest data, in a read-write transaction).
 */
export function readContext(
  context: ServiceContext,
  database: DatabaseState,
  consistency: ReadConsistency,
): ReadContext {
  const { state, transactions } = context;
  if (consistency.transaction && consistency.transaction.length > 0) {
    const transaction = transactions.get(consistency.transaction, database);
    return {
      transaction,
      readTime: transaction.readTime,
      answeredTime: transaction.readTime ?? state.currentTime(),
    };
  }
  if (consistency.newTransaction) {
    const transaction = beginTransaction(context, database, consistency.newTransaction);
    return {
      transaction,
      started: transaction.id,
      readTime: transaction.readTime,
      answeredTime: transaction.readTime ?? state.currentTime(),
    };
  }
  if (consistency.readTime) {
    const readTime = pastReadTime(context, consistency.readTime);
    return { readTime, answeredTime: readTime };
  }
  const now = state.currentTime();
  return { readTime: now, answeredTime: now };
}

/** A read time the client asked for: not in the future, and within the read window. */
function pastReadTime(context: ServiceContext, timestamp: Timestamp): Time {
  checkMicrosecondPrecision(timestamp);
  const time = fromTimestamp(timestamp);
  const now = context.state.currentTime();
  if (time > now) {
    throw new FirestoreError(status.INVALID_ARGUMENT, 'read_time cannot be in the future');
  }
  return time;
}

/** A new transaction: read-write, or read-only at now or at the time it names. */
export function beginTransaction(
  context: ServiceContext,
  database: DatabaseState,
  options: TransactionOptions | undefined,
): Transaction {
  const readOnly = options?.readOnly !== undefined;
  const readTime = readOnly
    ? options?.readOnly?.readTime
      ? pastReadTime(context, options.readOnly.readTime)
      : context.state.currentTime()
    : undefined;
  return context.transactions.begin(database, readOnly, readTime);
}
