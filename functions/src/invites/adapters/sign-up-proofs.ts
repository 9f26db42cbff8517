/**
 * The sign-up's proof of its address from the browser, in Firestore: its sign-up read and the
 * flow's decision written on it in one transaction, as a try of the mail's code does
 * (mail-code-store.ts).
 */
import type { Firestore } from 'firebase-admin/firestore';
import { RecordRefs } from '../../platform/adapters/record-refs.js';
import type { SignUpProofs } from '../flows/ports.js';

export class FirestoreSignUpProofs implements SignUpProofs {
  private readonly refs: RecordRefs;

  constructor(private readonly firestore: Firestore) {
    this.refs = new RecordRefs(firestore);
  }

  recordProof(
    userId: string,
    decide: Parameters<SignUpProofs['recordProof']>[1],
  ): ReturnType<SignUpProofs['recordProof']> {
    const ref = this.refs.signUpRef(userId);
    return this.firestore.runTransaction(async (tx) => {
      const doc = await tx.get(ref);
      const signUp = doc.data();
      const proof = decide(signUp);
      if (proof && doc.exists) tx.update(ref, proof);
      return { inviterId: signUp?.invitedBy ?? null };
    });
  }
}
