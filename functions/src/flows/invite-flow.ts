/**
 * The invite flow's server-side steps. Inputs here are already validated; callers are
 * described by what their ID token proves. Errors a caller can act on are FlowErrors.
 *
 * Every step follows the rules for the people who actually arrive: a record that exists is
 * completed, never overwritten; a deleted record is never revived; only the account's proven
 * owner chooses its inviter; a join happens once per (inviter, invitee); what a join owes
 * the inviter is recorded with it and delivered by the sweep if not at once.
 */
import { logger } from 'firebase-functions';
import { FlowError, PASSWORD_PROVIDER, SOCIAL_PROVIDERS } from '../domain/errors.js';
import {
  accountProved,
  activationUpdate,
  companionRecord,
  emailSignUpUpdate,
  PUSH_MAX_ATTEMPTS,
  recordedInviterCounts,
  sessionStillValid,
  socialSignUpUpdate,
  verificationCodeProves,
  type AccountFacts,
  type JoinPlan,
  type PushClaim,
  type PushResult,
} from '../domain/joins.js';
import type { ActivationAnswer, InviterCard, VerificationOutcome } from '@dayfocus/contracts/answers';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import { DEAD_TOKEN_ERRORS, friendJoinPush, friendJoinSummaryPush, type PushMessage } from '../domain/push.js';
import type { SummaryClaim, SummaryResult } from '../domain/push-budget.js';
import { isLiveUser, type UserRecord } from '@dayfocus/contracts/records';
import { writeSucceeded, type WriteResult } from '@dayfocus/contracts/write-result';
import type { InviteStore, JoinPreparation } from '../adapters/invite-store.js';
import type { PushTransport } from '../adapters/push-transport.js';
import type { VerificationCodes } from '../adapters/verification-codes.js';

export interface Caller {
  uid: string;
  email: string | undefined;
  signInProvider: string | undefined;
  name: string | undefined;
  /** When the person signed in (the ID token's `auth_time`, seconds): sessions revoked since then no longer count. */
  authTime: number | undefined;
}

export interface Account extends AccountFacts {
  uid: string;
  email: string | undefined;
  displayName: string | undefined;
}

export interface AccountLookup {
  /** The account as the Auth service knows it, or null when there is none. */
  getAccount(uid: string): Promise<Account | null>;
}

export interface InviteFlowDeps {
  store: InviteStore;
  accounts: AccountLookup;
  push: PushTransport;
  verificationCodes: VerificationCodes;
  /** The picture's address for a browser, or null; `ownerId` is the user whose record names it. */
  resolvePicture(profileImage: unknown, ownerId: string): Promise<string | null>;
  now(): Date;
}

export type { InviterCard };

/** What activation answers in the flow: the write's result and the card of the inviter now a friend (null when none). */
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

/** How many due joins one sweep run takes on, and how many it works on at once. */
const SWEEP_BATCH = 200;
const SWEEP_CONCURRENCY = 8;

const deletedAccount = () => new FlowError('failed-precondition', 'This account has been deleted');
const disabledAccount = () => new FlowError('failed-precondition', 'This account has been disabled');
const sessionEnded = () => new FlowError('unauthenticated', 'This session has ended; sign in again');

/**
 * A signed-in caller's account as Auth has it now: refused when it is gone or disabled, or when
 * its sessions were revoked after this sign-in (the comparison `checkRevoked` makes, on the
 * account the flow reads anyway: no extra request).
 */
function checkSession(caller: Caller, account: Account | null): Account {
  if (!account) throw sessionEnded();
  if (account.disabled) throw disabledAccount();
  if (!sessionStillValid(caller.authTime, account)) throw sessionEnded();
  return account;
}

/** What the verification code of an activation's link did, and what the server knew before applying it. */
interface CodeProof {
  outcome: VerificationOutcome;
  verifiedBefore: boolean;
  digest: string;
}

export class InviteFlow {
  constructor(private readonly deps: InviteFlowDeps) {}

  /** The inviter as a public page may see it: name and picture, nothing else. */
  async getInviter(inviterId: string): Promise<InviterCard> {
    const inviter = await this.deps.store.getUser(inviterId);
    if (!isLiveUser(inviter)) throw new FlowError('not-found', 'No inviter with this id');
    return {
      inviterId,
      name: cleanDisplayName(inviter.name),
      photoUrl: await this.deps.resolvePicture(inviter.profileImage, inviterId),
    };
  }

  /** Email sign-up, right after the account was created in the browser. */
  async registerInvitee(caller: Caller, input: { inviterId: string; name: string }): Promise<WriteResult> {
    if (caller.signInProvider !== PASSWORD_PROVIDER) {
      throw new FlowError('failed-precondition', 'registerInvitee is for accounts created with email and password');
    }
    const email = caller.email;
    if (!email) throw new FlowError('failed-precondition', 'The account has no email address');
    if (input.inviterId === caller.uid) throw new FlowError('invalid-argument', 'You cannot invite yourself');
    const now = this.deps.now();
    return this.deps.store.recordEmailSignUp(
      caller.uid,
      input.inviterId,
      (user, inviter) => {
        if (user?.isDeleted) throw deletedAccount();
        if (!isLiveUser(inviter)) throw new FlowError('not-found', 'No inviter with this id');
        return emailSignUpUpdate(user, {
          userId: caller.uid,
          email,
          name: cleanDisplayName(input.name),
          inviterId: input.inviterId,
          now: now.toISOString(),
        });
      },
      now,
    );
  }

  /**
   * Apple or Google sign-up, by a new person or by someone who already uses the app: the
   * record is completed (never overwritten) and the inviter of the link they used is joined.
   */
  async completeSocialSignUp(caller: Caller, input: { inviterId: string }): Promise<WriteResult> {
    const provider = caller.signInProvider;
    if (!provider || !SOCIAL_PROVIDERS.has(provider)) {
      throw new FlowError('failed-precondition', 'completeSocialSignUp is for accounts signed in with Apple or Google');
    }
    if (input.inviterId === caller.uid) throw new FlowError('invalid-argument', 'You cannot invite yourself');
    const now = this.deps.now();
    await this.joinAndFinish(caller.uid, input.inviterId, now, (user, inviter, found) => {
      const account = checkSession(caller, found);
      if (user?.isDeleted) throw deletedAccount();
      if (!isLiveUser(inviter)) throw new FlowError('not-found', 'No inviter with this id');
      const userUpdate = socialSignUpUpdate(user, {
        userId: caller.uid,
        email: caller.email ?? '',
        name: caller.name,
        provider,
        inviterId: input.inviterId,
        account,
        now: now.toISOString(),
      });
      return {
        userUpdate,
        inviterId: input.inviterId,
        inviteeName: String(user?.name || userUpdate.name || ''),
        // A sign-up in the funnel when the account names this inviter for the first time (not
        // an email sign-up of the same inviter finished with Google or Apple, not a replay).
        countsSignUp: userUpdate.invitedBy === input.inviterId && user?.invitedBy !== input.inviterId,
        notificationDefaults: companionRecord(user),
      };
    });
    return writeSucceeded;
  }

  /**
   * Activation from the verification link, which may be opened on another device: signed in
   * (`caller`, the account itself) or not, but the account must have proved its address. The
   * link's verification code, when it carries one, is applied here, so that the server knows
   * the sign-up's own e-mail proved the address (see recordedInviterCounts). The inviter is the
   * one recorded at sign-up, and only while it counts; the link's `inviterId` is only a hint
   * that saves a round of reads. Only a record the companion made is switched on, and an
   * anonymous call about an account that never came through an invitation writes nothing.
   */
  async activateAccount(
    input: { uid: string; inviterId?: string; verificationCode?: string },
    caller: Caller | null = null,
  ): Promise<ActivationResult> {
    const now = this.deps.now();
    const proof = input.verificationCode
      ? await this.applyVerificationCode(input.uid, input.verificationCode, now)
      : undefined;
    const inviterId = await this.joinAndFinish(input.uid, input.inviterId, now, (user, _inviter, found) => {
      const account = caller ? checkSession(caller, found) : found;
      if (!account) throw new FlowError('not-found', 'No account with this id');
      if (account.disabled) throw disabledAccount();
      if (!accountProved(account)) {
        const link = proof && proof.outcome !== 'applied' ? { verificationLink: proof.outcome } : undefined;
        throw new FlowError('failed-precondition', 'The email address is not verified yet', link);
      }
      if (!user) throw new FlowError('failed-precondition', 'Sign-up has not been completed for this account');
      if (user.isDeleted) throw deletedAccount();
      if (!caller && !user.invitedBy) {
        throw new FlowError('failed-precondition', 'No invitation was recorded for this account');
      }
      const proved =
        proof !== undefined &&
        verificationCodeProves(proof.outcome, {
          verifiedBefore: proof.verifiedBefore,
          codeDigest: proof.digest,
          recordedDigests: user.signUpCodeDigests,
        });
      const iso = now.toISOString();
      const counts = recordedInviterCounts(proved ? { ...user, signUpProvedAt: iso } : user, account);
      if (user.invitedBy && !counts) {
        logger.warn('The inviter recorded at sign-up does not count (no proof by its own sign-up); no join', {
          uid: input.uid,
          recordedInviterId: user.invitedBy,
          invitedVia: user.invitedVia,
        });
      } else if (input.inviterId && user.invitedBy && input.inviterId !== user.invitedBy) {
        logger.warn('Activation link names another inviter than the one recorded at sign-up; using the recorded one', {
          uid: input.uid,
          linkInviterId: input.inviterId,
          recordedInviterId: user.invitedBy,
        });
      }
      return {
        userUpdate: activationUpdate(user, { proved, now: iso }),
        inviterId: counts ? user.invitedBy : undefined,
        inviteeName: String(user.name ?? ''),
        notificationDefaults: companionRecord(user),
      };
    });
    return { ...writeSucceeded, inviter: inviterId ? await this.findInviter(inviterId) : null };
  }

  /**
   * Checks that the link's code verifies this account's address, remembers its digest while the
   * address is unverified, then applies it. A code for another account, or of another kind,
   * is refused with nothing applied or written.
   */
  private async applyVerificationCode(uid: string, code: string, now: Date): Promise<CodeProof> {
    const codes = this.deps.verificationCodes;
    const [before, checked] = await Promise.all([this.deps.accounts.getAccount(uid), codes.check(code)]);
    if (!before) throw new FlowError('not-found', 'No account with this id');
    if (before.disabled || checked.kind === 'disabled') throw disabledAccount();
    const digest = codes.digest(code);
    if (checked.kind !== 'code') return { outcome: checked.kind, verifiedBefore: before.emailVerified, digest };
    const sameAddress = checked.email?.toLowerCase() === before.email?.toLowerCase();
    if (checked.requestType !== 'VERIFY_EMAIL' || !sameAddress) {
      throw new FlowError('invalid-argument', 'This verification link is not for this account');
    }
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
   * "Add Asha as a friend?" accepted in the app, by a signed-in account that has proved its
   * address (verified email, or Apple or Google), from an invite the app got through a link,
   * the install referrer or the clipboard. The same join as a sign-up's: once per pair, the
   * invitee's record kept as it is (nothing of it is changed), no self-invite. Answers the
   * inviter's card.
   */
  async acceptInvite(caller: Caller, input: { inviterId: string }): Promise<InviterCard> {
    if (input.inviterId === caller.uid) throw new FlowError('invalid-argument', 'You cannot invite yourself');
    const now = this.deps.now();
    await this.joinAndFinish(caller.uid, input.inviterId, now, (user, inviter, found) => {
      const account = checkSession(caller, found);
      if (!accountProved(account)) {
        throw new FlowError(
          'failed-precondition',
          'Confirm your email address (or sign in with Apple or Google) before accepting an invitation',
        );
      }
      if (!user)
        throw new FlowError('failed-precondition', 'Finish signing up in the app before accepting an invitation');
      if (user.isDeleted) throw deletedAccount();
      if (!isLiveUser(inviter)) throw new FlowError('not-found', 'No inviter with this id');
      return { userUpdate: {}, inviterId: input.inviterId, inviteeName: String(user.name ?? '') };
    });
    return this.getInviter(input.inviterId);
  }

  /** The inviter's card, or null when no live user has this id (getInviter's `not-found`). */
  async findInviter(inviterId: string): Promise<InviterCard | null> {
    try {
      return await this.getInviter(inviterId);
    } catch (error) {
      if (error instanceof FlowError && error.code === 'not-found') return null;
      throw error;
    }
  }

  /**
   * Looks the account up while the store reads the records (one round of reads), lets
   * `prepare` decide with all three, commits the join, then finishes what it owes. Answers
   * the inviter joined (or whose join had been made before), if any.
   */
  private async joinAndFinish(
    inviteeId: string,
    inviterHint: string | undefined,
    now: Date,
    prepare: (
      user: Partial<UserRecord> | undefined,
      hintedInviter: UserRecord | null,
      account: Account | null,
    ) => JoinPreparation,
  ): Promise<string | undefined> {
    const account = this.deps.accounts.getAccount(inviteeId);
    account.catch(() => undefined); // awaited in prepare; never an unhandled rejection
    const plan = await this.deps.store.runJoin({
      inviteeId,
      inviterHint,
      now,
      prepare: async (user, hintedInviter) => prepare(user, hintedInviter, await account),
    });
    await this.finishOwedWork(plan, now);
    return plan.inviterId;
  }

  /** After a join's commit: the history entry if it could not go with it, then the push. */
  private async finishOwedWork(plan: JoinPlan & { inviterId: string | undefined }, now: Date): Promise<void> {
    const join = plan.writes.join && 'create' in plan.writes.join ? plan.writes.join.create : undefined;
    let claim = plan.push;
    if (join?.history === 'owed' && plan.inviterId) {
      const history = await this.appendHistory(plan.inviterId, join.inviteeId, now);
      if (claim && history === 'written') claim = { ...claim, history };
    }
    if (claim) await this.deliver(claim, now);
  }

  private async appendHistory(inviterId: string, inviteeId: string, now: Date): Promise<string> {
    try {
      return await this.deps.store.appendOwedHistory(inviterId, inviteeId, now);
    } catch (error) {
      logger.error('Could not append the history entry; the sweep retries it', {
        inviterId,
        inviteeId,
        error: String(error),
      });
      return 'owed';
    }
  }

  /** Sends a claimed push and records how it went. A failure is logged, never thrown. */
  private async deliver(claim: PushClaim, now: Date): Promise<PushResult> {
    const { inviterId, inviteeId } = claim;
    let result: PushResult;
    try {
      result = await this.send(claim);
    } catch (error) {
      result = { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    if (result.kind === 'retry') {
      const final = claim.attempts >= PUSH_MAX_ATTEMPTS;
      logger.error('Error Notification:', {
        inviterId,
        inviteeId,
        attempts: claim.attempts,
        final,
        error: result.error,
      });
    }
    try {
      if (!(await this.deps.store.settlePush(claim, result, now))) {
        logger.warn('The push was taken over by the sweep while it was being sent; its outcome is left to the sweep', {
          inviterId,
          inviteeId,
          attempts: claim.attempts,
        });
      }
    } catch (error) {
      logger.error('Could not record how the push went; the sweep takes it over after its lease', {
        inviterId,
        inviteeId,
        error: String(error),
      });
    }
    return result;
  }

  private async send(claim: PushClaim): Promise<PushResult> {
    if (!claim.token) return { kind: 'no-token' };
    return this.sendMessage(
      claim.inviterId,
      friendJoinPush(claim.token, claim.inviteeName, claim.inviteeId, claim.language),
    );
  }

  /** Sends one message to an inviter's token; a dead token is removed from the inviter. */
  private async sendMessage(inviterId: string, message: PushMessage): Promise<PushResult> {
    const [outcome] = await this.deps.push.send([message]);
    if (outcome?.delivered) return { kind: 'sent' };
    const code = outcome?.errorCode ?? 'unknown';
    if (DEAD_TOKEN_ERRORS.has(code)) {
      await this.deps.store.removeDeadToken(inviterId, message.token, this.deps.now().toISOString());
      logger.info('Removed a push token that FCM reported dead', { inviterId, errorCode: code });
      return { kind: 'token-removed', error: code };
    }
    // Not the token's fault (a bad request or FCM trouble): keep it and owe the push.
    return { kind: 'retry', error: `${code}${outcome?.errorMessage ? `: ${outcome.errorMessage}` : ''}` };
  }

  /** Sends a claimed summary push and records how it went. A failure is logged, never thrown. */
  private async deliverSummary(claim: SummaryClaim, now: Date): Promise<SummaryResult> {
    const { inviterId, summary } = claim;
    let result: SummaryResult;
    try {
      result = claim.token
        ? await this.sendMessage(
            inviterId,
            friendJoinSummaryPush(
              claim.token,
              { inviterId, id: summary.id, name: summary.name, count: summary.count },
              claim.language,
            ),
          )
        : { kind: 'no-token' };
    } catch (error) {
      result = { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    if (result.kind === 'retry') {
      logger.error('Error Notification:', {
        inviterId,
        summary: summary.id,
        count: summary.count,
        attempts: summary.attempts,
        final: summary.attempts >= PUSH_MAX_ATTEMPTS,
        error: result.error,
      });
    }
    try {
      await this.deps.store.settleSummary(claim, result, now);
    } catch (error) {
      logger.error('Could not record how the summary push went; the sweep takes it over after its lease', {
        inviterId,
        error: String(error),
      });
    }
    return result;
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
          logger.error('Error Notification: gave up a push whose last sender died', { inviterId, inviteeId });
        }
        if (!current) return;
        const result = await this.deliver(current, now);
        if (result.kind === 'retry') report[current.attempts >= PUSH_MAX_ATTEMPTS ? 'failed' : 'retrying']++;
        else if (result.kind === 'sent') report.sent++;
      } catch (error) {
        logger.error('Sweep could not handle a join; it stays due for the next run', {
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
            logger.error('Error Notification: gave up a summary push whose last sender died', { inviterId, count });
          } else logger.info('Summary push not sent: the inviter has no push token', { inviterId, count });
        }
        if (!claim) return;
        const result = await this.deliverSummary(claim, now);
        if (result.kind === 'retry') report[claim.summary.attempts >= PUSH_MAX_ATTEMPTS ? 'failed' : 'retrying']++;
        else if (result.kind === 'sent') report.summariesSent++;
      } catch (error) {
        logger.error('Sweep could not handle a summary push; it stays due for the next run', {
          inviterId,
          error: String(error),
        });
      }
    };
    for (let i = 0; i < budgets.length; i += SWEEP_CONCURRENCY)
      await Promise.all(budgets.slice(i, i + SWEEP_CONCURRENCY).map(summarize));
    if (report.examined > 0) logger.info('Owed work swept', { ...report });
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
    logger.info('Base user record', { uid: account.uid, outcome });
  }

  async onAccountDeleted(uid: string): Promise<void> {
    const outcome = await this.deps.store.retireUser(uid, this.deps.now().toISOString());
    logger.info('User record retired', { uid, outcome });
  }
}
