/**
 * The e-mail proof's nonces in Firestore: each in `_emailProofNonces/{digest of the nonce}` (a
 * digest of its holder, its expiry, and once spent, when), each limit's stamps in
 * `_emailProofLimits/{kind}-{digest}` (never a holder or an address in the clear). Both carry
 * `expireAt` for a TTL policy (docs/deploying.md): a nonce an hour after it expires, a limit when
 * its window ends. Spending reads and writes the nonce in one transaction: of two spends at the
 * same time, one hears 'spent'.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import { gated, type GateTable } from '../../platform/adapters/write-gate.js';
import { countWithinLimits } from '../../platform/adapters/rolling-limits.js';
import { digestOf, NONCE_KEEP_MS, spendingOf, type NonceRecord } from '../domain/proof-nonces.js';
import type { NonceIssuance, ProofNonces } from '../flows/ports.js';

export class FirestoreProofNonces implements ProofNonces, NonceIssuance {
  constructor(private readonly firestore: Firestore) {}

  private nonceRef(id: string) {
    return this.firestore.collection(collections.emailProofNonces).doc(id);
  }

  keep(...[id, record, limits, now]: Parameters<NonceIssuance['keep']>): Promise<boolean> {
    const counted = limits.map(({ key, window }) => ({
      ref: this.firestore.collection(collections.emailProofLimits).doc(key),
      window,
    }));
    return this.firestore.runTransaction(async (tx) => {
      if (!(await countWithinLimits(tx, counted, now))) return false;
      tx.create(this.nonceRef(id), { ...record, expireAt: new Date(Date.parse(record.expiresAt) + NONCE_KEEP_MS) });
      return true;
    });
  }

  spend(nonce: string, holder: string, now: Date): ReturnType<ProofNonces['spend']> {
    const ref = this.nonceRef(digestOf(nonce));
    return this.firestore.runTransaction(async (tx) => {
      const spending = spendingOf((await tx.get(ref)).data() as NonceRecord | undefined, holder, now);
      if (spending === 'spent') tx.update(ref, { spentAt: now.toISOString() });
      return spending;
    });
  }
}

/** Keeping a nonce writes its limits and record; spending one writes it spent. */
export const proofNoncesGate = { spend: 'write' } as const satisfies GateTable<ProofNonces>;
export const nonceIssuanceGate = { keep: 'write' } as const satisfies GateTable<NonceIssuance>;

export const gatedProofNonces = (nonces: ProofNonces): ProofNonces => gated(nonces, proofNoncesGate);
export const gatedNonceIssuance = (nonces: NonceIssuance): NonceIssuance => gated(nonces, nonceIssuanceGate);
