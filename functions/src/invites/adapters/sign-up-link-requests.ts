/**
 * The requests for a finishing link in Firestore (`_signUpLinkRequests`, no client's to read):
 * written by mailSignUpLink, answered and removed by its trigger (sign-up-link-flow.ts).
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { SignUpLinkRequest } from '../domain/sign-up-link-requests.js';
import type { SignUpLinkRequests } from '../flows/ports.js';
import { signUpLinkRequestsIn } from './sign-up-link-refs.js';

export class FirestoreSignUpLinkRequests implements SignUpLinkRequests {
  constructor(private readonly firestore: Firestore) {}

  private get requests() {
    return signUpLinkRequestsIn(this.firestore);
  }

  async add(request: SignUpLinkRequest): Promise<void> {
    await this.requests.add(request);
  }

  async stillAsked(id: string): Promise<boolean> {
    return (await this.requests.doc(id).get()).exists;
  }

  async waitBehind(id: string, mark: string): Promise<boolean> {
    const ref = this.requests.doc(id);
    return this.firestore.runTransaction(async (tx) => {
      const [mine, waiting] = await Promise.all([
        tx.get(ref),
        tx.get(this.requests.where('waitingBehind', '==', mark).limit(2)),
      ]);
      if (!mine.exists || waiting.docs.some((doc) => doc.id !== id)) return false;
      tx.update(ref, { waitingBehind: mark });
      return true;
    });
  }

  async remove(id: string): Promise<void> {
    await this.requests.doc(id).delete();
  }
}
