/**
 * The documents each transaction read, as the Admin SDK was asked for them: under production's
 * transactions (pessimistic; Google's emulator likewise) a transaction holds a lock on every
 * document it reads until it commits, so what a transaction reads is what it makes others wait on.
 */
import { vi } from 'vitest';
import { DocumentReference, Transaction } from 'firebase-admin/firestore';

export interface TransactionReads {
  /** Per transaction that read any (in the order they began), the paths `keep` accepts, in its reads' order. */
  reads(keep?: (path: string) => boolean): string[][];
  stop(): void;
}

/** Records every transaction's reads of documents from now until `stop()`. */
export function recordTransactionReads(): TransactionReads {
  const byTransaction = new Map<Transaction, string[]>();
  const note = (tx: Transaction, refs: unknown[]) => {
    const paths = byTransaction.get(tx) ?? [];
    for (const ref of refs) if (ref instanceof DocumentReference) paths.push(ref.path);
    byTransaction.set(tx, paths);
  };
  const getAll = Transaction.prototype.getAll;
  const get = Transaction.prototype.get;
  const spies = [
    vi.spyOn(Transaction.prototype, 'getAll').mockImplementation(function (this: Transaction, ...args) {
      note(this, args);
      return getAll.apply(this, args);
    }),
    vi.spyOn(Transaction.prototype, 'get').mockImplementation(function (this: Transaction, ...args: unknown[]) {
      note(this, args.slice(0, 1));
      return (get as (...a: unknown[]) => ReturnType<Transaction['get']>).apply(this, args);
    } as Transaction['get']),
  ];
  return {
    reads: (keep = () => true) =>
      [...byTransaction.values()].map((paths) => paths.filter(keep)).filter((paths) => paths.length > 0),
    stop: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}
