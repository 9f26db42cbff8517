/**
 * The proofs of addresses in Firestore (`_addressProofs/{id}`): a mail's link recorded with the mail
 * (mail-outbox.ts), and the door's taking and spending of any proof, its record and the sign-up's proof
 * written in one transaction (functions/src/activation/domain/proofs.ts). Each record carries `expireAt` for a
 * TTL policy (docs/deploying.md): a week, longer than any proof lives.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { AddressProofRecord } from '@dayfocus/contracts/address-proofs';
import { collections } from '@dayfocus/contracts/records';
import { RecordRefs } from '../../platform/adapters/record-refs.js';
import type { AddressProofs } from '../flows/ports.js';
import { confirmationOf } from '../domain/funnel.js';
import type { FunnelStore } from './funnel-store.js';
import { countLinkEventIn } from './link-levers-store.js';

const RECORD_KEEP_MS = 7 * 24 * 60 * 60_000;

/** A proof's record as stored: with the time the TTL policy removes it. */
export function storedProof(record: AddressProofRecord, now: Date): AddressProofRecord {
  return { ...record, expireAt: new Date(now.getTime() + RECORD_KEEP_MS) };
}

export class FirestoreAddressProofs implements AddressProofs {
  private readonly refs: RecordRefs;

  /** `funnel`: counts a sign-up's first proof as its inviter's `confirmed`, in the spending's commit. */
  constructor(
    private readonly firestore: Firestore,
    private readonly funnel?: FunnelStore,
  ) {
    this.refs = new RecordRefs(firestore);
  }

  private ref(id: string) {
    return this.firestore.collection(collections.addressProofs).doc(id);
  }

  async read(id: string): Promise<AddressProofRecord | undefined> {
    return recordOf((await this.ref(id).get()).data());
  }

  async readWithSignUp(id: string, uid: string) {
    const [proof, signUp] = await Promise.all([this.ref(id).get(), this.refs.signUpRef(uid).get()]);
    return { record: recordOf(proof.data()), signUpProved: typeof signUp.get('signUpProvedAt') === 'string' };
  }

  change<T>(id: string, uid: string, decide: Parameters<AddressProofs['change']>[2]): Promise<T> {
    const signUpRef = this.refs.signUpRef(uid);
    return this.firestore.runTransaction(async (tx) => {
      const [proofDoc, signUpDoc] = await Promise.all([tx.get(this.ref(id)), tx.get(signUpRef)]);
      const decision = decide(recordOf(proofDoc.data()), signUpDoc.data());
      const now = new Date();
      if (decision.record) tx.set(this.ref(id), storedProof(decision.record, now));
      if (signUpDoc.exists && Object.keys(decision.signUpUpdate).length > 0) {
        tx.update(signUpRef, decision.signUpUpdate);
        const confirmed = confirmationOf(signUpDoc.data(), decision.signUpUpdate);
        if (confirmed) this.funnel?.countIn(tx, confirmed.inviterId, 'confirmed', now, confirmed.way);
        if (confirmed?.link && this.funnel) countLinkEventIn(tx, this.firestore, confirmed.link, 'confirmed');
      }
      return decision.answer as T;
    });
  }
}

function recordOf(data: Record<string, unknown> | undefined): AddressProofRecord | undefined {
  if (!data || typeof data.uid !== 'string' || typeof data.address !== 'string') return undefined;
  const { expireAt: _expireAt, ...record } = data;
  return record as unknown as AddressProofRecord;
}
