/**
 * What her decisions on requests read and write (flows/approvals-flow.ts): the requests, one query
 * served by the (inviterId, friendship, createdAt) index of firestore.indexes.json, the names of
 * her links, and a decision in one transaction with the friendship it makes and her numbers.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { collections, friendDocumentId, friendRecord } from '@dayfocus/contracts/records';
import { readAllIn } from '../../platform/adapters/converters.js';
import { owedWorkConverters } from '../../owed-work/adapters/owed-work-refs.js';
import type { FriendJoin } from '../../owed-work/domain/friend-join.js';
import type { DecideRequest, RequestDecision } from '../domain/approvals.js';
import type { ApprovalStore } from '../flows/ports.js';
import type { FirestoreInviteStore } from './invite-store.js';
import type { FunnelStore } from './funnel-store.js';
import { countLinkEventIn, linkRef } from './link-levers-store.js';

export class FirestoreApprovalStore implements ApprovalStore {
  constructor(
    private readonly firestore: Firestore,
    private readonly invites: FirestoreInviteStore,
    private readonly funnel: FunnelStore,
  ) {}

  async requested(inviterId: string, limit: number): Promise<FriendJoin[]> {
    const snapshot = await this.firestore
      .collection(collections.friendJoins)
      .withConverter(owedWorkConverters.friendJoins)
      .where('inviterId', '==', inviterId)
      .where('friendship', '==', 'requested')
      .orderBy('createdAt', 'desc')
      .limit(limit)
      .get();
    return snapshot.docs.map((doc) => doc.data());
  }

  async linkNames(codes: readonly string[]): Promise<Map<string, string | null>> {
    if (codes.length === 0) return new Map();
    const links = await this.firestore.getAll(...codes.map((code) => linkRef(this.firestore, code)));
    return new Map(
      links.flatMap((snapshot) => {
        const link = snapshot.data();
        return link && !link.retiredAt ? [[snapshot.id, link.name ?? null] as const] : [];
      }),
    );
  }

  /** The friendship query beside the transaction, as a join's: a racing duplicate is stopped by the record. */
  async decide(inviterId: string, inviteeId: string, decide: DecideRequest, now: Date): Promise<RequestDecision> {
    const ref = this.invites.joinRef(inviterId, inviteeId);
    return this.firestore.runTransaction(async (tx) => {
      const [[join, invitee], friendsAlready] = await Promise.all([
        readAllIn(tx, ref, this.invites.user(inviteeId)),
        this.invites.friendsEitherWay(inviterId, inviteeId),
      ]);
      const decision = decide(join, { friendsAlready, inviteeGone: !invitee || invitee.isDeleted === true });
      if (decision.kind !== 'decided') return decision;
      tx.set(ref, decision.record);
      if (decision.friendship) {
        const { record } = decision;
        const friend = friendRecord({ inviterId, inviteeId, inviteeName: record.inviteeName, now: now.toISOString() });
        tx.create(this.invites.friendRef(friendDocumentId(inviterId, inviteeId)), friend);
        // Counted as a join through the link, in her numbers and the link's, when it is made.
        this.funnel.countIn(tx, inviterId, 'joins', now, record.way);
        if (record.link) countLinkEventIn(tx, this.firestore, record.link, 'joins');
      }
      return decision;
    });
  }
}
