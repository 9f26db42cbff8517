/**
 * Transactions. A read-write transaction remembers what it read (each document's update
 * time, or that it was missing, and each query's results); its commit re-checks all of it
 * and fails with ABORTED when anything changed, so the client retries it: optimistic
 * concurrency, with the outcome production's locks give (serializable, retried on contention).
 * A read-only transaction reads at one time: the one it names, or its start.
 */
import { randomBytes } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';
import { checkTransactionAlive } from './limits/requests.js';
import type { DatabaseState, StoredDocument, Time } from './state.js';

/** Production's message for a transaction that lost a race. */
export const CONTENTION_MESSAGE =
  'Transaction is invalid or has expired: aborted due to cross-transaction contention. This occurs when multiple transactions attempt to access the same data, requiring Firestore to abort at least one in order to enforce serializability.';

/** Production's answer for a transaction id it does not know, or no longer. */
export const EXPIRED_MESSAGE = 'The referenced transaction has expired or is no longer valid.';

/** Re-runs a query read in a transaction: the paths and update times of its results. */
export type QueryCheck = () => string;

export class Transaction {
  readonly id: Buffer = randomBytes(16);
  /** path → the update time seen, or null when the document was missing */
  private readonly reads = new Map<string, Time | null>();
  private readonly queries: { check: QueryCheck; seen: string }[] = [];
  private readonly startedAt = Date.now();
  private lastUsedAt = Date.now();

  constructor(
    readonly database: DatabaseState,
    readonly readOnly: boolean,
    /** For a read-only transaction: the time all its reads see. */
    readonly readTime: Time | undefined,
  ) {}

  /** Checks that the transaction has not expired (270 s, or 60 s idle), and marks it used now. */
  use(): void {
    const now = Date.now();
    checkTransactionAlive(this.startedAt, this.lastUsedAt, now);
    this.lastUsedAt = now;
  }

  recordRead(path: string, document: StoredDocument | null): void {
    if (this.readOnly || this.reads.has(path)) return;
    this.reads.set(path, document ? document.updateTime : null);
  }

  /** A query read in the transaction: `seen`, the signature of the results it gave. */
  recordQuery(check: QueryCheck, seen: string): void {
    if (!this.readOnly) this.queries.push({ check, seen });
  }

  /** The documents it has read, and how long ago it began. */
  describe(now: number): { reads: string[]; ageMs: number } {
    return { reads: [...this.reads.keys()], ageMs: now - this.startedAt };
  }

  /** Throws ABORTED if anything read has changed since. */
  validate(): void {
    for (const [path, seen] of this.reads) {
      const now = this.database.get(path)?.updateTime ?? null;
      if (now !== seen) throw new FirestoreError(status.ABORTED, CONTENTION_MESSAGE);
    }
    for (const query of this.queries) {
      if (query.check() !== query.seen) throw new FirestoreError(status.ABORTED, CONTENTION_MESSAGE);
    }
  }
}

/** The signature of a query's results, for QueryCheck: which documents, at which version. */
export function resultSignature(documents: readonly StoredDocument[]): string {
  return documents.map((document) => `${document.path}@${document.updateTime}`).join('\n');
}

export class Transactions {
  private readonly open = new Map<string, Transaction>();

  begin(database: DatabaseState, readOnly: boolean, readTime: Time | undefined): Transaction {
    const transaction = new Transaction(database, readOnly, readTime);
    this.open.set(transaction.id.toString('base64'), transaction);
    return transaction;
  }

  /** The open transaction with this id, of this database; INVALID_ARGUMENT otherwise (an expired one is forgotten). */
  get(id: Buffer, database: DatabaseState): Transaction {
    const key = id.toString('base64');
    const transaction = this.open.get(key);
    if (!transaction || transaction.database !== database) {
      throw new FirestoreError(status.INVALID_ARGUMENT, EXPIRED_MESSAGE);
    }
    try {
      transaction.use();
    } catch (error) {
      this.open.delete(key);
      throw error;
    }
    return transaction;
  }

  /** The read-write transactions still open: the documents each has read, and its age (ours: GET /emulator/v1/transactions). */
  describeOpen(now = Date.now()): { reads: string[]; ageMs: number }[] {
    return [...this.open.values()]
      .filter((transaction) => !transaction.readOnly)
      .map((transaction) => transaction.describe(now));
  }

  /** Ends a transaction (committed or rolled back): it answers INVALID_ARGUMENT from now on. */
  end(transaction: Transaction): void {
    this.open.delete(transaction.id.toString('base64'));
  }
}
