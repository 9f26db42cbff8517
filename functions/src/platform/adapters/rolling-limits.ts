/**
 * Limits counted in Firestore, in the caller's transaction: each limit's stamps in one document
 * (`at`, ISO times; `expireAt` for a TTL policy when its window ends), keyed by a digest the caller
 * makes, never a client or an address in the clear.
 */
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { stampsInWindow, withEventCounted, type RollingWindow } from '../domain/rolling-window.js';

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * Whether every limit has room at `now`; when all have, counts one event in each. Reads before it
 * writes, as a transaction must: call it before the transaction's other writes.
 */
export async function countWithinLimits(
  tx: Transaction,
  limits: { ref: DocumentReference; window: RollingWindow }[],
  now: Date,
): Promise<boolean> {
  if (limits.length === 0) return true;
  const stamps = (await tx.getAll(...limits.map(({ ref }) => ref))).map((snapshot) => texts(snapshot.data()?.at));
  if (limits.some(({ window }, index) => stampsInWindow(stamps[index], window, now).length >= window.limit))
    return false;
  limits.forEach(({ ref, window }, index) =>
    tx.set(ref, {
      at: withEventCounted(stamps[index], window, now),
      expireAt: new Date(now.getTime() + window.windowMs),
    }),
  );
  return true;
}
