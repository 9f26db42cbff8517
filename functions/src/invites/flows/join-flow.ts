/**
 * A join, top to bottom: who joins whom, decided and committed in one transaction. What the
 * join owes its inviter (her history entry, her push) is recorded on the join's record and
 * delivered off the request path in her next batch, by the trigger on that record
 * (owed-work/flows/owed-work-flow.ts): a join never waits for her shared documents.
 */
import type { InviterCard } from '@dayfocus/contracts/answers';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import { acceptsInvitees, type UserRecord } from '@dayfocus/contracts/records';
import { linkClosure, linkControls } from '@dayfocus/contracts/invite-links';
import { decideJoin } from '../domain/join-decisions.js';
import { checkJoinRequest, inviteeOf, inviterHintOf, joinLinkOf, type JoinRequest } from '../domain/join-requests.js';
import { planJoin } from '../domain/joins.js';
import { isPublicInviter } from '../domain/inviters.js';
import { closedInvitation, gateJoin, pickShard, type JoinGate } from '../domain/invite-limits.js';
import type { Account, AccountLookup, InviteStore, InviteTransaction, JoinOutcome, Joins, PairState } from './ports.js';
import type { Logger } from '../../platform/flows/ports.js';

/** Null: the join treats the inviter as gone (the public pages' rule too). */
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

export class JoinFlow implements Joins {
  constructor(private readonly deps: JoinFlowDeps) {}

  /** The accounts are looked up while the transaction reads the invitee and the named inviter: one round of reads. */
  async join(request: JoinRequest, now: Date): Promise<JoinOutcome> {
    checkJoinRequest(request);
    const inviteeId = inviteeOf(request);
    const hint = inviterHintOf(request);
    // The door's joins bring the account it read; the app's "accept" reads it here.
    const account =
      request.kind === 'accept-invite' ? this.deps.accounts.getAccount(inviteeId) : Promise.resolve(request.account);
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
      let plan = planJoin(state, { inviteeName: decision.inviteeName, now });
      // A new join through her invitation passes her levers, read in the same round as the pair.
      const isNew = pair && inviterId && plan.writes.join && 'create' in plan.writes.join;
      const link = joinLinkOf(request);
      const chat = link?.chat ? link.code : undefined;
      const gate = isNew
        ? await (chat ? this.linkGateOf(tx, inviterId, chat, pair, now) : this.gateOf(tx, inviterId, pair, now))
        : null;
      let closed = false;
      if (gate?.kind === 'closed') {
        // A sign-up begun before she closed it and confirmed after: the account is activated (its
        // address is proved), and joins nobody. Every other way in is refused, writing nothing.
        if (request.kind !== 'activation') throw closedInvitation();
        closed = true;
        plan = planJoin({ ...state, inviterId: undefined }, { inviteeName: decision.inviteeName, now });
      }
      tx.applyJoin({
        inviteeId,
        inviterId: closed ? undefined : inviterId,
        userUpdate: decision.userUpdate,
        signUpUpdate: decision.signUpUpdate,
        plan,
        countsSignUp: decision.countsSignUp,
        countsConfirmed: decision.countsConfirmed,
        way: decision.way,
        now,
      });
      if (inviterId && gate?.kind === 'open' && gate.count && plan.outcome === 'joined') {
        if (chat) tx.countLinkLimitedJoin(chat, gate.count);
        else tx.countLimitedJoin(inviterId, gate.count);
      }
      // Her list's numbers per link: a friend made through it.
      if (link && plan.outcome === 'joined' && !closed) tx.countLinkEvent(link.code, 'joins');
      return { decision, inviterRecord: closed ? null : (pair?.inviter ?? null), closed };
    });

    const { decision } = value;
    if (decision.note) this.deps.logger.warn(decision.note.message, decision.note.fields);
    const inviter = await this.cardOf(decision.inviterId, value.inviterRecord);
    return value.closed ? { inviter, invitationClosed: true } : { inviter };
  }

  /** Her levers on a new join: a limit whose first shard is full reads the others (a second round). */
  private async gateOf(tx: InviteTransaction, inviterId: string, pair: PairState, now: Date): Promise<JoinGate> {
    const gate = gateJoin(pair.limits, now);
    const { controls, shard } = pair.limits;
    if (gate.kind !== 'shard-full' || !controls) return gate;
    return pickShard(controls, await tx.readLimitShards(inviterId), shard.index);
  }

  /**
   * A link of hers for one chat holds a new join by its own levers: retired or not hers, closed;
   * her pause holds every link; then its expiry and its limit, counted on its own shards.
   */
  private async linkGateOf(
    tx: InviteTransaction,
    inviterId: string,
    code: string,
    pair: PairState,
    now: Date,
  ): Promise<JoinGate> {
    const { link, shard } = await tx.readLinkGate(code);
    if (!link || link.inviterId !== inviterId) return { kind: 'closed', closure: 'retired' };
    const closure = linkClosure(link, pair.limits.controls, now);
    if (closure) return { kind: 'closed', closure };
    const controls = linkControls(inviterId, link);
    const gate = gateJoin({ controls, shard }, now);
    if (gate.kind !== 'shard-full') return gate;
    return pickShard(controls, await tx.readLinkLimitShards(code), shard.index);
  }

  /** The pair with an inviter the first round did not read, that inviter's account read beside it. */
  private async openPair(tx: InviteTransaction, inviterId: string, inviteeId: string): Promise<PairState> {
    const inviterAccount = this.deps.accounts.getAccount(inviterId);
    inviterAccount.catch(() => undefined); // awaited below; never an unhandled rejection
    const pair = await tx.readPair(inviterId, inviteeId);
    return { ...pair, inviter: openInviter(pair.inviter, await inviterAccount) };
  }

  /** No read of its own: the card comes from the record the transaction read. */
  private async cardOf(inviterId: string | undefined, inviter: UserRecord | null): Promise<InviterCard | null> {
    if (!inviterId || !acceptsInvitees(inviter)) return null;
    return {
      inviterId,
      name: cleanDisplayName(inviter.name),
      photoUrl: await this.deps.resolvePicture(inviter.profileImage, inviterId),
    };
  }
}
