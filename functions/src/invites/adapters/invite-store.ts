/**
 * A join's transaction is the flow's: the store reads for it and writes the plan the domain made.
 * Every operation is safe to repeat, so that a retry after a failure anywhere finishes the work
 * instead of duplicating it.
 */
import { FieldValue, Filter, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { isDocumentId } from '@dayfocus/contracts/ids';
import { collections, emailSignUpRecord, type SignUpRecord, type UserRecord } from '@dayfocus/contracts/records';
import { LIMIT_SHARDS } from '@dayfocus/contracts/invite-controls';
import type { InvitationCounts } from '@dayfocus/contracts/inviter-view-functions';
import { type FriendJoin } from '../../owed-work/domain/friend-join.js';
import {
  type InviteStore,
  type InviteTransaction,
  type InviteeState,
  type JoinCommit,
  type DoorState,
  type PairState,
  type SignUpCommit,
} from '../flows/ports.js';
import { type Logger } from '../../platform/flows/ports.js';
import { readAllIn } from '../../platform/adapters/converters.js';
import { forUpdate } from '../../platform/adapters/record-refs.js';
import { OwedWorkRefs, owedWorkConverters } from '../../owed-work/adapters/owed-work-refs.js';
import { forgottenJoin } from '../domain/gone-invitees.js';
import { FunnelStore } from './funnel-store.js';
import { grpcCodeOf, GrpcStatus } from '../../platform/adapters/grpc-status.js';
import type { LimitOwner, SeenShard, ShardCount } from '../domain/invite-limits.js';
import { claimShard, runClaiming, lookAtShard, lookAtShards, type ClaimMark } from './limit-shards.js';
import { controlsRef, limitShardRef, limitShardRefs } from './invite-controls-store.js';
import { countLinkEventIn, linkLimitShardRef, linkLimitShardRefs, linkRef, ownerRef } from './link-levers-store.js';

export class FirestoreInviteStore extends OwedWorkRefs implements InviteStore {
  /** `funnel` counts the sign-ups and joins inside their transactions. */
  constructor(
    firestore: Firestore,
    private readonly funnel: FunnelStore,
    private readonly logger: Logger,
  ) {
    super(firestore);
  }

  get db(): Firestore {
    return this.firestore;
  }

  /** The shard of her limit's count a join looks at first: at random, so that joins spread. */
  pickLimitShard(): number {
    return Math.floor(Math.random() * LIMIT_SHARDS);
  }

  async getUser(userId: string): Promise<UserRecord | null> {
    if (!isDocumentId(userId)) return null;
    return (await this.user(userId).get()).data() ?? null;
  }

  /**
   * The SDK retries on contention; the join's documents are its own, so contention is rare. A claim
   * on a limit's shard lost to another join runs the join again (adapters/limit-shards.ts).
   */
  async transaction<T>(work: (tx: InviteTransaction) => Promise<T>): Promise<T> {
    return runClaiming(this.firestore, (tx, mark) => work(new FirestoreInviteTransaction(this, this.funnel, tx, mark)));
  }

  /**
   * Whether a friendship exists in either direction (by userId and friendId): one query, each
   * side of the OR served by the (userId, friendId) index. Beside the transaction: a racing
   * duplicate is stopped by the join record, which the transaction reads.
   */
  async friendsEitherWay(a: string, b: string): Promise<boolean> {
    const between = (x: string, y: string) =>
      Filter.and(Filter.where('userId', '==', x), Filter.where('friendId', '==', y));
    const found = await this.firestore
      .collection(collections.friends)
      .where(Filter.or(between(a, b), between(b, a)))
      .limit(1)
      .get();
    return !found.empty;
  }

  /** Never overwrites a record. */
  async ensureBaseUser(input: {
    userId: string;
    email: string;
    name: string;
    now: string;
  }): Promise<'created' | 'existed'> {
    try {
      await this.user(input.userId).create(emailSignUpRecord(input));
      return 'created';
    } catch (error) {
      if (grpcCodeOf(error) === GrpcStatus.ALREADY_EXISTS) return 'existed';
      throw error;
    }
  }

  /** The record stays, retired: history refers to it. */
  async retireUser(userId: string, now: string): Promise<'retired' | 'missing'> {
    try {
      await this.user(userId).update({
        isDeleted: true,
        isActive: false,
        fcmToken: FieldValue.delete(),
        updatedAt: now,
      });
      return 'retired';
    } catch (error) {
      if (grpcCodeOf(error) === GrpcStatus.NOT_FOUND) return 'missing';
      throw error;
    }
  }

  /**
   * Her joins' records, each forgotten in a transaction of its own (a push being settled beside it
   * is read again): one query on `inviteeId`. Safe to repeat.
   */
  async forgetInvitee(inviteeId: string, now: Date): Promise<number> {
    const joins = await this.firestore
      .collection(collections.friendJoins)
      .where('inviteeId', '==', inviteeId)
      .withConverter(owedWorkConverters.friendJoins)
      .get();
    const forgotten = await Promise.all(
      joins.docs.map((doc) =>
        this.firestore.runTransaction(async (tx) => {
          const join = (await tx.get(doc.ref)).data();
          const next = join && forgottenJoin(join, now);
          if (next) tx.set(doc.ref, next);
          return next ? 1 : 0;
        }),
      ),
    );
    return forgotten.reduce<number>((sum, n) => sum + n, 0);
  }
}

/** It writes nothing that the inviter's other joins write, the funnel's shards aside (docs/joins.md J). */
class FirestoreInviteTransaction implements InviteTransaction {
  constructor(
    private readonly store: FirestoreInviteStore,
    private readonly funnel: FunnelStore,
    private readonly tx: Transaction,
    private readonly claims: ClaimMark,
  ) {}

  async readInvitee(
    inviteeId: string,
    inviterId: string | undefined,
  ): Promise<{ invitee: InviteeState; pair: PairState | null }> {
    const userRef = this.store.user(inviteeId);
    const signUpRef = this.store.signUpRef(inviteeId);
    const notificationsRef = this.store.notifications(inviteeId);
    if (!inviterId) {
      const [user, signUp, notifications] = await readAllIn(this.tx, userRef, signUpRef, notificationsRef);
      return { invitee: { user, signUp, notificationsExist: notifications !== undefined }, pair: null };
    }
    // One round: the invitee's three documents, the pair's two and the inviter's levers in one read,
    // the friendship query and one shard of her limit's count beside it.
    const [[user, signUp, notifications, inviter, join, controls, owner], [friendsAlready, shard]] = await Promise.all([
      readAllIn(this.tx, userRef, signUpRef, notificationsRef, ...this.pairRefs(inviterId, inviteeId)),
      this.besideThePair(inviterId, inviteeId),
    ]);
    return {
      invitee: { user, signUp, notificationsExist: notifications !== undefined },
      pair: { inviter: inviter ?? null, join, friendsAlready, limits: { controls, shard }, owner },
    };
  }

  async readPair(inviterId: string, inviteeId: string): Promise<PairState> {
    const [[inviter, join, controls, owner], [friendsAlready, shard]] = await Promise.all([
      readAllIn(this.tx, ...this.pairRefs(inviterId, inviteeId)),
      this.besideThePair(inviterId, inviteeId),
    ]);
    return { inviter: inviter ?? null, join, friendsAlready, limits: { controls, shard }, owner };
  }

  /** What a join reads of the pair in its transaction: her record, the join's, her levers, her owner record. */
  private pairRefs(inviterId: string, inviteeId: string) {
    const { store } = this;
    const { db } = store;
    return [
      store.user(inviterId),
      store.joinRef(inviterId, inviteeId),
      controlsRef(db, inviterId),
      ownerRef(db, inviterId),
    ] as const;
  }

  /**
   * Beside the transaction, in the same round: whether they are friends, and one shard of her limit
   * looked at (picked at random, so that joins spread).
   */
  private besideThePair(inviterId: string, inviteeId: string): Promise<[boolean, SeenShard]> {
    const index = this.store.pickLimitShard();
    return Promise.all([
      this.store.friendsEitherWay(inviterId, inviteeId),
      lookAtShard(limitShardRef(this.store.db, inviterId, index), index),
    ]);
  }

  lookAtLimitShards(owner: LimitOwner): Promise<SeenShard[]> {
    const { db } = this.store;
    return lookAtShards('code' in owner ? linkLimitShardRefs(db, owner.code) : limitShardRefs(db, owner.inviterId));
  }

  countLimitedJoin(inviterId: string, count: ShardCount): void {
    claimShard(this.tx, limitShardRef(this.store.db, inviterId, count.index), count, this.claims);
  }

  async readDoor(inviterId: string, code: string | undefined): Promise<DoorState> {
    const index = this.store.pickLimitShard();
    const db = this.store.db;
    if (code === undefined || !isDocumentId(code)) {
      const [owner] = await readAllIn(this.tx, ownerRef(db, inviterId));
      return { owner, link: undefined, shard: { index, record: undefined, version: null } };
    }
    const [[owner, link], shard] = await Promise.all([
      readAllIn(this.tx, ownerRef(db, inviterId), linkRef(db, code)),
      lookAtShard(linkLimitShardRef(db, code, index), index),
    ]);
    return { owner, link, shard };
  }

  countLinkLimitedJoin(code: string, count: ShardCount): void {
    claimShard(this.tx, linkLimitShardRef(this.store.db, code, count.index), count, this.claims);
  }

  countLinkEvent(code: string, event: keyof InvitationCounts): void {
    countLinkEventIn(this.tx, this.store.db, code, event);
  }

  async readSignUp(userId: string, inviterId: string) {
    const { store, tx } = this;
    const [user, signUp, inviter] = await readAllIn(
      tx,
      store.user(userId),
      store.signUpRef(userId),
      store.user(inviterId),
    );
    return { user, signUp, inviter: inviter ?? null };
  }

  /** Creates the record with its first fields. */
  private setSignUp(userId: string, fields: Partial<SignUpRecord>, now: Date): void {
    if (Object.keys(fields).length === 0) return;
    this.tx.set(this.store.signUpRef(userId), { ...fields, userId, updatedAt: now.toISOString() }, { merge: true });
  }

  applySignUp(input: SignUpCommit): void {
    this.tx.set(this.store.user(input.userId), input.update.user, { merge: true });
    this.setSignUp(input.userId, input.update.signUp, input.now);
    const way = input.update.signUp.inviteWay ?? undefined;
    if (!input.countsSignUp) return;
    this.funnel.countIn(this.tx, input.inviterId, 'signUps', input.now, way);
    // The link it recorded is one of hers (flows/invite-flow.ts keeps no other): its numbers count it.
    const link = input.update.signUp.inviteLink;
    if (link) countLinkEventIn(this.tx, this.store.db, link, 'signUps');
  }

  applyJoin(commit: JoinCommit): void {
    const { inviteeId, inviterId, userUpdate, signUpUpdate, plan, countsSignUp, now, way } = commit;
    const { tx, store } = this;
    tx.set(store.user(inviteeId), userUpdate, { merge: true });
    this.setSignUp(inviteeId, signUpUpdate, now);
    const { writes } = plan;
    if (writes.notifications) tx.create(store.notifications(inviteeId), writes.notifications);
    if (writes.friend) tx.create(store.friendRef(writes.friend.id), writes.friend.record);
    if (!inviterId) return;
    if (writes.join) {
      const ref = store.joinRef(inviterId, inviteeId);
      if ('create' in writes.join) {
        // The way goes with the join's record: the inviter's list of people says it.
        const record = way ? { ...writes.join.create, way } : writes.join.create;
        // A request lapsed, declined or not asked by this door is made anew (domain/approvals.ts).
        if (writes.join.replaces) tx.set(ref, record);
        else tx.create(ref, record);
        // The join record is made once per pair, so the funnel counts each new friendship once
        // (not a pair that was friends already).
        if (plan.outcome === 'joined') this.funnel.countIn(tx, inviterId, 'joins', now, way);
      } else tx.update(ref, forUpdate<FriendJoin>(writes.join.update));
    }
    if (countsSignUp) this.funnel.countIn(tx, inviterId, 'signUps', now, way);
    if (commit.countsConfirmed) this.funnel.countIn(tx, inviterId, 'confirmed', now, way);
  }
}
