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

  async removeAll(inviterId: string): Promise<number> {
    const cards = this.db.collection(collections.inviteCards).where('inviterId', '==', inviterId);
    // Their names alone (`select()`): the JPEGs are not read to be deleted.
    const { docs } = await cards.select().get();
    // One card a language and each change of name or picture: a batch of 500 holds years of them.
    for (let at = 0; at < docs.length; at += 500) {
      const batch = this.db.batch();
      for (const doc of docs.slice(at, at + 500)) batch.delete(doc.ref);
      await batch.commit();
    }
    return docs.length;
  }
}
