/**
 * A join, top to bottom: who joins whom, decided and committed in one transaction. What the
 * join owes its inviter (a push, a history entry that could not go with the commit) is recorded
 * on the join's record and delivered off the request path, by the trigger on that record
 * (owed-work/flows/owed-work-flow.ts). Activation, a social sign-up and the app's acceptInvite
 * all join through here (invite-flow.ts).
 */
import type { InviterCard } from '@dayfocus/contracts/answers';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import { acceptsInvitees, type UserRecord } from '@dayfocus/contracts/records';
import { decideJoin } from '../domain/join-decisions.js';
import { checkJoinRequest, inviteeOf, inviterHintOf, type JoinRequest } from '../domain/join-requests.js';
import { planJoin } from '../domain/joins.js';
import { isPublicInviter } from '../domain/inviters.js';
import type { Account, AccountLookup, InviteStore, InviteTransaction, PairState } from './ports.js';
import { retryRefusedCommits, type RetryClock } from './retry.js';
import type { Logger } from '../../platform/flows/ports.js';

/**
 * The inviter's record when people may join them now (the rule of the public pages too:
 * domain/inviters.ts), or null: the join then treats them as gone.
 */
export function openInviter(record: UserRecord | null, account: Account | null): UserRecord | null {
  return isPublicInviter(record, account) ? record : null;
}

export interface JoinFlowDeps {
  store: InviteStore;
  accounts: AccountLookup;
  /** The picture's address for a browser, or null; `ownerId` is the user whose record names it. */
  resolvePicture(profileImage: unknown, ownerId: string): Promise<string | null>;
  logger: Logger;
  /** The pauses between refused commits (real time unless a test says otherwise). */
  retryClock?: RetryClock;
}

export class JoinFlow {
  constructor(private readonly deps: JoinFlowDeps) {}

  /**
   * A join, top to bottom. The account is looked up while the transaction reads the invitee
   * and the inviter the request names (one round of reads); the domain decides who joins whom
   * and plans the writes; the store commits them. A refused commit is tried again as
   * retryRefusedCommits says. Answers the card
   * of the inviter joined (or whose join had been made before), if any, from the record it read.
   */
  async join(request: JoinRequest, now: Date): Promise<{ inviter: InviterCard | null }> {
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
    return { inviter: await this.cardOf(decision.inviterId, value.inviterRecord) };
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
}
