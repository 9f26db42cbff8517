/**
 * The invite flow's server-side steps. Inputs here are already validated; callers are
 * described by what their ID token proves. Errors a caller can act on are FlowErrors.
 *
 * Every step follows the rules for the people who actually arrive (docs/joins.md): a record
 * that exists is completed, never overwritten; a deleted record is never revived; only the
 * account's proven owner chooses its inviter; a join happens once per (inviter, invitee); what
 * a join owes the inviter is recorded with it, sent off the request path by the push queue,
 * and by the sweep if the queue's delivery does not settle it.
 *
 * A join reads top to bottom in `join`: the flow opens the transaction, reads through the
 * store, lets the domain decide (join-decisions.ts, then joins.ts's planJoin), and has the
 * store write the plan; retryRefusedCommits owns the retries.
 */
import type { ActivationAnswer, InviterCard } from '@dayfocus/contracts/answers';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import { acceptsInvitees, type UserRecord } from '@dayfocus/contracts/records';
import { writeSucceeded, type WriteResult } from '@dayfocus/contracts/write-result';
import type { Caller } from '../../platform/domain/caller.js';
import { ACTIVATION_ACCOUNT_REFUSALS, FlowError, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import {
  checkEmailSignUp,
  checkJoinRequest,
  checkSession,
  decideJoin,
  disabledAccount,
  inviteeOf,
  inviterHintOf,
  type CodeProof,
  type JoinRequest,
} from '../domain/join-decisions.js';
import { emailSignUpUpdate } from '../domain/sign-up-updates.js';
import { planJoin, type JoinPlan } from '../domain/joins.js';
import { PUSH_MAX_ATTEMPTS, type PushResult } from '../../owed-work/domain/push-timing.js';
import { type PushClaim } from '../../owed-work/domain/friend-join.js';
import { isPublicInviter } from '../domain/inviters.js';
import {
  DEAD_TOKEN_ERRORS,
  friendJoinPush,
  friendJoinSummaryPush,
  type PushMessage,
} from '../../owed-work/domain/push.js';
import type { SummaryClaim } from '../../owed-work/domain/push-budget.js';
import type {
  Account,
  AccountLookup,
  CheckedCode,
  InviteStore,
  InviteTransaction,
  PairState,
  VerificationCodes,
} from './ports.js';
import type { Logger } from '../../platform/flows/ports.js';
import type { PushQueue, PushTransport } from '../../owed-work/flows/ports.js';
import { retryRefusedCommits, type RetryClock } from './retry.js';

export interface InviteFlowDeps {
  store: InviteStore;
  accounts: AccountLookup;
  push: PushTransport;
  /** Where a join hands the push it claimed: the caller's answer does not wait for FCM. */
  pushQueue: PushQueue;
  verificationCodes: VerificationCodes;
  /** The picture's address for a browser, or null; `ownerId` is the user whose record names it. */
  resolvePicture(profileImage: unknown, ownerId: string): Promise<string | null>;
  logger: Logger;
  now(): Date;
  /** The pauses between refused commits (real time unless a test says otherwise). */
  retryClock?: RetryClock;
}

/**
 * What activation and a social sign-up answer in the flow: the write's result and the card of
 * the inviter now a friend (null when none).
 */
export type ActivationResult = Omit<ActivationAnswer, 'inviteLink'>;

export interface SweepReport {
  examined: number;
  sent: number;
  retrying: number;
  failed: number;
  historyWritten: number;
  /** Summary pushes sent (each sums up joins that got no push of their own). */
  summariesSent: number;
}

/** A claimed push on its way: to whom, which message, and how its outcome is recorded. */
interface Delivery {
  inviterId: string;
  token: string | null;
  message(token: string): PushMessage;
  /** Attempts including this one. */
  attempts: number;
  /** What the logs say of it. */
  fields: Record<string, unknown>;
  /** Records the outcome; false when another sender has taken the push over meanwhile. */
  settle(result: PushResult): Promise<boolean>;
}

/**
 * The inviter's record when people may join them now (the rule of the public pages too:
 * domain/inviters.ts), or null: the join then treats them as gone.
 */
function openInviter(record: UserRecord | null, account: Account | null): UserRecord | null {
  return isPublicInviter(record, account) ? record : null;
}

/** How many due joins one sweep run takes on, and how many it works on at once. */
const SWEEP_BATCH = 200;
const SWEEP_CONCURRENCY = 8;

/**
 * The invite flow's calls. Each call that writes for a caller takes `beforeWrites`, which settles
 * when the call may write (its App Check token consumed, platform/functions/callable.ts): the call reads
 * beside it and writes nothing before it; a rejection is the call's error.
 */
export class InviteFlow {
  constructor(private readonly deps: InviteFlowDeps) {}

  /** Email sign-up, right after the account was created in the browser: the record and its inviter. */
  async registerInvitee(
    caller: Caller,
    input: { inviterId: string; name: string },
    beforeWrites: Promise<void>,
  ): Promise<WriteResult> {
    if (caller.signInProvider !== PASSWORD_PROVIDER) {
      throw new FlowError('failed-precondition', 'registerInvitee is for accounts created with email and password');
    }
    const email = caller.email;
    if (!email) throw new FlowError('failed-precondition', 'The account has no email address');
    if (input.inviterId === caller.uid) throw new FlowError('invalid-argument', 'You cannot invite yourself');
    const now = this.deps.now();
    const found = this.deps.accounts.getAccount(caller.uid);
    const inviterAccount = this.deps.accounts.getAccount(input.inviterId);
    for (const lookup of [found, inviterAccount]) lookup.catch(() => undefined); // awaited in the transaction
    const account = await this.deps.store.transaction(async (tx) => {
      const { user, signUp, inviter } = await tx.readSignUp(caller.uid, input.inviterId);
      // A disabled account, or a session revoked since this sign-in, writes nothing (as every join).
      const checked = checkSession(caller, await found);
      checkEmailSignUp(user, openInviter(inviter, await inviterAccount));
      const update = emailSignUpUpdate(user, signUp, {
        userId: caller.uid,
        email,
        name: cleanDisplayName(input.name),
        inviterId: input.inviterId,
        now: now.toISOString(),
      });
      // The first time the account names this inviter (a resumed sign-up names it again).
      const countsSignUp = update.signUp.invitedBy === input.inviterId;
      await beforeWrites;
      tx.applySignUp({ userId: caller.uid, inviterId: input.inviterId, update, countsSignUp, now });
      return checked;
    });
    // The page asks for the verification e-mail once this answers: Firebase's template greets
    // with the account's display name, which nobody proved on an unverified sign-up. The name
    // the person typed is the record's, never the account's.
    if (!account.emailVerified && account.displayName) await this.deps.accounts.clearDisplayName(caller.uid);
    return writeSucceeded;
  }

  /**
   * Apple or Google sign-up, by a new person or by someone who already uses the app: the
   * record is completed (never overwritten) and the inviter of the link they used is joined.
   * The answer is activation's (the account is active already): the welcome page greets with it.
   */
  async completeSocialSignUp(
    caller: Caller,
    input: { inviterId: string },
    beforeWrites: Promise<void>,
  ): Promise<ActivationResult> {
    const provider = caller.signInProvider ?? '';
    const request: JoinRequest = { kind: 'social-sign-up', caller, provider, inviterId: input.inviterId };
    const { inviter } = await this.join(request, this.deps.now(), beforeWrites);
    return { ...writeSucceeded, inviter };
  }

  /**
   * Activation from the verification link, which may be opened on another device: signed in
   * (`caller`, the account itself) or not, but the account must have proved its address. The
   * link's verification code, when it carries one, is applied here, so that the server knows
   * the sign-up's own e-mail proved the address (joins.ts, recordedInviterCounts). The link's
   * `inviterId` is only a hint that saves a round of reads.
   */
  async activateAccount(
    input: { uid: string; inviterId?: string; verificationCode?: string },
    caller: Caller | null,
    beforeWrites: Promise<void>,
  ): Promise<ActivationResult> {
    const now = this.deps.now();
    const code = input.verificationCode;
    const checked = code ? this.deps.verificationCodes.check(code) : undefined;
    checked?.catch(() => undefined); // awaited below; never an unhandled rejection
    try {
      const proof =
        code && checked ? await this.applyVerificationCode(input.uid, code, checked, now, beforeWrites) : undefined;
      const request: JoinRequest = {
        kind: 'activation',
        caller,
        inviteeId: input.uid,
        linkInviterId: input.inviterId,
        proof,
      };
      const { inviter } = await this.join(request, now, beforeWrites);
      return { ...writeSucceeded, inviter };
    } catch (error) {
      // What a refusal says of the link's code depends on the code alone, never on the account's
      // state: an anonymous caller hears one answer for every account (invite-callables.ts).
      if (!(error instanceof FlowError) || !checked || !ACTIVATION_ACCOUNT_REFUSALS.has(error.code)) throw error;
      const kind = (await checked).kind;
      const details = kind === 'expired' || kind === 'used-or-invalid' ? { verificationLink: kind } : undefined;
      throw new FlowError(error.code, error.message, details);
    }
  }

  /**
   * "Add Asha as a friend?" accepted in the app, by a signed-in account that has proved its
   * address (verified email, or Apple or Google), from an invite the app got through a link,
   * the install referrer or the clipboard. The same join as a sign-up's. Answers the inviter's card.
   */
  async acceptInvite(caller: Caller, input: { inviterId: string }, beforeWrites: Promise<void>): Promise<InviterCard> {
    const request: JoinRequest = { kind: 'accept-invite', caller, inviterId: input.inviterId };
    const { inviter } = await this.join(request, this.deps.now(), beforeWrites);
    if (!inviter) throw new FlowError('not-found', 'No inviter with this id');
    return inviter;
  }

  /**
   * A join, top to bottom. The account is looked up while the transaction reads the invitee
   * and the inviter the request names (one round of reads); the domain decides who joins whom
   * and plans the writes; the store commits them. A refused commit is tried again as
   * retryRefusedCommits says. Then what the join owes the inviter is finished or queued. Answers the card
   * of the inviter joined (or whose join had been made before), if any, from the record it read.
   */
  private async join(
    request: JoinRequest,
    now: Date,
    beforeWrites: Promise<void>,
  ): Promise<{ inviter: InviterCard | null }> {
    checkJoinRequest(request);
    const inviteeId = inviteeOf(request);
    const hint = inviterHintOf(request);
    const account = this.deps.accounts.getAccount(inviteeId);
    account.catch(() => undefined); // awaited in the transaction; never an unhandled rejection
    // The inviter's account beside it: an inviter Auth disabled gets no new friend and no push.
    const hintAccount = hint && hint !== inviteeId ? this.deps.accounts.getAccount(hint) : Promise.resolve(null);
    hintAccount.catch(() => undefined); // awaited in the transaction; never an unhandled rejection

    const { value, attempt, refusals } = await retryRefusedCommits(
      ({ historyInCommit, mayClaimPush }) =>
        this.deps.store.transaction(async (tx) => {
          const read = await tx.readInvitee(inviteeId, hint === inviteeId ? undefined : hint);
          const { invitee } = read;
          const hinted = read.pair && { ...read.pair, inviter: openInviter(read.pair.inviter, await hintAccount) };
          const facts = {
            user: invitee.user,
            signUp: invitee.signUp,
            hintedInviter: hinted?.inviter ?? null,
            account: await account,
          };
          const decision = decideJoin(request, facts, now);
          const { inviterId } = decision;
          const pair =
            !inviterId || inviterId === inviteeId
              ? null
              : inviterId === hint
                ? hinted
                : await this.openPair(tx, inviterId, inviteeId);
          const state = {
            inviteeId,
            inviterId,
            inviter: pair?.inviter ?? null,
            join: pair?.join,
            friendsAlready: pair?.friendsAlready ?? false,
            notificationsOwed: decision.notificationDefaults && !invitee.notificationsExist,
            budget: pair?.budget,
          };
          const plan = planJoin(state, { inviteeName: decision.inviteeName, now, historyInCommit, mayClaimPush });
          await beforeWrites;
          tx.applyJoin({
            inviteeId,
            inviterId,
            userUpdate: decision.userUpdate,
            signUpUpdate: decision.signUpUpdate,
            plan,
            countsSignUp: decision.countsSignUp,
            now,
          });
          return { decision, plan, inviterRecord: pair?.inviter ?? null };
        }),
      this.deps.retryClock,
    );

    const { decision, plan } = value;
    if (decision.note) this.deps.logger.warn(decision.note.message, decision.note.fields);
    if (!attempt.historyInCommit) {
      const refused = refusals.find((refusal) => refusal.reason === 'invalid-argument');
      // The refusal was not the history's (the join without it was no new friendship): it stands.
      if (plan.outcome !== 'joined') throw refused?.cause ?? new Error('The store refused the join');
      this.deps.logger.warn(
        'History document refused the entry; joined without it and appending it with the oldest entries dropped',
        { inviterId: decision.inviterId, inviteeId, error: String(refused?.cause) },
      );
    }
    // The card (the picture's address may take a request) while the owed work is finished
    // or handed on, which is awaited whole: the answer comes once the push is queued.
    const card = this.cardOf(decision.inviterId, value.inviterRecord);
    card.catch(() => undefined); // awaited below; never an unhandled rejection
    await this.finishOwedWork(plan, decision.inviterId, now);
    return { inviter: await card };
  }

  /** The pair with an inviter the first round did not read, that inviter's account read beside it. */
  private async openPair(tx: InviteTransaction, inviterId: string, inviteeId: string): Promise<PairState> {
    const inviterAccount = this.deps.accounts.getAccount(inviterId);
    inviterAccount.catch(() => undefined); // awaited below; never an unhandled rejection
    const pair = await tx.readPair(inviterId, inviteeId);
    return { ...pair, inviter: openInviter(pair.inviter, await inviterAccount) };
  }

  /** An inviter's card from their record (null for none, or a retired or switched-off one): no read of its own. */
  private async cardOf(inviterId: string | undefined, inviter: UserRecord | null): Promise<InviterCard | null> {
    if (!inviterId || !acceptsInvitees(inviter)) return null;
    return {
      inviterId,
      name: cleanDisplayName(inviter.name),
      photoUrl: await this.deps.resolvePicture(inviter.profileImage, inviterId),
    };
  }

  /**
   * Checks that the link's code verifies this account's address, remembers its digest while the
   * address is unverified, then applies it. A code for another account, or of another kind,
   * is refused with nothing applied or written.
   */
  private async applyVerificationCode(
    uid: string,
    code: string,
    check: Promise<CheckedCode>,
    now: Date,
    beforeWrites: Promise<void>,
  ): Promise<CodeProof> {
    const codes = this.deps.verificationCodes;
    const [before, checked] = await Promise.all([this.deps.accounts.getAccount(uid), check]);
    if (!before) throw new FlowError('not-found', 'No account with this id');
    if (before.disabled || checked.kind === 'disabled') throw disabledAccount();
    const digest = codes.digest(code);
    if (checked.kind !== 'code') return { outcome: checked.kind, verifiedBefore: before.emailVerified, digest };
    const sameAddress = checked.email?.toLowerCase() === before.email?.toLowerCase();
    if (checked.requestType !== 'VERIFY_EMAIL' || !sameAddress) {
      throw new FlowError('invalid-argument', 'This verification link is not for this account');
    }
    await beforeWrites;
    if (!before.emailVerified) await this.deps.store.rememberVerificationCode(uid, digest, now);
    const applied = await codes.apply(code);
    if (applied.kind === 'disabled') throw disabledAccount();
    if (applied.kind === 'applied' && applied.uid !== uid) {
      throw new FlowError('invalid-argument', 'This verification link is not for this account');
    }
    return {
      outcome: applied.kind === 'applied' ? 'applied' : applied.kind,
      verifiedBefore: before.emailVerified,
      digest,
    };
  }

  /**
   * After a join's commit: the history entry if it could not go with it (rare: a full history
   * document), then the claimed push goes to the queue. When the queue refuses it, the claim
   * stays on the join and the sweep sends it once its lease runs out: at least once either way.
   */
  private async finishOwedWork(plan: JoinPlan, inviterId: string | undefined, now: Date): Promise<void> {
    const join = plan.writes.join && 'create' in plan.writes.join ? plan.writes.join.create : undefined;
    let claim = plan.push;
    if (join?.history === 'owed' && inviterId) {
      const history = await this.appendHistory(inviterId, join.inviteeId, now);
      if (claim && history === 'written') claim = { ...claim, history };
    }
    if (!claim) return;
    try {
      await this.deps.pushQueue.enqueue(claim);
    } catch (error) {
      this.deps.logger.error('Could not queue the push; the sweep sends it once its claim lapses', {
        inviterId: claim.inviterId,
        inviteeId: claim.inviteeId,
        error: String(error),
      });
    }
  }

  /**
   * The push queue's task: sends a push that a join claimed, and records how it went on the
   * join (unless the sweep has taken the claim over meanwhile). Never throws: a failure is
   * recorded on the join, which the sweep retries with backoff.
   */
  async deliverQueuedPush(claim: PushClaim): Promise<PushResult> {
    return this.deliver(this.joinDelivery(claim, this.deps.now()));
  }

  private async appendHistory(inviterId: string, inviteeId: string, now: Date): Promise<string> {
    try {
      return await this.deps.store.appendOwedHistory(inviterId, inviteeId, now);
    } catch (error) {
      this.deps.logger.error('Could not append the history entry; the sweep retries it', {
        inviterId,
        inviteeId,
        error: String(error),
      });
      return 'owed';
    }
  }

  /** A join's own push ("Mira joined"), settled on the join's record. */
  private joinDelivery(claim: PushClaim, now: Date): Delivery {
    const { inviterId, inviteeId, attempts } = claim;
    return {
      inviterId,
      token: claim.token,
      message: (token) => friendJoinPush(token, claim.inviteeName, inviteeId, claim.language),
      attempts,
      fields: { inviterId, inviteeId, attempts },
      settle: (result) => this.deps.store.settlePush(claim, result, now),
    };
  }

  /** An inviter's summary push ("Mira and 3 others joined"), settled on the inviter's budget. */
  private summaryDelivery(claim: SummaryClaim, now: Date): Delivery {
    const { inviterId, summary } = claim;
    return {
      inviterId,
      token: claim.token,
      message: (token) =>
        friendJoinSummaryPush(
          token,
          { inviterId, id: summary.id, name: summary.name, count: summary.count },
          claim.language,
        ),
      attempts: summary.attempts,
      fields: { inviterId, summary: summary.id, count: summary.count, attempts: summary.attempts },
      settle: async (result) => {
        await this.deps.store.settleSummary(claim, result, now);
        return true;
      },
    };
  }

  /**
   * Sends a claimed push and records how it went. A failure is logged, never thrown: the
   * push stays owed, and the sweep takes it over after its lease.
   */
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

  /** Sends one message to an inviter's token; a dead token is removed from the inviter. */
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

  /**
   * The scheduled sweep: every join whose owed work is due gets its history entry written
   * and its push retried (with backoff, at most PUSH_MAX_ATTEMPTS in all, then `failed`).
   */
  async sweepOwedWork(now: Date = this.deps.now()): Promise<SweepReport> {
    const due = await this.deps.store.dueJoins(now, SWEEP_BATCH);
    const report: SweepReport = {
      examined: due.length,
      sent: 0,
      retrying: 0,
      failed: 0,
      historyWritten: 0,
      summariesSent: 0,
    };
    const work = async ({ inviterId, inviteeId }: { inviterId: string; inviteeId: string }) => {
      try {
        const { claim, gaveUp, writeHistory } = await this.deps.store.claimDue(inviterId, inviteeId, now);
        let current = claim;
        if (writeHistory) {
          const history = await this.appendHistory(inviterId, inviteeId, now);
          if (history === 'written') report.historyWritten++;
          if (current && history === 'written') current = { ...current, history };
        }
        if (gaveUp) {
          report.failed++;
          this.deps.logger.error('Error Notification: gave up a push whose last sender died', { inviterId, inviteeId });
        }
        if (!current) return;
        const result = await this.deliver(this.joinDelivery(current, now));
        if (result.kind === 'retry') report[current.attempts >= PUSH_MAX_ATTEMPTS ? 'failed' : 'retrying']++;
        else if (result.kind === 'sent') report.sent++;
      } catch (error) {
        this.deps.logger.error('Sweep could not handle a join; it stays due for the next run', {
          inviterId,
          inviteeId,
          error: String(error),
        });
      }
    };
    for (let i = 0; i < due.length; i += SWEEP_CONCURRENCY)
      await Promise.all(due.slice(i, i + SWEEP_CONCURRENCY).map(work));
    // Then the summaries: one push per inviter for the joins that got none of their own.
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
    for (let i = 0; i < budgets.length; i += SWEEP_CONCURRENCY)
      await Promise.all(budgets.slice(i, i + SWEEP_CONCURRENCY).map(summarize));
    if (report.examined > 0) this.deps.logger.info('Owed work swept', { ...report });
    return report;
  }

  async onAccountCreated(account: {
    uid: string;
    email: string | undefined;
    displayName: string | undefined;
  }): Promise<void> {
    const outcome = await this.deps.store.ensureBaseUser({
      userId: account.uid,
      email: account.email ?? '',
      name: account.displayName ? cleanDisplayName(account.displayName) : '',
      now: this.deps.now().toISOString(),
    });
    this.deps.logger.info('Base user record', { uid: account.uid, outcome });
  }

  async onAccountDeleted(uid: string): Promise<void> {
    const outcome = await this.deps.store.retireUser(uid, this.deps.now().toISOString());
    this.deps.logger.info('User record retired', { uid, outcome });
  }
}
