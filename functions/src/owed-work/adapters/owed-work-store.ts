/**
 * Firestore side of owed work (owed-work/flows/ports.ts, OwedWorkStore): the join records'
 * pushes and history entries, the inviters' push budgets. Each operation reads what it needs
 * once in a transaction, lets the domain decide (planSweep, planDueSummary, settledPush), and
 * writes once; each is safe to repeat.
 */
import { FieldValue, type CollectionReference, type Firestore } from 'firebase-admin/firestore';
import type { Logger } from '../../platform/flows/ports.js';
import { collections, friendJoinHistoryEntry, type UserRecord } from '@dayfocus/contracts/records';
import { forUpdate } from '../../platform/adapters/record-refs.js';
import { readAllIn } from '../../platform/adapters/converters.js';
import { OwedWorkRefs, owedWorkConverters } from './owed-work-refs.js';
import { appendCapped } from '../domain/history.js';
import { holdsPushClaim, planSweep, settledPush } from '../domain/push-claims.js';
import type { PushResult } from '../domain/push-timing.js';
import { withDueAt, type FriendJoin, type PushClaim } from '../domain/friend-join.js';
import {
  planDueSummary,
  settledSummary,
  type PushBudget,
  type SummaryClaim,
  type SummaryPlan,
  type SummaryResult,
} from '../domain/push-budget.js';
import type { OwedWorkStore } from '../flows/ports.js';

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
      this.firestore.collection(collections.friendJoins).withConverter(owedWorkConverters.friendJoins),
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
