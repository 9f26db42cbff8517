/**
 * A join, top to bottom: who joins whom, decided and committed in one transaction. What the
 * join owes its inviter (her history entry, her push) is recorded on the join's record and
 * delivered off the request path in her next batch, by the trigger on that record
 * (owed-work/flows/owed-work-flow.ts): a join never waits for her shared documents. Activation, a social sign-up and the app's acceptInvite
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
}

/**
 * A join's answer: the card of the inviter joined (or whose join had been made before), if any,
 * and whether this join recorded the sign-up's own proof of its address (an activation applying
 * its e-mail's code for the first time: it happens once per account).
 */
export interface JoinOutcome {
  inviter: InviterCard | null;
  provedSignUp: boolean;
}

export class JoinFlow {
  constructor(private readonly deps: JoinFlowDeps) {}

  /**
   * A join, top to bottom. The account is looked up while the transaction reads the invitee
   * and the inviter the request names (one round of reads); the domain decides who joins whom
   * and plans the writes; the store commits them. The inviter's card comes from the record it read.
   */
  async join(request: JoinRequest, now: Date): Promise<JoinOutcome> {
    checkJoinRequest(request);
    const inviteeId = inviteeOf(request);
    const hint = inviterHintOf(request);
    const account = this.deps.accounts.getAccount(inviteeId);
    account.catch(() => undefined); // awaited in the transaction; never an unhandled rejection
    // The inviter's account beside it: an inviter Auth disabled gets no new friend and no push.
    const hintAccount = hint && hint !== inviteeId ? this.deps.accounts.getAccount(hint) : Promise.resolve(null);
    hintAccount.catch(() => undefined); // awaited in the transaction; never an unhandled rejection

    const value = await this.deps.store.transaction(async (tx) => {
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
      };
      const plan = planJoin(state, { inviteeName: decision.inviteeName, now });
      tx.applyJoin({
        inviteeId,
        inviterId,
        userUpdate: decision.userUpdate,
        signUpUpdate: decision.signUpUpdate,
        plan,
        countsSignUp: decision.countsSignUp,
        now,
      });
      return { decision, inviterRecord: pair?.inviter ?? null };
    });

    const { decision } = value;
    if (decision.note) this.deps.logger.warn(decision.note.message, decision.note.fields);
    const provedSignUp = decision.signUpUpdate.signUpProvedAt !== undefined;
    return { inviter: await this.cardOf(decision.inviterId, value.inviterRecord), provedSignUp };
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
