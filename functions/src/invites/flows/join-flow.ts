/**
 * A join, top to bottom: who joins whom, decided and committed in one transaction. What the
 * join owes its inviter (her history entry, her push) is recorded on the join's record and
 * delivered off the request path in her next batch, by the trigger on that record
 * (owed-work/flows/owed-work-flow.ts): a join never waits for her shared documents.
 */
import type { InviterCard } from '@dayfocus/contracts/answers';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import { acceptsInvitees, type SignUpRecord, type UserRecord } from '@dayfocus/contracts/records';
import { linkClosure, linkControls } from '@dayfocus/contracts/invite-links';
import { decideJoin, type JoinDecision } from '../domain/join-decisions.js';
import { checkJoinRequest, inviteeOf, inviterHintOf, type JoinRequest } from '../domain/join-requests.js';
import { doorOf, replacedInvitation } from '../domain/link-door.js';
import { planJoin, type JoinPlan } from '../domain/joins.js';
import { isPublicInviter } from '../domain/inviters.js';
import { closedInvitation, gateJoin, pickShard, type JoinGate, type ShardCount } from '../domain/invite-limits.js';
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

/** A join's gate, with the link whose shards count it when it came through a link of hers for one chat. */
type DoorGate =
  | Exclude<JoinGate, { kind: 'open' }>
  | { kind: 'closed'; closure: 'replaced' }
  /**
   * `link`: the shards of this link's limit count it; `counted`: the link whose numbers count it;
   * `asks`: the link asks her first (domain/approvals.ts).
   */
  | { kind: 'open'; count?: ShardCount; link?: string; counted?: string; asks?: true };

/**
 * The sign-up's fields as recorded: a link is kept only when it is one of hers that this door counts
 * (domain/link-door.ts, countedLinkOf); a code she does not have is not kept.
 */
function recordedThroughDoor(update: Partial<SignUpRecord>, gate: DoorGate | null): Partial<SignUpRecord> {
  if (update.inviteLink === undefined) return update;
  if (gate?.kind === 'open' && gate.counted === update.inviteLink) return update;
  const { inviteLink: _notHers, ...kept } = update;
  return kept;
}

/**
 * What an open door counts in the join's commit: the seat under its limit, and the events of a link
 * of hers (a sign-up with its address proved by the provider, a friend made).
 */
function countThroughDoor(
  tx: InviteTransaction,
  inviterId: string,
  gate: Extract<DoorGate, { kind: 'open' }>,
  plan: JoinPlan,
  decision: Pick<JoinDecision, 'countsSignUp' | 'countsConfirmed'>,
): void {
  // A new request holds its seat under the link's limit as a friend would: the limit bounds her list too.
  const seated = plan.outcome === 'joined' || (plan.outcome === 'requested' && plan.writes.join !== undefined);
  if (gate.count && seated) {
    if (gate.link) tx.countLinkLimitedJoin(gate.link, gate.count);
    else tx.countLimitedJoin(inviterId, gate.count);
  }
  // Her list's numbers per link: a friend made through it.
  // Only a link of hers: a code the page made up counts for nothing anywhere.
  if (!gate.counted) return;
  if (decision.countsSignUp) tx.countLinkEvent(gate.counted, 'signUps');
  if (decision.countsConfirmed) tx.countLinkEvent(gate.counted, 'confirmed');
  if (plan.outcome === 'joined') tx.countLinkEvent(gate.counted, 'joins');
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
      const { link } = decision;
      const gate = isNew ? await this.gateOf(tx, inviterId, link, pair, now) : null;
      let closed = false;
      if (gate?.kind === 'closed') {
        // A sign-up begun before she closed it (or replaced her link) and confirmed after: the account
        // is activated (its address is proved), and joins nobody. Every other way in is refused,
        // writing nothing.
        if (request.kind !== 'activation')
          throw gate.closure === 'replaced' ? replacedInvitation() : closedInvitation();
        closed = true;
        plan = planJoin({ ...state, inviterId: undefined }, { inviteeName: decision.inviteeName, now });
      } else if (gate?.kind === 'open' && gate.asks) {
        // Through a link that asks her first: a request waits for her, no friendship yet.
        plan = planJoin(state, { inviteeName: decision.inviteeName, now, asksThrough: gate.link });
      }
      tx.applyJoin({
        inviteeId,
        inviterId: closed ? undefined : inviterId,
        userUpdate: decision.userUpdate,
        signUpUpdate: recordedThroughDoor(decision.signUpUpdate, gate),
        plan,
        countsSignUp: decision.countsSignUp,
        countsConfirmed: decision.countsConfirmed,
        way: decision.way,
        now,
      });
      if (inviterId && gate?.kind === 'open') countThroughDoor(tx, inviterId, gate, plan, decision);
      const requested = plan.outcome === 'requested';
      return { decision, inviterRecord: closed ? null : (pair?.inviter ?? null), closed, requested };
    });

    const { decision } = value;
    if (decision.note) this.deps.logger.warn(decision.note.message, decision.note.fields);
    const inviter = await this.cardOf(decision.inviterId, value.inviterRecord);
    if (value.closed) return { inviter, invitationClosed: true };
    return value.requested ? { inviter, joinRequested: true } : { inviter };
  }

  /**
   * The door of a new join (domain/link-door.ts): a link of hers for one chat holds it by its own
   * levers, and her pause; her invitation by hers; a replaced link admits nobody. A limit whose
   * first shard is full looks at the others (one more round).
   */
  private async gateOf(
    tx: InviteTransaction,
    inviterId: string,
    code: string | undefined,
    pair: PairState,
    now: Date,
  ): Promise<DoorGate> {
    // Her owner record came with the pair; a named link takes one more round.
    const read =
      code === undefined
        ? { owner: pair.owner, link: undefined, shard: { index: 0, record: undefined, version: null } }
        : await tx.readDoor(inviterId, code);
    const door = doorOf(inviterId, code, read);
    if (door.kind === 'replaced') return { kind: 'closed', closure: 'replaced' };
    if (door.kind === 'invitation') {
      // Her own link's code counts for it; any other code (a page's, made up) for nothing.
      const counted = door.own ? { counted: door.own } : {};
      const gate = gateJoin(pair.limits, now);
      const { controls, shard } = pair.limits;
      const decided =
        gate.kind !== 'shard-full' || !controls
          ? gate
          : pickShard(controls, await tx.lookAtLimitShards({ inviterId }), shard.index);
      return decided.kind === 'open' ? { ...decided, ...counted } : decided;
    }
    const closure = linkClosure(door.link, pair.limits.controls, now);
    if (closure) return { kind: 'closed', closure };
    const controls = linkControls(inviterId, door.link);
    const gate = gateJoin({ controls, shard: read.shard }, now);
    const decided =
      gate.kind === 'shard-full'
        ? pickShard(controls, await tx.lookAtLimitShards({ code: door.link.code }), read.shard.index)
        : gate;
    if (decided.kind !== 'open') return decided;
    const asks = door.link.approval === true ? { asks: true as const } : {};
    return { ...decided, link: door.link.code, counted: door.link.code, ...asks };
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
