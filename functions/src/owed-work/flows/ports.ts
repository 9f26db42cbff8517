/** The ports of owed work: how a push leaves, and the records it reads and settles. */
import type { UserRecord } from '@dayfocus/contracts/records';
import type { FriendJoin, PushClaim } from '../domain/friend-join.js';
import type { SummaryClaim, SummaryPlan, SummaryResult } from '../domain/push-budget.js';
import type { PushResult } from '../domain/push-timing.js';
import type { PushMessage } from '../domain/push.js';

export interface PushOutcome {
  token: string;
  delivered: boolean;
  /** firebase-admin's error code, e.g. "messaging/registration-token-not-registered". */
  errorCode?: string;
  errorMessage?: string;
}

export interface PushTransport {
  send(messages: PushMessage[]): Promise<PushOutcome[]>;
}

/** How a batch went: it delivered `joins` joins (pushes `claimed` and `held`), or an earlier one had taken this join. */
export type BatchOutcome =
  { kind: 'delivered'; joins: number; claimed: number; held: number } | { kind: 'delivered-before' };

/** A join whose owed work is due; `owesBatch`: its inviter's batch never took it (join-batch.ts). */
export interface DueJoin {
  inviterId: string;
  inviteeId: string;
  owesBatch: boolean;
}

/** The join records' and push budgets' owed work, as the sweep and the push's sender see it. */
export interface OwedWorkStore {
  /** The inviter's record as it is now (where their pushes go), or null. */
  readInviter(inviterId: string): Promise<UserRecord | null>;
  /** A join's record as it is now, if there is one. */
  readJoin(inviterId: string, inviteeId: string): Promise<FriendJoin | undefined>;
  /** Delivers the inviter's batch that includes this join (join-batch.ts), unless an earlier batch took it. */
  deliverBatch(inviterId: string, inviteeId: string, now: Date): Promise<BatchOutcome>;
  /** Writes how a claimed push went, if the join still carries this claim; false if not. */
  settlePush(claim: PushClaim, result: PushResult, now: Date): Promise<boolean>;
  /** Drops a push token FCM reported dead, unless the app has stored a new one since. */
  removeDeadToken(userId: string, token: string, now: string): Promise<void>;
  /** Joins with owed work whose time has come, oldest first. */
  dueJoins(now: Date, limit: number): Promise<DueJoin[]>;
  /** The sweep's claim of one due join's push (with the inviter's current token), and whether its history is owed. */
  claimDue(
    inviterId: string,
    inviteeId: string,
    now: Date,
  ): Promise<{ claim: PushClaim | null; gaveUp: boolean; writeHistory: boolean }>;
  /** Inviters whose budget owes a summary whose time has come, oldest first. */
  dueBudgets(now: Date, limit: number): Promise<string[]>;
  /** The sweep's claim of one inviter's summary push. */
  claimSummary(inviterId: string, now: Date): Promise<SummaryPlan>;
  /** Records how a claimed summary went, unless another sender has taken it over since. */
  settleSummary(claim: SummaryClaim, result: SummaryResult, now: Date): Promise<void>;
}
