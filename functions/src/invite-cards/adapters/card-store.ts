/**
 * The cards drawn, one Firestore document each (`_inviteCards`), by their address: the next
 * instance asked for one finds it there and draws nothing. A card is a JPEG of about 40-75 KB,
 * well within a document's 1 MiB. Nobody but the functions reads them (the companion's rules give
 * clients nothing there); the CDN serves them.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import type { CardStore } from '../flows/ports.js';

export class FirestoreCardStore implements CardStore {
  constructor(private readonly db: Firestore) {}

  /** The card's document: its address, escaped (a document id holds no `/`). */
  private doc(key: string) {
    return this.db.collection(collections.inviteCards).doc(encodeURIComponent(key));
  }

  async read(key: string): Promise<Uint8Array | null> {
    const jpeg: unknown = (await this.doc(key).get()).get('jpeg');
    return jpeg instanceof Uint8Array ? jpeg : null;
  }

  async write(key: string, jpeg: Uint8Array, about: { inviterId: string; language: string }): Promise<void> {
    await this.doc(key).set({ ...about, jpeg: Buffer.from(jpeg), drawnAt: new Date().toISOString() });
  }
}
