/**
 * Firestore side of the invite flow. Each operation reads what it needs once (in one
 * transaction), lets the domain decide, and writes once; each is safe to repeat, so that a
 * retry after a failure anywhere finishes the work instead of duplicating it.
 */
import { FieldValue, Filter, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  appendCapped,
  claimPush,
  deferredPush,
  isDue,
  planJoin,
  holdsPushClaim,
  settledPush,
  sweepAction,
  withDueAt,
  type FriendJoin,
  type JoinPlan,
  type PushClaim,
  type PushResult,
} from '../domain/joins.js';
import {
  planSummary,
  pushAllowed,
  settledSummary,
  withPushCounted,
  type PushBudget,
  type SummaryClaim,
  type SummaryPlan,
  type SummaryResult,
} from '../domain/push-budget.js';
import {
  collections,
  emailSignUpRecord,
  friendDocumentId,
  friendJoinHistoryEntry,
  isLiveUser,
  type UserRecord,
} from '@dayfocus/contracts/records';
import { writeSucceeded, type WriteResult } from '@dayfocus/contracts/write-result';
import { isDocumentId } from '@dayfocus/contracts/ids';
import { FunnelStore } from './funnel-store.js';

const INVALID_ARGUMENT = 3;
const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
const FAILED_PRECONDITION = 9;
/**
 * How often a join retries counting its push in a budget that changed under it (another join
 * took a place in the window meanwhile) before it gives up its own push and holds it for the
 * summary. In a burst each join meets at most about FRIEND_JOIN_PUSHES_PER_HOUR such changes.
 */
const BUDGET_CONFLICT_RETRIES = 10;

function grpcCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? Number((error as { code: unknown }).code)
    : undefined;
}

/** Fields whose value is `undefined` are deleted by an update. */
function forUpdate(fields: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value === undefined ? FieldValue.delete() : value]),
  );
}

/** What a join's caller decides once the invitee's record (and the hinted inviter) are read. */
export interface JoinPreparation {
  /** Fields of the invitee's record to set (merged into it). */
  userUpdate: Record<string, unknown>;
  /** The inviter to join, if any. */
  inviterId: string | undefined;
  /** The invitee's name as it goes into the friendship, the history entry and the push. */
  inviteeName: string;
  /** A sign-up through the invitation (social sign-up): counted in the inviter's funnel with a new join. */
  countsSignUp?: boolean;
  /** The companion made this record (joins.ts, companionRecord): notification defaults are created if absent. */
  notificationDefaults?: boolean;
}

export class InviteStore {
  private readonly funnel: FunnelStore;

  constructor(private readonly firestore: Firestore) {
    this.funnel = new FunnelStore(firestore);
  }

  private user(userId: string) {
    return this.firestore.collection(collections.users).doc(userId);
  }

  private joinRef(inviterId: string, inviteeId: string): DocumentReference {
    return this.firestore.collection(collections.friendJoins).doc(friendDocumentId(inviterId, inviteeId));
  }

  private historyRef(inviterId: string): DocumentReference {
    return this.firestore.collection(collections.notificationHistory).doc(inviterId);
  }

  private budgetRef(inviterId: string): DocumentReference {
    return this.firestore.collection(collections.pushBudgets).doc(inviterId);
  }

  /** The user's record, or null when there is none (or the id cannot name a document). */
  async getUser(userId: string): Promise<UserRecord | null> {
    if (!isDocumentId(userId)) return null;
    const snapshot = await this.user(userId).get();
    return snapshot.exists ? ({ ...snapshot.data() } as UserRecord) : null;
  }

  /**
   * Remembers the digest of a verification code an activation is about to apply (joins.ts,
   * verificationCodeProves). False when the account has no record (nothing is written).
   */
  async rememberVerificationCode(userId: string, digest: string, now: Date): Promise<boolean> {
    try {
      await this.user(userId).update({
        signUpCodeDigests: FieldValue.arrayUnion(digest),
        updatedAt: now.toISOString(),
      });
      return true;
    } catch (error) {
      if (grpcCode(error) === NOT_FOUND) return false;
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
      if (grpcCode(error) === ALREADY_EXISTS) return 'existed';
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
      if (grpcCode(error) === NOT_FOUND) return 'missing';
      throw error;
    }
  }

  /**
   * Email sign-up: reads the record and the inviter, lets `decide` say what to set (it
   * throws a FlowError, and nothing is written, for a deleted record or unknown inviter).
   */
  async recordEmailSignUp(
    userId: string,
    inviterId: string,
    decide: (user: Partial<UserRecord> | undefined, inviter: UserRecord | null) => Record<string, unknown>,
    now: Date,
  ): Promise<WriteResult> {
    const ref = this.user(userId);
    await this.firestore.runTransaction(async (tx) => {
      const [user, inviter] = await tx.getAll(ref, this.user(inviterId));
      const update = decide(
        user?.data() as Partial<UserRecord> | undefined,
        (inviter?.data() as UserRecord | undefined) ?? null,
      );
      tx.set(ref, update, { merge: true });
      // The first time the account names this inviter (a resumed sign-up names it again).
      if (update.invitedBy === inviterId) this.funnel.countIn(tx, inviterId, 'signUps', now);
    });
    return writeSucceeded;
  }

  /**
   * Whether a friendship exists in either direction (the spec's check, by userId and
   * friendId): one query, each side of the OR served by the (userId, friendId) index.
   */
  private async friendsEitherWay(a: string, b: string): Promise<boolean> {
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
   * The invitee's record, notification defaults and (maybe) a join, in one transaction.
   *
   * One round of reads, all at once: the invitee, their notification settings, and the
   * hinted inviter and join record, with the friendship check beside the transaction (a
   * racing duplicate is stopped by the join record, which the transaction reads). If
   * `prepare` picks another inviter than the hint, a second round reads that one. The
   * inviter's push budget is read in the same round (push-budget.ts). Then one commit, which
   * also counts the join's push in the budget or holds it for the summary. When the inviter's history document has no room left (Firestore refuses it), the
   * join is made without the entry, which is then appended with the oldest entries dropped:
   * history never blocks the friendship.
   */
  async runJoin(input: {
    inviteeId: string;
    inviterHint: string | undefined;
    now: Date;
    prepare(user: Partial<UserRecord> | undefined, hintedInviter: UserRecord | null): Promise<JoinPreparation>;
  }): Promise<JoinPlan & { inviterId: string | undefined }> {
    const { inviteeId, inviterHint: hint, now } = input;
    const userRef = this.user(inviteeId);
    const notificationsRef = this.firestore.collection(collections.notifications).doc(inviteeId);
    // The inviter's push budget is read beside the transaction, not in it: most joins of a
    // burst only add themselves to the summary with blind writes, which then never contend.
    // A join that counts a push of its own writes the budget only if it is still as read
    // (an update-time precondition, or create for a new one); otherwise the whole commit
    // fails and the join is decided again.
    const readBudget = (inviterId: string) => this.budgetRef(inviterId).get();
    const attempt = (historyInCommit: boolean, mayClaimPush: boolean, counted: { budget: boolean }) =>
      this.firestore.runTransaction(
        async (tx) => {
          counted.budget = false;
          const hinted = hint && hint !== inviteeId ? [this.user(hint), this.joinRef(hint, inviteeId)] : [];
          const [[user, notifications, hintedInviter, hintedJoin], friendsWithHint, hintedBudget] = await Promise.all([
            tx.getAll(userRef, notificationsRef, ...hinted),
            hinted.length > 0 && hint ? this.friendsEitherWay(hint, inviteeId) : Promise.resolve(false),
            hinted.length > 0 && hint ? readBudget(hint) : Promise.resolve(undefined),
          ]);
          const hintedInviterData = (hintedInviter?.data() as UserRecord | undefined) ?? null;
          const prepared = await input.prepare(user?.data() as Partial<UserRecord> | undefined, hintedInviterData);
          const inviterId = prepared.inviterId;
          let inviter = hintedInviterData;
          let join = hintedJoin?.data() as FriendJoin | undefined;
          let friendsAlready = friendsWithHint;
          let budget = hintedBudget;
          if (inviterId && inviterId !== hint && inviterId !== inviteeId) {
            const [[inviterSnap, joinSnap], friends, budgetSnap] = await Promise.all([
              tx.getAll(this.user(inviterId), this.joinRef(inviterId, inviteeId)),
              this.friendsEitherWay(inviterId, inviteeId),
              readBudget(inviterId),
            ]);
            inviter = (inviterSnap?.data() as UserRecord | undefined) ?? null;
            join = joinSnap?.data() as FriendJoin | undefined;
            friendsAlready = friends;
            budget = budgetSnap;
          }
          const plan = planJoin(
            {
              inviteeId,
              inviterId,
              inviter,
              join,
              friendsAlready,
              notificationsOwed: prepared.notificationDefaults === true && !(notifications?.exists ?? false),
              budget: budget?.exists ? (budget.data() as PushBudget) : undefined,
            },
            { inviteeName: prepared.inviteeName, now, historyInCommit, mayClaimPush },
          );
          tx.set(userRef, prepared.userUpdate, { merge: true });
          const { writes } = plan;
          if (writes.notifications) tx.create(notificationsRef, writes.notifications);
          if (writes.friend)
            tx.create(this.firestore.collection(collections.friends).doc(writes.friend.id), writes.friend.record);
          if (inviterId && writes.join) {
            const ref = this.joinRef(inviterId, inviteeId);
            if ('create' in writes.join) {
              tx.create(ref, writes.join.create);
              // The join record is made once per pair, so the funnel counts each new friendship
              // once (not a pair that was friends already).
              if (plan.outcome === 'joined') this.funnel.countIn(tx, inviterId, 'joins', now);
            } else tx.update(ref, forUpdate(writes.join.update));
          }
          if (inviterId && prepared.countsSignUp) this.funnel.countIn(tx, inviterId, 'signUps', now);
          if (inviterId && writes.historyEntry) {
            // arrayUnion appends without reading the list, so many invitees joining at once
            // do not contend for the inviter's history document.
            tx.set(
              this.historyRef(inviterId),
              { userId: inviterId, history: FieldValue.arrayUnion(writes.historyEntry), updatedAt: now.toISOString() },
              { merge: true },
            );
          }
          if (inviterId && writes.budget) {
            const ref = this.budgetRef(inviterId);
            const iso = now.toISOString();
            if ('count' in writes.budget) {
              const fields = { inviterId, sentAt: writes.budget.count, updatedAt: iso };
              if (budget?.exists && budget.updateTime) tx.update(ref, fields, { lastUpdateTime: budget.updateTime });
              else tx.create(ref, fields);
              counted.budget = true;
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
          return { ...plan, inviterId };
        },
        { maxAttempts: 20 },
      );
    const decide = async (historyInCommit: boolean) => {
      for (let conflicts = 0; ; conflicts++) {
        const counted = { budget: false };
        try {
          return await attempt(historyInCommit, conflicts < BUDGET_CONFLICT_RETRIES, counted);
        } catch (error) {
          const code = grpcCode(error);
          if (!counted.budget || (code !== FAILED_PRECONDITION && code !== ALREADY_EXISTS)) throw error;
          // Another join took a place in the window meanwhile: decide again on a fresh read.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * (conflicts + 1)));
        }
      }
    };
    try {
      return await decide(true);
    } catch (error) {
      if (grpcCode(error) !== INVALID_ARGUMENT) throw error;
      // Most likely the history document is full: join without the entry, and owe it.
      const plan = await decide(false);
      if (plan.outcome !== 'joined') throw error;
      logger.warn(
        'History document refused the entry; joined without it and appending it with the oldest entries dropped',
        {
          inviterId: plan.inviterId,
          inviteeId,
          error: String(error),
        },
      );
      return plan;
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
        const [joinSnap, historySnap] = await tx.getAll(joinRef, historyRef);
        const join = joinSnap?.data() as FriendJoin | undefined;
        if (!join) return 'no-join' as const;
        if (join.history !== 'owed') return join.history;
        const iso = now.toISOString();
        const entry = friendJoinHistoryEntry({ inviteeId, inviteeName: join.inviteeName, now: join.createdAt });
        const document = historySnap?.data();
        const { history, dropped } = appendCapped(inviterId, { ...document, userId: inviterId, updatedAt: iso }, entry);
        if (dropped > 0)
          logger.info('Dropped the oldest history entries to make room', { inviterId, dropped, kept: history.length });
        tx.set(historyRef, { userId: inviterId, history, updatedAt: iso }, { merge: true });
        tx.update(
          joinRef,
          forUpdate({ ...withDueAt({ ...join, history: 'written', historyDueAt: undefined }), updatedAt: iso }),
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
      const join = (await tx.get(ref)).data() as FriendJoin | undefined;
      if (!holdsPushClaim(join, claim)) return false;
      tx.update(ref, forUpdate(settledPush(claim, result, now)));
      return true;
    });
  }

  /** Drops a push token that FCM reported dead, unless the app has meanwhile stored a new one. */
  async removeDeadToken(userId: string, token: string, now: string): Promise<void> {
    const ref = this.user(userId);
    await this.firestore.runTransaction(async (tx) => {
      const user = (await tx.get(ref)).data() as Partial<UserRecord> | undefined;
      if (user?.fcmToken === token) tx.update(ref, { fcmToken: FieldValue.delete(), updatedAt: now });
    });
  }

  /** Joins with owed work whose time has come, oldest first. */
  async dueJoins(now: Date, limit: number): Promise<{ inviterId: string; inviteeId: string }[]> {
    const snapshot = await this.due(collections.friendJoins, now, limit);
    return snapshot.docs.map((d) => {
      const join = d.data() as FriendJoin;
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
        const [joinSnap, inviterSnap, budgetSnap] = await tx.getAll(joinRef, this.user(inviterId), budgetRef);
        const join = joinSnap?.data() as FriendJoin | undefined;
        const nothing = { claim: null, gaveUp: false, writeHistory: false };
        if (!join?.dueAt || !isDue(join.dueAt, now)) return nothing;
        const action = sweepAction(join, now);
        const iso = now.toISOString();
        if (action.claimPush) {
          const inviter = (inviterSnap?.data() as UserRecord | undefined) ?? null;
          const token = (isLiveUser(inviter) && inviter.fcmToken) || null;
          const budget = budgetSnap?.data() as PushBudget | undefined;
          if (token && !pushAllowed(budget, now)) {
            // The inviter has had their pushes for the hour: retry once the window has room.
            tx.update(joinRef, forUpdate(deferredPush(join, budget, now)));
            return { claim: null, gaveUp: false, writeHistory: action.writeHistory };
          }
          const { update, claim } = claimPush(join, { token, language: inviter?.language }, now);
          tx.update(joinRef, forUpdate(update));
          if (token)
            tx.set(budgetRef, { inviterId, sentAt: withPushCounted(budget, now), updatedAt: iso }, { merge: true });
          return { claim, gaveUp: false, writeHistory: action.writeHistory };
        }
        // Nothing to claim: end a dead last attempt, and keep dueAt true to what is owed.
        const next = withDueAt({
          ...join,
          ...(action.giveUpPush ? { push: 'failed' as const, pushDueAt: undefined } : {}),
        });
        if (action.giveUpPush || next.dueAt !== join.dueAt) tx.update(joinRef, forUpdate({ ...next, updatedAt: iso }));
        return { claim: null, gaveUp: action.giveUpPush, writeHistory: action.writeHistory };
      },
      { maxAttempts: 5 },
    );
  }

  /** Inviters whose push budget owes something (a summary) whose time has come, oldest first. */
  async dueBudgets(now: Date, limit: number): Promise<string[]> {
    return (await this.due(collections.pushBudgets, now, limit)).docs.map((d) => d.id);
  }

  /** The documents of a collection whose `dueAt` has come, oldest first: what the sweep works through. */
  private due(collection: string, now: Date, limit: number) {
    return this.firestore
      .collection(collection)
      .where('dueAt', '<=', now.toISOString())
      .orderBy('dueAt')
      .limit(limit)
      .get();
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
        const [budgetSnap, inviterSnap] = await tx.getAll(budgetRef, this.user(inviterId));
        const budget = budgetSnap?.data() as PushBudget | undefined;
        if (!budget?.dueAt || !isDue(budget.dueAt, now)) return { update: null, claim: null, dropped: [] };
        const inviter = (inviterSnap?.data() as UserRecord | undefined) ?? null;
        const plan = planSummary(
          { ...budget, inviterId },
          isLiveUser(inviter) ? { token: inviter.fcmToken || null, language: inviter.language } : null,
          now,
        );
        if (plan.update) tx.update(budgetRef, forUpdate(plan.update));
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
        const budget = (await tx.get(budgetRef)).data() as PushBudget | undefined;
        const fields = settledSummary(budget, claim, result, now);
        if (fields) tx.update(budgetRef, forUpdate(fields));
      },
      { maxAttempts: 10 },
    );
  }
}
