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

/** `delivered-before`: an earlier batch had taken this join. */
export type BatchOutcome =
  { kind: 'delivered'; joins: number; claimed: number; held: number } | { kind: 'delivered-before' };

/** A join whose owed work is due; `owesBatch`: its inviter's batch never took it (join-batch.ts). */
export interface DueJoin {
  inviterId: string;
  inviteeId: string;
  owesBatch: boolean;
}

export interface OwedWorkStore {
  readInviter(inviterId: string): Promise<UserRecord | null>;
  readJoin(inviterId: string, inviteeId: string): Promise<FriendJoin | undefined>;
  /** The inviter's batch that includes this join, unless an earlier batch took it. */
  deliverBatch(inviterId: string, inviteeId: string, now: Date): Promise<BatchOutcome>;
  /** False when the join no longer carries this claim (nothing written). */
  settlePush(claim: PushClaim, result: PushResult, now: Date): Promise<boolean>;
  /** Drops a push token FCM reported dead, unless the app has stored a new one since. */
  removeDeadToken(userId: string, token: string, now: string): Promise<void>;
  /** Oldest first. */
  dueJoins(now: Date, limit: number): Promise<DueJoin[]>;
  /** The claim carries the inviter's current token. */
  claimDue(
    inviterId: string,
    inviteeId: string,
    now: Date,
  ): Promise<{ claim: PushClaim | null; gaveUp: boolean; writeHistory: boolean }>;
  /** Inviters whose budget is due, oldest first. */
  dueBudgets(now: Date, limit: number): Promise<string[]>;
  claimSummary(inviterId: string, now: Date): Promise<SummaryPlan>;
  /** Nothing is written when another sender has taken the summary over since. */
  settleSummary(claim: SummaryClaim, result: SummaryResult, now: Date): Promise<void>;
}
