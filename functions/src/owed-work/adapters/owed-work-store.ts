/**
 * Each operation reads what it needs once in a transaction, lets the domain decide, and writes
 * once; each is safe to repeat.
 */
import { FieldValue, type CollectionReference, type Firestore } from 'firebase-admin/firestore';
import { collections, type UserRecord } from '@dayfocus/contracts/records';
import type { Logger } from '../../platform/flows/ports.js';
import { forUpdate } from '../../platform/adapters/record-refs.js';
import { readAllIn } from '../../platform/adapters/converters.js';
import { OwedWorkRefs, owedWorkConverters } from './owed-work-refs.js';
import { BATCH_LIMIT, owesBatch, planBatch } from '../domain/join-batch.js';
import { holdsPushClaim, planSweep, settledPush } from '../domain/push-claims.js';
import type { PushResult } from '../domain/push-timing.js';
import type { FriendJoin, PushClaim } from '../domain/friend-join.js';
import {
  planDueSummary,
  settledSummary,
  type PushBudget,
  type SummaryClaim,
  type SummaryPlan,
  type SummaryResult,
} from '../domain/push-budget.js';
import type { BatchOutcome, DueJoin, OwedWorkStore } from '../flows/ports.js';

export class FirestoreOwedWorkStore extends OwedWorkRefs implements OwedWorkStore {
  constructor(
    firestore: Firestore,
    private readonly logger: Logger,
  ) {
    super(firestore);
  }

  async readInviter(inviterId: string): Promise<UserRecord | null> {
    return (await this.user(inviterId).get()).data() ?? null;
  }

  async readJoin(inviterId: string, inviteeId: string): Promise<FriendJoin | undefined> {
    return (await this.joinRef(inviterId, inviteeId).get()).data();
  }

  /**
   * The owed joins are found beside the transaction (a query in it would conflict with every new
   * join), then read again in it with her history, budget and record, and delivered in one commit.
   */
  async deliverBatch(inviterId: string, inviteeId: string, now: Date): Promise<BatchOutcome> {
    const ownRef = this.joinRef(inviterId, inviteeId);
    const owedQuery = this.firestore
      .collection(collections.friendJoins)
      .withConverter(owedWorkConverters.friendJoins)
      .where('inviterId', '==', inviterId)
      .where('history', '==', 'owed')
      .limit(BATCH_LIMIT);
    // Its own record first: in a burst most triggers find theirs delivered and read nothing more.
    if (!owesBatch((await ownRef.get()).data())) return { kind: 'delivered-before' };
    const owed = await owedQuery.get();
    const others = owed.docs
      .map((d) => d.ref)
      .filter((ref) => ref.id !== ownRef.id)
      .slice(0, BATCH_LIMIT - 1);
    const historyRef = this.historyRef(inviterId);
    const budgetRef = this.budgetRef(inviterId);
    return this.firestore.runTransaction(
      async (tx) => {
        // Its own record first again: a batch run again after another committed (contention)
        // finds its join delivered, and reads neither her history (up to 768 KiB) nor the others.
        const own = (await tx.get(ownRef)).data();
        if (!owesBatch(own)) return { kind: 'delivered-before' as const };
        const [history, budget, inviter] = await readAllIn(tx, historyRef, budgetRef, this.user(inviterId));
        const rest = others.length > 0 ? await tx.getAll(...others) : [];
        const joins = [own, ...rest.map((snapshot) => snapshot.data())];
        const state = {
          inviterId,
          joins: joins.filter((join) => join !== undefined),
          inviter: inviter ?? null,
          budget,
          history: history as Record<string, unknown> | undefined,
        };
        const plan = planBatch(state, now);
        const iso = now.toISOString();
        if (plan.history)
          tx.set(historyRef, { userId: inviterId, history: plan.history, updatedAt: iso }, { merge: true });
        if (plan.budget) tx.set(budgetRef, forUpdate<PushBudget>(plan.budget), { merge: true });
        for (const join of plan.joins) tx.update(this.joinRef(inviterId, join.inviteeId), forUpdate<FriendJoin>(join));
        if (plan.dropped > 0)
          this.logger.info('Dropped the oldest history entries to make room', { inviterId, dropped: plan.dropped });
        return { kind: 'delivered' as const, joins: plan.joins.length, claimed: plan.claimed, held: plan.held };
      },
      { maxAttempts: 5 },
    );
  }

  /** False, nothing written, when the join no longer carries this claim (holdsPushClaim). */
  async settlePush(claim: PushClaim, result: PushResult, now: Date): Promise<boolean> {
    const ref = this.joinRef(claim.inviterId, claim.inviteeId);
    return this.firestore.runTransaction(async (tx) => {
      const join = (await tx.get(ref)).data();
      if (!holdsPushClaim(join, claim)) return false;
      tx.update(ref, forUpdate<FriendJoin>(settledPush(claim, result, now)));
      return true;
    });
  }

  async removeDeadToken(userId: string, token: string, now: string): Promise<void> {
    const ref = this.user(userId);
    await this.firestore.runTransaction(async (tx) => {
      const user = (await tx.get(ref)).data();
      if (user?.fcmToken === token) tx.update(ref, { fcmToken: FieldValue.delete(), updatedAt: now });
    });
  }

  /**
   * Joins with owed work whose time has come, oldest first; then any whose push a batch never
   * decided although its entry was written (`push: undecided` without `history: owed`, and so
   * without a due time). None does today; a record the previous version's trigger handled while a
   * deploy rolled out (it appended the entry and left the push) would, and is delivered here.
   */
  async dueJoins(now: Date, limit: number): Promise<DueJoin[]> {
    const joins = this.firestore.collection(collections.friendJoins).withConverter(owedWorkConverters.friendJoins);
    const [due, stranded] = await Promise.all([
      this.due(joins, now, limit),
      joins.where('push', '==', 'undecided').where('history', '==', 'written').limit(limit).get(),
    ]);
    const found = new Map([...due.docs, ...stranded.docs].map((d) => [d.id, d.data()]));
    return [...found.values()].slice(0, limit).map((join) => ({
      inviterId: join.inviterId,
      inviteeId: join.inviteeId,
      owesBatch: owesBatch(join),
    }));
  }

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

  async dueBudgets(now: Date, limit: number): Promise<string[]> {
    return (await this.due(this.firestore.collection(collections.pushBudgets), now, limit)).docs.map((d) => d.id);
  }

  /** Oldest `dueAt` first. */
  private due<T>(collection: CollectionReference<T>, now: Date, limit: number) {
    return collection.where('dueAt', '<=', now.toISOString()).orderBy('dueAt').limit(limit).get();
  }

  /**
   * In one transaction with the budget, so that a racing join (its blind increment) or a second
   * sweep can neither lose nor double the summary.
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
