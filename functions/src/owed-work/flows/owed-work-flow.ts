/**
 * What joins owe their inviters, finished off the request path: the trigger on a new join's
 * record delivers the inviter's batch (join-batch.ts: the history entries and push decisions of
 * all her joins that owe them), and the trigger on a claimed push's record sends it and settles
 * it on the join; the sweep delivers whatever is still owed (batches whose trigger died, pushes
 * that failed or whose sender died) and the summary pushes of joins that got none of their own
 * because the inviter had had the hour's pushes.
 */
import type { ServerText } from '../../platform/domain/server-text.js';
import type { Logger } from '../../platform/flows/ports.js';
import type { FriendJoin, PushClaim } from '../domain/friend-join.js';
import { holdsPushClaim, pushClaimOf, pushTargetOf, retryAsked, triggeredClaim } from '../domain/push-claims.js';
import { owesBatch } from '../domain/join-batch.js';
import {
  DEAD_TOKEN_ERRORS,
  friendJoinPush,
  friendJoinSummaryPush,
  joinRequestPush,
  type PushMessage,
} from '../domain/push.js';
import type { SummaryClaim } from '../domain/push-budget.js';
import { PUSH_MAX_ATTEMPTS, type PushResult } from '../domain/push-timing.js';
import type { BatchOutcome, OwedWorkStore, PushTransport } from './ports.js';

export interface OwedWorkFlowDeps {
  store: OwedWorkStore;
  push: PushTransport;
  /** The words of a push in the inviter's stored language (English when the site does not speak it). */
  textIn(language: unknown): ServerText;
  logger: Logger;
  now(): Date;
}

export interface SweepReport {
  examined: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Joins whose owed history entry (and push decision) a batch of the sweep delivered. */
  historyWritten: number;
  /** Summary pushes sent (each sums up joins that got none of their own). */
  summariesSent: number;
}

interface Delivery {
  inviterId: string;
  token: string | null;
  message(token: string): PushMessage;
  /** Attempts including this one. */
  attempts: number;
  /** For the logs. */
  fields: Record<string, unknown>;
  /** False when another sender has taken the push over meanwhile. */
  settle(result: PushResult): Promise<boolean>;
}

/** How many due joins one sweep run takes on, and how many it works on at once. */
const SWEEP_BATCH = 200;
const SWEEP_CONCURRENCY = 8;

export class OwedWorkFlow {
  constructor(private readonly deps: OwedWorkFlowDeps) {}

  /**
   * The first trigger of a burst delivers what the joins before it owe too; the later ones find
   * theirs delivered and stop. Never throws: a failed batch stays owed and a failed send is
   * recorded on the join, both for the sweep, and a trigger that dies unsettled leaves a claim the
   * sweep takes over after its lease.
   */
  async onJoinWritten(before: FriendJoin | undefined, after: FriendJoin | undefined): Promise<void> {
    if (!after) return;
    const { inviterId, inviteeId } = after;
    const now = this.deps.now();
    // A new join, or a request she approved (it owes her the join's entry and push now).
    if (owesBatch(after) && !owesBatch(before)) await this.deliverBatch(inviterId, inviteeId, now);
    if (retryAsked(before, after)) await this.sweepJoin({ inviterId, inviteeId }, now, emptyReport());
    const claimedAt = triggeredClaim(before, after);
    if (claimedAt === null) return;
    const [inviter, current] = await Promise.all([
      this.deps.store.readInviter(inviterId),
      this.deps.store.readJoin(inviterId, inviteeId),
    ]);
    // Firestore delivers an event at least once, not always in order: a claim already settled,
    // or taken over by the sweep, is not sent again.
    const claim = current && pushClaimOf(current, claimedAt, pushTargetOf(inviter));
    if (!claim || !holdsPushClaim(current, claim)) {
      this.deps.logger.info('A push claim was settled before this run of the trigger; nothing sent', {
        inviterId,
        inviteeId,
        attempts: after.pushAttempts,
      });
      return;
    }
    await this.deliver(this.joinDelivery(claim, now));
  }

  /** A failure is logged and left to the sweep. */
  private async deliverBatch(inviterId: string, inviteeId: string, now: Date): Promise<BatchOutcome | null> {
    try {
      const outcome = await this.deps.store.deliverBatch(inviterId, inviteeId, now);
      if (outcome.kind === 'delivered') this.deps.logger.info('Delivered a batch of joins', { inviterId, ...outcome });
      return outcome;
    } catch (error) {
      this.deps.logger.warn('Could not deliver a batch of joins; a later batch or the sweep delivers it', {
        inviterId,
        inviteeId,
        error: String(error),
      });
      return null;
    }
  }

  private joinDelivery(claim: PushClaim, now: Date): Delivery {
    const { inviterId, inviteeId, attempts } = claim;
    return {
      inviterId,
      token: claim.token,
      message: (token) =>
        (claim.asks ? joinRequestPush : friendJoinPush)(
          token,
          claim.inviteeName,
          inviteeId,
          this.deps.textIn(claim.language),
        ),
      attempts,
      fields: { inviterId, inviteeId, attempts },
      settle: (result) => this.deps.store.settlePush(claim, result, now),
    };
  }

  private summaryDelivery(claim: SummaryClaim, now: Date): Delivery {
    const { inviterId, summary } = claim;
    return {
      inviterId,
      token: claim.token,
      message: (token) =>
        friendJoinSummaryPush(
          token,
          { inviterId, id: summary.id, name: summary.name, count: summary.count },
          this.deps.textIn(claim.language),
        ),
      attempts: summary.attempts,
      fields: { inviterId, summary: summary.id, count: summary.count, attempts: summary.attempts },
      settle: async (result) => {
        await this.deps.store.settleSummary(claim, result, now);
        return true;
      },
    };
  }

  /** A failure is logged, never thrown: the push stays owed, and the sweep takes it over after its lease. */
  private async deliver(delivery: Delivery): Promise<PushResult> {
    const { logger } = this.deps;
    let result: PushResult;
    try {
      result = delivery.token
        ? await this.send(delivery.inviterId, delivery.message(delivery.token))
        : { kind: 'no-token' };
    } catch (error) {
      result = { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    if (result.kind === 'retry') {
      const final = delivery.attempts >= PUSH_MAX_ATTEMPTS;
      logger.error('Error Notification:', { ...delivery.fields, final, error: result.error });
    }
    try {
      if (!(await delivery.settle(result))) {
        logger.warn('The push was taken over by the sweep while it was being sent; its outcome is left to the sweep', {
          ...delivery.fields,
        });
      }
    } catch (error) {
      logger.error('Could not record how the push went; the sweep takes it over after its lease', {
        ...delivery.fields,
        error: String(error),
      });
    }
    return result;
  }

  private async send(inviterId: string, message: PushMessage): Promise<PushResult> {
    const [outcome] = await this.deps.push.send([message]);
    if (outcome?.delivered) return { kind: 'sent' };
    const code = outcome?.errorCode ?? 'unknown';
    if (DEAD_TOKEN_ERRORS.has(code)) {
      await this.deps.store.removeDeadToken(inviterId, message.token, this.deps.now().toISOString());
      this.deps.logger.info('Removed a push token that FCM reported dead', { inviterId, errorCode: code });
      return { kind: 'token-removed', error: code };
    }
    // Not the token's fault (a bad request or FCM trouble): keep it and owe the push.
    return { kind: 'retry', error: `${code}${outcome?.errorMessage ? `: ${outcome.errorMessage}` : ''}` };
  }

  async sweepOwedWork(now: Date = this.deps.now()): Promise<SweepReport> {
    const due = await this.deps.store.dueJoins(now, SWEEP_BATCH);
    const report = { ...emptyReport(), examined: due.length };
    // One batch per inviter delivers all her owed joins (up to its limit) at once.
    const batchOf = new Map(due.filter((join) => join.owesBatch).map((join) => [join.inviterId, join.inviteeId]));
    await inTurns([...batchOf], async ([inviterId, inviteeId]) => {
      const outcome = await this.deliverBatch(inviterId, inviteeId, now);
      if (outcome?.kind === 'delivered') report.historyWritten += outcome.joins;
    });
    await inTurns(
      due.filter((join) => !join.owesBatch),
      (join) => this.sweepJoin(join, now, report),
    );
    await this.sweepSummaries(now, report);
    if (report.examined > 0) this.deps.logger.info('Owed work swept', { ...report });
    return report;
  }

  private async sweepJoin(join: { inviterId: string; inviteeId: string }, now: Date, report: SweepReport) {
    const { inviterId, inviteeId } = join;
    try {
      const { claim, gaveUp, writeHistory } = await this.deps.store.claimDue(inviterId, inviteeId, now);
      if (writeHistory) await this.deliverBatch(inviterId, inviteeId, now);
      if (gaveUp) {
        report.failed++;
        this.deps.logger.error('Error Notification: gave up a push whose last sender died', { inviterId, inviteeId });
      }
      if (!claim) return;
      const result = await this.deliver(this.joinDelivery(claim, now));
      if (result.kind === 'retry') report[claim.attempts >= PUSH_MAX_ATTEMPTS ? 'failed' : 'retrying']++;
      else if (result.kind === 'sent') report.sent++;
    } catch (error) {
      this.deps.logger.error('Sweep could not handle a join; it stays due for the next run', {
        inviterId,
        inviteeId,
        error: String(error),
      });
    }
  }

  private async sweepSummaries(now: Date, report: SweepReport): Promise<void> {
    const budgets = await this.deps.store.dueBudgets(now, SWEEP_BATCH);
    report.examined += budgets.length;
    const summarize = async (inviterId: string) => {
      try {
        const { claim, dropped } = await this.deps.store.claimSummary(inviterId, now);
        for (const { count, reason } of dropped) {
          if (reason === 'failed') {
            report.failed++;
            this.deps.logger.error('Error Notification: gave up a summary push whose last sender died', {
              inviterId,
              count,
            });
          } else this.deps.logger.info('Summary push not sent: the inviter has no push token', { inviterId, count });
        }
        if (!claim) return;
        const result = await this.deliver(this.summaryDelivery(claim, now));
        if (result.kind === 'retry') report[claim.summary.attempts >= PUSH_MAX_ATTEMPTS ? 'failed' : 'retrying']++;
        else if (result.kind === 'sent') report.summariesSent++;
      } catch (error) {
        this.deps.logger.error('Sweep could not handle a summary push; it stays due for the next run', {
          inviterId,
          error: String(error),
        });
      }
    };
    await inTurns(budgets, summarize);
  }
}

function emptyReport(): SweepReport {
  return { examined: 0, sent: 0, retrying: 0, failed: 0, historyWritten: 0, summariesSent: 0 };
}

async function inTurns<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += SWEEP_CONCURRENCY)
    await Promise.all(items.slice(i, i + SWEEP_CONCURRENCY).map(work));
}
