/**
 * Sign-in handoff codes in Firestore: `_signInHandoffs/{digest}` (never the code), the account's
 * live code in `_signInHandoffOwners/{uid}`, and the attempts on a code prefix in
 * `_handoffAttempts/{prefix}`. Each document carries `expireAt` for a TTL policy
 * (docs/deploying.md): a code is kept a day after it was made, so that a reuse is still known
 * for one after the code's own ten minutes.
 */
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import { HANDOFF_PLATFORMS } from '@dayfocus/contracts/sign-in-handoff';
import { definedFields } from '../../platform/domain/defined-fields.js';
import { ATTEMPTS_PER_PREFIX, type HandoffRecord } from '../domain/handoffs.js';
import type { HandoffStore, RedemptionReads, RedemptionWrites } from '../flows/ports.js';

/** How long a code's record is kept (for its TTL policy). */
const RECORD_KEEP_MS = 24 * 60 * 60_000;

/** A code's digest: SHA-256, hex. */
export function handoffDigest(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export class FirestoreHandoffStore implements HandoffStore {
  constructor(private readonly firestore: Firestore) {}

  private codeRef(digest: string) {
    return this.firestore.collection(collections.signInHandoffs).doc(digest);
  }

  async mint(digest: string, record: HandoffRecord, now: Date): Promise<void> {
    const ownerRef = this.firestore.collection(collections.signInHandoffOwners).doc(record.uid);
    await this.firestore.runTransaction(async (tx) => {
      const earlier = (await tx.get(ownerRef)).data()?.digest;
      const earlierRef = typeof earlier === 'string' ? this.codeRef(earlier) : undefined;
      const earlierRecord = earlierRef ? recordOf((await tx.get(earlierRef)).data()) : undefined;
      // A retried commit that had landed finds its own code: neither replaced nor made again.
      if (earlierRef && earlier !== digest && earlierRecord && !earlierRecord.redeemedAt && !earlierRecord.replacedAt) {
        tx.update(earlierRef, { replacedAt: now.toISOString() });
      }
      const expireAt = new Date(now.getTime() + RECORD_KEEP_MS);
      tx.set(this.codeRef(digest), { ...record, expireAt });
      tx.set(ownerRef, { digest, createdAt: record.createdAt, expireAt });
    });
  }

  async redeem<T>(
    digest: string,
    attemptKey: string,
    work: (reads: RedemptionReads) => Promise<{ result: T; writes: RedemptionWrites }>,
  ): Promise<T> {
    const codeRef = this.codeRef(digest);
    const attemptsRef = this.firestore.collection(collections.handoffAttempts).doc(attemptKey);
    return this.firestore.runTransaction(async (tx) => {
      const [code, attempts] = await tx.getAll(codeRef, attemptsRef);
      const stamps = attempts?.data()?.at;
      const { result, writes } = await work({
        record: recordOf(code?.data()),
        attempts: Array.isArray(stamps) ? stamps.filter((s): s is string => typeof s === 'string') : [],
      });
      if (writes.attempts) {
        const last = Date.parse(writes.attempts[writes.attempts.length - 1] ?? '') || Date.now();
        tx.set(attemptsRef, { at: writes.attempts, expireAt: new Date(last + ATTEMPTS_PER_PREFIX.windowMs) });
      }
      if (writes.redeemed) tx.update(codeRef, { ...writes.redeemed });
      return result;
    });
  }

  async markRevoked(digest: string, now: Date): Promise<void> {
    await this.codeRef(digest).update({ revokedAt: now.toISOString() });
  }
}

/** A stored record, or undefined for a document that is not one (then the code is refused). */
function recordOf(data: Record<string, unknown> | undefined): HandoffRecord | undefined {
  if (!data || typeof data.uid !== 'string' || typeof data.createdAt !== 'string' || typeof data.expiresAt !== 'string')
    return undefined;
  if (!(HANDOFF_PLATFORMS as readonly unknown[]).includes(data.platform)) return undefined;
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : undefined);
  return {
    uid: data.uid,
    platform: data.platform as HandoffRecord['platform'],
    createdAt: data.createdAt,
    expiresAt: data.expiresAt,
    ...definedFields({
      redeemedAt: text('redeemedAt'),
      installationId: text('installationId'),
      replacedAt: text('replacedAt'),
      revokedAt: text('revokedAt'),
    }),
  };
}
