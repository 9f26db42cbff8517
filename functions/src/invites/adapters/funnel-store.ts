/** The invite funnels in Firestore (domain/funnel.ts): one increment per event, sums on read. */
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import {
  FUNNEL_SHARD_COUNT,
  funnelDay,
  funnelShardFields,
  funnelShardId,
  sumFunnel,
  type FunnelDay,
  type FunnelEvent,
} from '../domain/funnel.js';

export class FunnelStore {
  constructor(
    private readonly firestore: Firestore,
    private readonly randomShard: () => number = () => Math.floor(Math.random() * FUNNEL_SHARD_COUNT),
  ) {}

  private shards(inviterId: string) {
    return this.firestore.collection(collections.inviteFunnels).doc(inviterId).collection('shards');
  }

  private shardWrite(inviterId: string, event: FunnelEvent, way: InviteWay | undefined, now: Date) {
    const day = funnelDay(now);
    return {
      ref: this.shards(inviterId).doc(funnelShardId(day, this.randomShard())),
      fields: funnelShardFields(inviterId, day, event, way, FieldValue.increment(1)),
    };
  }

  /** Counts one event now (a blind write: it never contends with another). */
  async count(inviterId: string, event: FunnelEvent, now: Date, way?: InviteWay): Promise<void> {
    const { ref, fields } = this.shardWrite(inviterId, event, way, now);
    await ref.set(fields, { merge: true });
  }

  /** Counted exactly when the transaction commits. */
  countIn(tx: Transaction, inviterId: string, event: FunnelEvent, now: Date, way?: InviteWay): void {
    const { ref, fields } = this.shardWrite(inviterId, event, way, now);
    tx.set(ref, fields, { merge: true });
  }

  /** The shards of `fromDay` (`YYYY-MM-DD`) and after: one range query on `day`. */
  async shardsSince(inviterId: string, fromDay: string): Promise<Record<string, unknown>[]> {
    const snapshot = await this.shards(inviterId).where('day', '>=', fromDay).get();
    return snapshot.docs.map((doc) => doc.data());
  }

  async funnelOf(inviterId: string): Promise<FunnelDay[]> {
    const snapshot = await this.shards(inviterId).get();
    return sumFunnel(snapshot.docs.map((doc) => doc.data()));
  }
}
