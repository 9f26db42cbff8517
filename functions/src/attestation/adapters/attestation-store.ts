/**
 * The App Check fallback's records in Firestore: each challenge in `_attestationChallenges/{id}`
 * (its secret, and once redeemed, when), each limit's stamps in `_attestationLimits/{key}` (a
 * digest of the client or address, never either in the clear), the figures per day and arrival
 * context in `_attestationCounts/{day}_{context}_{shard}`. Challenges and limits carry `expireAt` for a TTL
 * policy (docs/deploying.md): a challenge an hour after it expires, a limit when its window ends.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import type { RollingWindow } from '../../platform/domain/rolling-window.js';
import { countWithinLimits } from '../../platform/adapters/rolling-limits.js';
import { ATTESTATION_COUNT_SHARDS, attestationCountId, type AttestationEvent } from '../domain/attestation.js';
import type { AttestationStore } from '../flows/ports.js';

/** How long a challenge's record outlives the challenge: a replay in that time is still known. */
const CHALLENGE_KEEP_MS = 60 * 60 * 1000;

export class FirestoreAttestationStore implements AttestationStore {
  constructor(private readonly firestore: Firestore) {}

  private challengeRef(id: string) {
    return this.firestore.collection(collections.attestationChallenges).doc(id);
  }

  async countChallenge(limits: { key: string; window: RollingWindow }[], now: Date): Promise<boolean> {
    const counted = limits.map(({ key, window }) => ({
      ref: this.firestore.collection(collections.attestationLimits).doc(key),
      window,
    }));
    return this.firestore.runTransaction((tx) => countWithinLimits(tx, counted, now));
  }

  async saveChallenge(id: string, record: { secret: string; expiresAt: string }): Promise<void> {
    await this.challengeRef(id).create({
      ...record,
      expireAt: new Date(Date.parse(record.expiresAt) + CHALLENGE_KEEP_MS),
    });
  }

  async secretOf(id: string): Promise<string | null> {
    const data = (await this.challengeRef(id).get()).data();
    if (!data || data.redeemedAt !== undefined) return null;
    return typeof data.secret === 'string' ? data.secret : null;
  }

  async count(event: AttestationEvent, context: string, now: Date): Promise<void> {
    const shard = Math.floor(Math.random() * ATTESTATION_COUNT_SHARDS);
    await this.firestore
      .collection(collections.attestationCounts)
      .doc(attestationCountId(now, context, shard))
      .set({ day: now.toISOString().slice(0, 10), context, [event]: FieldValue.increment(1) }, { merge: true });
  }

  async redeem(id: string, now: Date): Promise<boolean> {
    const ref = this.challengeRef(id);
    return this.firestore.runTransaction(async (tx) => {
      const data = (await tx.get(ref)).data();
      if (!data || data.redeemedAt !== undefined) return false;
      tx.update(ref, { redeemedAt: now.toISOString() });
      return true;
    });
  }
}
