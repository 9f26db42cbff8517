/**
 * Firestore side of the invite flow (flows/ports.ts, InviteStore). A join's transaction is the
 * flow's: the store reads for it (InviteTransaction) and writes the plan the domain made. The
 * other operations read what they need once, let the domain decide, and write once; each is
 * safe to repeat, so that a retry after a failure anywhere finishes the work instead of
 * duplicating it.
 */
import {
  FieldValue,
  Filter,
  type DocumentReference,
  type CollectionReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
  type UpdateData,
} from 'firebase-admin/firestore';
import { isDocumentId } from '@dayfocus/contracts/ids';
import {
  collections,
  emailSignUpRecord,
  friendDocumentId,
  friendJoinHistoryEntry,
  type SignUpRecord,
  type UserRecord,
} from '@dayfocus/contracts/records';
import { appendCapped } from '../../owed-work/domain/history.js';
import { holdsPushClaim, planSweep, settledPush } from '../../owed-work/domain/push-claims.js';
import type { PushResult } from '../../owed-work/domain/push-timing.js';
import { withDueAt, type FriendJoin, type PushClaim } from '../../owed-work/domain/friend-join.js';
import {
  planDueSummary,
  settledSummary,
  type PushBudget,
  type SummaryClaim,
  type SummaryPlan,
  type SummaryResult,
} from '../../owed-work/domain/push-budget.js';
import {
  CommitRefused,
  type InviteStore,
  type InviteTransaction,
  type InviteeState,
  type JoinCommit,
  type PairState,
  type SignUpCommit,
} from '../flows/ports.js';
import { type Logger } from '../../platform/flows/ports.js';
import { converters, readAllIn } from '../../platform/adapters/converters.js';
import { FunnelStore } from './funnel-store.js';
import { grpcCodeOf, GrpcStatus } from '../../platform/adapters/grpc-status.js';

/** Fields whose value is `undefined` are deleted by an update. */
function forUpdate<T extends object>(fields: Partial<Record<keyof T, unknown>>): UpdateData<T> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value === undefined ? FieldValue.delete() : value]),
  ) as UpdateData<T>;
}

/** A budget as one transaction read it: its fields, and the version a counted push is written against. */
interface BudgetRead {
  data: PushBudget | undefined;
  snapshot: DocumentSnapshot<PushBudget>;
}

export class FirestoreInviteStore implements InviteStore {
  private readonly funnel: FunnelStore;

  constructor(
    private readonly firestore: Firestore,
    private readonly logger: Logger,
  ) {
    this.funnel = new FunnelStore(firestore);
  }

  user(userId: string): DocumentReference<UserRecord> {
    return this.firestore.collection(collections.users).doc(userId).withConverter(converters.users);
  }

  notifications(userId: string) {
    return this.firestore.collection(collections.notifications).doc(userId).withConverter(converters.notifications);
  }

  joinRef(inviterId: string, inviteeId: string): DocumentReference<FriendJoin> {
    return this.firestore
      .collection(collections.friendJoins)
      .doc(friendDocumentId(inviterId, inviteeId))
      .withConverter(converters.friendJoins);
  }

  historyRef(inviterId: string) {
    return this.firestore
      .collection(collections.notificationHistory)
      .doc(inviterId)
      .withConverter(converters.notificationHistory);
  }

  budgetRef(inviterId: string): DocumentReference<PushBudget> {
    return this.firestore.collection(collections.pushBudgets).doc(inviterId).withConverter(converters.pushBudgets);
  }

  /** The server's own record of an account's sign-up: its inviter and the proof (never in `Users`). */
  signUpRef(userId: string): DocumentReference<SignUpRecord> {
    return this.firestore.collection(collections.signUps).doc(userId).withConverter(converters.signUps);
  }

  friendRef(id: string) {
    return this.firestore.collection(collections.friends).doc(id);
  }

  /** The user's record, or null when there is none (or the id cannot name a document). */
  async getUser(userId: string): Promise<UserRecord | null> {
    if (!isDocumentId(userId)) return null;
    return (await this.user(userId).get()).data() ?? null;
  }

  /**
   * Runs the flow's work in one Firestore transaction (the SDK runs it again on contention, up
   * to 20 times). A commit refused because a counted push's budget changed since its read, or
   * refused as invalid, is thrown as CommitRefused for the flow's retry policy.
   */
  async transaction<T>(work: (tx: InviteTransaction) => Promise<T>): Promise<T> {
    let countedBudget = false;
    try {
      return await this.firestore.runTransaction(
        async (tx) => {
          const handle = new FirestoreInviteTransaction(this, this.funnel, tx);
          const result = await work(handle);
          countedBudget = handle.countedBudget;
          return result;
        },
        { maxAttempts: 20 },
      );
    } catch (error) {
      const code = grpcCodeOf(error);
      if (countedBudget && (code === GrpcStatus.FAILED_PRECONDITION || code === GrpcStatus.ALREADY_EXISTS))
        throw new CommitRefused('budget-changed', { cause: error });
      if (code === GrpcStatus.INVALID_ARGUMENT) throw new CommitRefused('invalid-argument', { cause: error });
      throw error;
    }
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

  /**
   * Remembers the digest of a verification code an activation is about to apply (joins.ts,
   * verificationCodeProves). False when no sign-up recorded an inviter for the account (nothing
   * is written: a proof matters only for a recorded inviter).
   */
  async rememberVerificationCode(userId: string, digest: string, now: Date): Promise<boolean> {
    try {
      await this.signUpRef(userId).update({
        signUpCodeDigests: FieldValue.arrayUnion(digest),
        updatedAt: now.toISOString(),
      });
      return true;
    } catch (error) {
      if (grpcCodeOf(error) === GrpcStatus.NOT_FOUND) return false;
      throw error;
    }
  }

  /** Auth trigger: a base record from the email sign-up set, never overwriting one. */
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

  /** Auth trigger on deletion: the record stays (history refers to it) but is retired. */
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
   * Appends a join's owed history entry, dropping the oldest entries so that the document
   * stays within HISTORY_TRIM_TO_BYTES, and marks it written, in one transaction. Returns
   * the join's history state afterwards.
   */
  async appendOwedHistory(inviterId: string, inviteeId: string, now: Date): Promise<FriendJoin['history'] | 'no-join'> {
    const joinRef = this.joinRef(inviterId, inviteeId);
    const historyRef = this.historyRef(inviterId);
    return this.firestore.runTransaction(
      async (tx) => {
        const [join, document] = await readAllIn(tx, joinRef, historyRef);
        if (!join) return 'no-join' as const;
        if (join.history !== 'owed') return join.history;
        const iso = now.toISOString();
        const entry = friendJoinHistoryEntry({ inviteeId, inviteeName: join.inviteeName, now: join.createdAt });
        const { history, dropped } = appendCapped(inviterId, { ...document, userId: inviterId, updatedAt: iso }, entry);
        if (dropped > 0)
          this.logger.info('Dropped the oldest history entries to make room', {
            inviterId,
            dropped,
            kept: history.length,
          });
        tx.set(historyRef, { userId: inviterId, history, updatedAt: iso }, { merge: true });
        tx.update(
          joinRef,
          forUpdate<FriendJoin>({
            ...withDueAt({ ...join, history: 'written', historyDueAt: undefined }),
            updatedAt: iso,
          }),
        );
        return 'written' as const;
      },
      { maxAttempts: 20 },
    );
  }

  /** Writes the outcome of a push, if the join still carries this claim (see holdsPushClaim); false if not. */
  async settlePush(claim: PushClaim, result: PushResult, now: Date): Promise<boolean> {
    const ref = this.joinRef(claim.inviterId, claim.inviteeId);
    return this.firestore.runTransaction(async (tx) => {
      const join = (await tx.get(ref)).data();
      if (!holdsPushClaim(join, claim)) return false;
      tx.update(ref, forUpdate<FriendJoin>(settledPush(claim, result, now)));
      return true;
    });
  }

  /** Drops a push token that FCM reported dead, unless the app has meanwhile stored a new one. */
  async removeDeadToken(userId: string, token: string, now: string): Promise<void> {
    const ref = this.user(userId);
    await this.firestore.runTransaction(async (tx) => {
      const user = (await tx.get(ref)).data();
      if (user?.fcmToken === token) tx.update(ref, { fcmToken: FieldValue.delete(), updatedAt: now });
    });
  }

  /** Joins with owed work whose time has come, oldest first. */
  async dueJoins(now: Date, limit: number): Promise<{ inviterId: string; inviteeId: string }[]> {
    const snapshot = await this.due(
      this.firestore.collection(collections.friendJoins).withConverter(converters.friendJoins),
      now,
      limit,
    );
    return snapshot.docs.map((d) => {
      const join = d.data();
      return { inviterId: join.inviterId, inviteeId: join.inviteeId };
    });
  }

  /**
   * The sweep's look at one due join: claims its push if it may be retried now (with the
   * inviter's current token), gives up a last attempt whose sender died, and says whether
   * its history entry is owed.
   */
  async claimDue(
    inviterId: string,
    inviteeId: string,
    now: Date,
  ): Promise<{ claim: PushClaim | null; gaveUp: boolean; writeHistory: boolean }> {
    const joinRef = this.joinRef(inviterId, inviteeId);
    return this.firestore.runTransaction(
      async (tx) => {
        const budgetRef = this.budgetRef(inviterId);
        const [join, inviter, budget] = await readAllIn(tx, joinRef, this.user(inviterId), budgetRef);
        const plan = planSweep(join, inviter ?? null, budget, now);
        if (plan.join) tx.update(joinRef, forUpdate<FriendJoin>(plan.join));
        if (plan.budgetSentAt) {
          tx.set(budgetRef, { inviterId, sentAt: plan.budgetSentAt, updatedAt: now.toISOString() }, { merge: true });
        }
        return { claim: plan.claim, gaveUp: plan.gaveUp, writeHistory: plan.writeHistory };
      },
      { maxAttempts: 5 },
    );
  }

  /** Inviters whose push budget owes something (a summary) whose time has come, oldest first. */
  async dueBudgets(now: Date, limit: number): Promise<string[]> {
    return (await this.due(this.firestore.collection(collections.pushBudgets), now, limit)).docs.map((d) => d.id);
  }

  /** The documents of a collection whose `dueAt` has come, oldest first: what the sweep works through. */
  private due<T>(collection: CollectionReference<T>, now: Date, limit: number) {
    return collection.where('dueAt', '<=', now.toISOString()).orderBy('dueAt').limit(limit).get();
  }

  /**
   * The sweep's look at one inviter's budget: claims the summary push when the window has room
   * (with the inviter's current token and language), in one transaction with the budget, so
   * that a racing join (its blind increment) or a second sweep can neither lose nor double it.
   */
  async claimSummary(inviterId: string, now: Date): Promise<SummaryPlan> {
    const budgetRef = this.budgetRef(inviterId);
    return this.firestore.runTransaction(
      async (tx) => {
        const [budget, inviter] = await readAllIn(tx, budgetRef, this.user(inviterId));
        const plan = planDueSummary(inviterId, budget, inviter ?? null, now);
        if (plan.update) tx.update(budgetRef, forUpdate<PushBudget>(plan.update));
        return plan;
      },
      { maxAttempts: 10 },
    );
  }

  /** Records how a claimed summary went, unless another sender has taken it over since. */
  async settleSummary(claim: SummaryClaim, result: SummaryResult, now: Date): Promise<void> {
    const budgetRef = this.budgetRef(claim.inviterId);
    await this.firestore.runTransaction(
      async (tx) => {
        const budget = (await tx.get(budgetRef)).data();
        const fields = settledSummary(budget, claim, result, now);
        if (fields) tx.update(budgetRef, forUpdate<PushBudget>(fields));
      },
      { maxAttempts: 10 },
    );
  }
}

/**
 * One join's (or e-mail sign-up's) transaction: the reads the flow asks for, then the writes of
 * its plan. The inviter's push budget is read beside the transaction, not in it: most joins of
 * a burst only add themselves to the summary with blind writes, which then never contend. A
 * join that counts a push of its own writes the budget only if it is still as read (an
 * update-time precondition, or create for a new one); otherwise the commit fails and the flow
 * decides again (CommitRefused).
 */
class FirestoreInviteTransaction implements InviteTransaction {
  /** The budgets read, by inviter: a counted push is written against the version read. */
  private readonly budgets = new Map<string, BudgetRead>();
  /** This transaction writes a budget conditionally (its failure is a budget change). */
  countedBudget = false;

  constructor(
    private readonly store: FirestoreInviteStore,
    private readonly funnel: FunnelStore,
    private readonly tx: Transaction,
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
    // One round: the invitee's three documents and the pair's two in one read, the friendship
    // query and the budget beside it.
    const [[user, signUp, notifications, inviter, join], friendsAlready, budget] = await Promise.all([
      readAllIn(
        this.tx,
        userRef,
        signUpRef,
        notificationsRef,
        this.store.user(inviterId),
        this.store.joinRef(inviterId, inviteeId),
      ),
      this.store.friendsEitherWay(inviterId, inviteeId),
      this.readBudget(inviterId),
    ]);
    return {
      invitee: { user, signUp, notificationsExist: notifications !== undefined },
      pair: { inviter: inviter ?? null, join, friendsAlready, budget },
    };
  }

  async readPair(inviterId: string, inviteeId: string): Promise<PairState> {
    const [[inviter, join], friendsAlready, budget] = await Promise.all([
      readAllIn(this.tx, this.store.user(inviterId), this.store.joinRef(inviterId, inviteeId)),
      this.store.friendsEitherWay(inviterId, inviteeId),
      this.readBudget(inviterId),
    ]);
    return { inviter: inviter ?? null, join, friendsAlready, budget };
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

  /** Merges a step's fields into the sign-up record, creating it with the first (nothing when empty). */
  private setSignUp(userId: string, fields: Partial<SignUpRecord>, now: Date): void {
    if (Object.keys(fields).length === 0) return;
    this.tx.set(this.store.signUpRef(userId), { ...fields, userId, updatedAt: now.toISOString() }, { merge: true });
  }

  private async readBudget(inviterId: string): Promise<PushBudget | undefined> {
    const snapshot = await this.store.budgetRef(inviterId).get();
    const data = snapshot.data();
    this.budgets.set(inviterId, { data, snapshot });
    return data;
  }

  applySignUp(input: SignUpCommit): void {
    this.tx.set(this.store.user(input.userId), input.update.user, { merge: true });
    this.setSignUp(input.userId, input.update.signUp, input.now);
    if (input.countsSignUp) this.funnel.countIn(this.tx, input.inviterId, 'signUps', input.now);
  }

  applyJoin({ inviteeId, inviterId, userUpdate, signUpUpdate, plan, countsSignUp, now }: JoinCommit): void {
    const { tx, store } = this;
    const iso = now.toISOString();
    tx.set(store.user(inviteeId), userUpdate, { merge: true });
    this.setSignUp(inviteeId, signUpUpdate, now);
    const { writes } = plan;
    if (writes.notifications) tx.create(store.notifications(inviteeId), writes.notifications);
    if (writes.friend) tx.create(store.friendRef(writes.friend.id), writes.friend.record);
    if (!inviterId) return;
    if (writes.join) {
      const ref = store.joinRef(inviterId, inviteeId);
      if ('create' in writes.join) {
        tx.create(ref, writes.join.create);
        // The join record is made once per pair, so the funnel counts each new friendship once
        // (not a pair that was friends already).
        if (plan.outcome === 'joined') this.funnel.countIn(tx, inviterId, 'joins', now);
      } else tx.update(ref, forUpdate<FriendJoin>(writes.join.update));
    }
    if (countsSignUp) this.funnel.countIn(tx, inviterId, 'signUps', now);
    if (writes.historyEntry) {
      // arrayUnion appends without reading the list, so many invitees joining at once do not
      // contend for the inviter's history document.
      tx.set(
        store.historyRef(inviterId),
        { userId: inviterId, history: FieldValue.arrayUnion(writes.historyEntry), updatedAt: iso },
        { merge: true },
      );
    }
    if (writes.budget) {
      const ref = store.budgetRef(inviterId);
      if ('count' in writes.budget) {
        const fields = { inviterId, sentAt: writes.budget.count, updatedAt: iso };
        const read = this.budgets.get(inviterId)?.snapshot;
        if (read?.exists && read.updateTime) tx.update(ref, fields, { lastUpdateTime: read.updateTime });
        else tx.create(ref, fields);
        this.countedBudget = true;
      } else {
        const { hold } = writes.budget;
        // Blind: the count goes up by one whatever it is now, the name is the latest held.
        tx.set(
          ref,
          {
            inviterId,
            heldCount: FieldValue.increment(1),
            heldName: hold.inviteeName,
            heldInviteeId: hold.inviteeId,
            heldAt: hold.at,
            dueAt: hold.dueAt,
            updatedAt: iso,
          },
          { merge: true },
        );
      }
    }
  }
}
