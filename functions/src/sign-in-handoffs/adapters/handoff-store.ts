/**
 * Sign-in handoff codes in Firestore: `_signInHandoffs/{digest}` (never the code), the account's
 * live code in `_signInHandoffOwners/{uid}`, and the attempts on a code prefix in
 * `_handoffAttempts/{prefix}`, and an account locked by a reuse in `_accountLocks/{uid}`. Each
 * document carries `expireAt` for a TTL policy (docs/deploying.md): a code is kept a day after it
 * was made, so that a reuse is still known for one after the code's own ten minutes; a lock is
 * kept 30 days, the life of its recovery link.
 */
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import { isPhone } from '@dayfocus/contracts/phones';
import type { SignUpRecord } from '@dayfocus/contracts/records';
import { putInOutbox } from '../../platform/adapters/outbox.js';
import { RecordRefs } from '../../platform/adapters/record-refs.js';
import type { MailMessage } from '../../platform/domain/mail.js';
import { definedFields } from '../../platform/domain/defined-fields.js';
import type { AccountLock } from '../domain/account-locks.js';
import { ATTEMPTS_PER_PREFIX, MINTS_PER_DAY, type HandoffOwner, type HandoffRecord } from '../domain/handoffs.js';
import type { HandoffStore, RedemptionReads, RedemptionWrites } from '../flows/ports.js';

const RECORD_KEEP_MS = 24 * 60 * 60_000;
const LOCK_KEEP_MS = 30 * 24 * 60 * 60_000;

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function handoffDigest(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export class FirestoreHandoffStore implements HandoffStore {
  constructor(private readonly firestore: Firestore) {}

  private codeRef(digest: string) {
    return this.firestore.collection(collections.signInHandoffs).doc(digest);
  }

  private lockRef(uid: string) {
    return this.firestore.collection(collections.accountLocks).doc(uid);
  }

  async getSignUp(uid: string): Promise<SignUpRecord | undefined> {
    return (await new RecordRefs(this.firestore).signUpRef(uid).get()).data();
  }

  async mint(digest: string, record: HandoffRecord, count: (mintedAt: string[]) => string[] | null): Promise<boolean> {
    const ownerRef = this.firestore.collection(collections.signInHandoffOwners).doc(record.uid);
    const now = new Date(record.createdAt);
    return this.firestore.runTransaction(async (tx) => {
      const owner = (await tx.get(ownerRef)).data();
      const earlier = owner?.digest;
      // A retried commit that had landed finds its own code: neither counted, replaced nor made again.
      if (earlier === digest) return true;
      const mintedAt = count(texts(owner?.mintedAt));
      if (!mintedAt) return false;
      const earlierRef = typeof earlier === 'string' ? this.codeRef(earlier) : undefined;
      const earlierRecord = earlierRef ? recordOf((await tx.get(earlierRef)).data()) : undefined;
      if (earlierRef && earlierRecord && !earlierRecord.redeemedAt && !earlierRecord.replacedAt) {
        tx.update(earlierRef, { replacedAt: now.toISOString() });
      }
      const expireAt = new Date(now.getTime() + RECORD_KEEP_MS);
      tx.set(this.codeRef(digest), { ...record, expireAt });
      // Kept as long as the mints it counts.
      tx.set(ownerRef, {
        digest,
        createdAt: record.createdAt,
        mintedAt,
        expireAt: new Date(now.getTime() + MINTS_PER_DAY.windowMs),
      });
      return true;
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
      const { result, writes } = await work({
        record: recordOf(code?.data()),
        attempts: texts(attempts?.data()?.at),
      });
      if (writes.attempts) {
        const last = Date.parse(writes.attempts[writes.attempts.length - 1] ?? '') || Date.now();
        tx.set(attemptsRef, { at: writes.attempts, expireAt: new Date(last + ATTEMPTS_PER_PREFIX.windowMs) });
      }
      const recordWrites = { ...writes.redeemed, ...(writes.lockingAt ? { lockingAt: writes.lockingAt } : {}) };
      if (Object.keys(recordWrites).length > 0) tx.update(codeRef, recordWrites);
      return result;
    });
  }

  async lock(
    digest: string,
    uid: string,
    decide: (existing: AccountLock | undefined) => { lock: AccountLock; mail: MailMessage | null },
    now: Date,
  ): Promise<void> {
    const lockRef = this.lockRef(uid);
    await this.firestore.runTransaction(async (tx) => {
      const existing = storedLock((await tx.get(lockRef)).data());
      const { lock, mail } = decide(existing);
      if (lock !== existing) tx.set(lockRef, { ...lock, expireAt: new Date(now.getTime() + LOCK_KEEP_MS) });
      if (mail) putInOutbox(this.firestore, tx, mail);
      tx.update(this.codeRef(digest), { revokedAt: now.toISOString() });
    });
  }

  async revoke(digest: string, mail: MailMessage | null, now: Date): Promise<void> {
    const codeRef = this.codeRef(digest);
    await this.firestore.runTransaction(async (tx) => {
      const record = recordOf((await tx.get(codeRef)).data());
      if (!record || record.revokedAt) return;
      if (mail) putInOutbox(this.firestore, tx, mail);
      tx.update(codeRef, { revokedAt: now.toISOString() });
    });
  }

  async readLock(uid: string): Promise<AccountLock | undefined> {
    return storedLock((await this.lockRef(uid).get()).data());
  }

  async noteSquatter(uid: string, squatter: { uid: string; email: string }): Promise<void> {
    await this.lockRef(uid).update({ squatter });
  }

  async markRecovered(uid: string, now: Date): Promise<void> {
    await this.lockRef(uid).update({ recoveredAt: now.toISOString() });
  }
}

function ownerOf(value: unknown): HandoffOwner | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const owner = value as Record<string, unknown>;
  if (typeof owner.language !== 'string') return undefined;
  return {
    email: typeof owner.email === 'string' ? owner.email : null,
    providerIds: texts(owner.providerIds),
    language: owner.language,
    ...(Array.isArray(owner.factorIds) ? { factorIds: texts(owner.factorIds) } : {}),
  };
}

/** A stored lock, or undefined for a document that is not one. */
function storedLock(data: Record<string, unknown> | undefined): AccountLock | undefined {
  const owner = ownerOf(data?.owner);
  if (!data || !owner) return undefined;
  const { uid, lockedAt, recoverableAt, recoveryDigest, recoveredAt, disabledByLock, squatter, mintedAt } = data;
  if (typeof uid !== 'string' || typeof lockedAt !== 'string' || typeof recoverableAt !== 'string') return undefined;
  if (typeof recoveryDigest !== 'string') return undefined;
  const squatterFields = squatter && typeof squatter === 'object' ? (squatter as Record<string, unknown>) : {};
  return {
    uid,
    lockedAt,
    recoverableAt,
    owner,
    recoveryDigest,
    // A lock written before the field was kept had disabled the account itself.
    disabledByLock: disabledByLock !== false,
    ...(typeof recoveredAt === 'string' ? { recoveredAt } : {}),
    ...(typeof mintedAt === 'string' ? { mintedAt } : {}),
    ...(typeof squatterFields.uid === 'string' && typeof squatterFields.email === 'string'
      ? { squatter: { uid: squatterFields.uid, email: squatterFields.email } }
      : {}),
  };
}

/** A stored record, or undefined for a document that is not one (then the code is refused). */
function recordOf(data: Record<string, unknown> | undefined): HandoffRecord | undefined {
  if (!data || typeof data.uid !== 'string' || typeof data.createdAt !== 'string' || typeof data.expiresAt !== 'string')
    return undefined;
  if (!isPhone(data.platform)) return undefined;
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : undefined);
  return {
    uid: data.uid,
    platform: data.platform as HandoffRecord['platform'],
    createdAt: data.createdAt,
    expiresAt: data.expiresAt,
    ...definedFields({
      redeemedAt: text('redeemedAt'),
      installationId: text('installationId'),
      retryKeyDigest: text('retryKeyDigest'),
      owner: ownerOf(data.owner),
      replacedAt: text('replacedAt'),
      revokedAt: text('revokedAt'),
      lockingAt: text('lockingAt'),
    }),
  };
}
