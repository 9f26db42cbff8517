/**
 * What `myInvitations` reads (flows/my-invitations-flow.ts): her funnel's shards of the last days,
 * one range query on `day`, and a page of her joins' records, one query served by the composite
 * index (inviterId, friendship, createdAt) of firestore.indexes.json. Nothing else is read.
 */
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { collections, friendDocumentId } from '@dayfocus/contracts/records';
import type { JoinCursor, JoinRow } from '../domain/invitation-numbers.js';
import type { InvitationReader } from '../flows/ports.js';
import type { FunnelStore } from './funnel-store.js';

export class FirestoreInvitationReader implements InvitationReader {
  constructor(
    private readonly firestore: Firestore,
    private readonly funnel: FunnelStore,
  ) {}

  shardsSince(inviterId: string, fromDay: string): Promise<Record<string, unknown>[]> {
    return this.funnel.shardsSince(inviterId, fromDay);
  }

  /** Newest first; ties ordered by the record's id, which names the invitee. Only the fields a person shows. */
  async joinsAfter(inviterId: string, after: JoinCursor | null, limit: number): Promise<JoinRow[]> {
    let query = this.firestore
      .collection(collections.friendJoins)
      .where('inviterId', '==', inviterId)
      .where('friendship', '==', 'created')
      .orderBy('createdAt', 'desc')
      .orderBy(FieldPath.documentId(), 'desc');
    if (after) query = query.startAfter(after.joinedAt, friendDocumentId(inviterId, after.inviteeId));
    const snapshot = await query
      .select('inviteeId', 'inviteeName', 'createdAt', 'way', 'inviteeDeletedAt')
      .limit(limit)
      .get();
    return snapshot.docs.flatMap((doc): JoinRow[] => {
      const { inviteeId, inviteeName, createdAt, way, inviteeDeletedAt } = doc.data();
      if (typeof inviteeId !== 'string' || typeof createdAt !== 'string') return [];
      // A person whose account is gone is in nobody's list (domain/gone-invitees.ts); the cursor
      // still moves past her, so a page may hold fewer people than asked.
      if (inviteeDeletedAt !== undefined) return [{ inviteeId, inviteeName: '', createdAt, gone: true }];
      return [{ inviteeId, inviteeName: typeof inviteeName === 'string' ? inviteeName : '', createdAt, way }];
    });
  }
}
