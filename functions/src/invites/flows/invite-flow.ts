/**
 * The invite flow's server-side steps. Inputs here are already validated; callers are
 * described by what their ID token proves. Errors a caller can act on are FlowErrors.
 *
 * Every step follows the rules for the people who actually arrive (docs/joins.md): a record
 * that exists is completed, never overwritten; a deleted record is never revived; only the
 * account's proven owner chooses its inviter; a join happens once per (inviter, invitee); what
 * a join owes the inviter is recorded with it, and finished off the request path by owed work
 * (owed-work/flows/owed-work-flow.ts).
 *
 * A join reads top to bottom in `join`: the flow opens the transaction, reads through the
 * store, lets the domain decide (join-decisions.ts, then joins.ts's planJoin), and has the
 * store write the plan; the store's transaction owns the retries.
 */
import type { InviterCard } from '@dayfocus/contracts/answers';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import { writeSucceeded, type WriteResult } from '@dayfocus/contracts/write-result';
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import { invitationClosure } from '@dayfocus/contracts/invite-controls';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import { checkEmailSignUp } from '../domain/join-decisions.js';
import { checkSession } from '../../platform/domain/session.js';
import type { JoinRequest } from '../domain/join-requests.js';
import { emailSignUpUpdate } from '../domain/sign-up-updates.js';
import { JoinFlow, openInviter, type JoinFlowDeps } from './join-flow.js';
import { closedInvitation } from '../domain/invite-limits.js';
import type { Account, Doors, InvitationState, InviteControls } from './ports.js';
import {
  countedLinkOf,
  doorClosure,
  doorOf,
  replacedInvitation,
  type Door,
  type DoorRecords,
} from '../domain/link-door.js';

/** An inviter's Auth account and her levers, as a sign-up read them. */
export interface InviterReads {
  inviterAccount: Account | null;
  invitation: InvitationState;
  /** The door the sign-up comes through (domain/link-door.ts), as checked. */
  door: Door;
}

/** What an e-mail sign-up names: her inviter, her name as typed, and how she came (invite-ways.ts). */
export interface EmailSignUpInput {
  inviterId: string;
  name: string;
  way?: InviteWay | undefined;
  /** The link whose page the sign-up came through, when it said (its door holds the sign-up). */
  link?: string | undefined;
}

export interface InviteFlowDeps extends JoinFlowDeps {
  /** Her levers, read beside an email sign-up's transaction: a closed invitation takes no sign-up. */
  controls: Pick<InviteControls, 'read'>;
  /** Her owner record and the named link: a replaced link, or a closed link of hers, takes no sign-up. */
  doors: Doors;
  now(): Date;
}

/**
 * The invite flow's calls. A call that writes for a caller writes nothing before its App Check
 * token is consumed: the ports wait for that themselves (platform/adapters/write-gate.ts).
 */
export class InviteFlow {
  private readonly joins: JoinFlow;

  constructor(private readonly deps: InviteFlowDeps) {
    this.joins = new JoinFlow(deps);
  }

  /** Email sign-up, right after the account was created in the browser: the record and its inviter. */
  async registerInvitee(caller: Caller, input: EmailSignUpInput): Promise<WriteResult> {
    if (caller.signInProvider !== PASSWORD_PROVIDER) {
      throw new FlowError('failed-precondition', 'registerInvitee is for accounts created with email and password');
    }
    const email = caller.email;
    if (!email) throw new FlowError('failed-precondition', 'The account has no email address');
    // A disabled account, or a session revoked since this sign-in, writes nothing (as every join).
    await this.recordEmailSignUp({ uid: caller.uid, email, check: (account) => checkSession(caller, account) }, input);
    return writeSucceeded;
  }

  /**
   * Whether an e-mail sign-up with `inviterId` would be taken now, read before an account is made
   * for it (email-sign-up-flow.ts): no account for an inviter who takes nobody, or a closed
   * invitation. Answers her account and levers as read, for the record's transaction, which
   * decides again on them and on her record read anew.
   */
  async checkSignUpOpen(inviterId: string, link?: string): Promise<InviterReads> {
    const [inviter, inviterAccount, invitation, door] = await Promise.all([
      this.deps.store.getUser(inviterId),
      this.deps.accounts.getAccount(inviterId),
      this.deps.controls.read(inviterId),
      this.deps.doors.readDoor(inviterId, link),
    ]);
    checkEmailSignUp(undefined, openInviter(inviter, inviterAccount));
    return { inviterAccount, invitation, door: await this.openDoor(inviterId, link, door, invitation) };
  }

  /**
   * A sign-up through a replaced link is refused; one through a link of hers for one chat is turned
   * away while that link is closed, one through her invitation while hers is. Read outside the
   * record's transaction: the join at activation is the exact gate.
   */
  /** The door of a sign-up that was not checked before (registerInvitee): read, then checked. */
  private async readAndOpenDoor(input: EmailSignUpInput, invitation: Promise<InvitationState>): Promise<Door> {
    const [read, levers] = await Promise.all([this.deps.doors.readDoor(input.inviterId, input.link), invitation]);
    return this.openDoor(input.inviterId, input.link, read, levers);
  }

  private async openDoor(
    inviterId: string,
    link: string | undefined,
    read: DoorRecords,
    invitation: InvitationState,
  ): Promise<Door> {
    const door = doorOf(inviterId, link, read);
    const linkJoins = door.kind === 'link' ? await this.deps.doors.joinsUnderLimit(door.link) : undefined;
    const closure = doorClosure(door, invitation, this.deps.now(), linkJoins);
    if (closure === 'replaced') throw replacedInvitation();
    if (closure) throw closedInvitation();
    return door;
  }

  /**
   * The sign-up's record and its inviter, for the account `signer` names: the same for an account
   * the browser made (registerInvitee) and one the server made (email-sign-up-flow.ts). `check`
   * refuses an account that may not write (gone, disabled, its session revoked). `known`: the
   * inviter's account and levers as `checkSignUpOpen` read them a moment before, not read again.
   */
  async recordEmailSignUp(
    signer: { uid: string; email: string; check: (account: Account | null) => Account },
    input: EmailSignUpInput,
    known?: InviterReads,
  ): Promise<void> {
    if (input.inviterId === signer.uid) throw new FlowError('invalid-argument', 'You cannot invite yourself');
    const now = this.deps.now();
    const found = this.deps.accounts.getAccount(signer.uid);
    const inviterAccount = known
      ? Promise.resolve(known.inviterAccount)
      : this.deps.accounts.getAccount(input.inviterId);
    const invitation = known ? Promise.resolve(known.invitation) : this.deps.controls.read(input.inviterId);
    // The door as checkSignUpOpen checked it, or checked here (registerInvitee).
    const door = known ? known.door : await this.readAndOpenDoor(input, invitation);
    for (const lookup of [found, inviterAccount, invitation]) lookup.catch(() => undefined); // awaited in the transaction
    const account = await this.deps.store.transaction(async (tx) => {
      const { user, signUp, inviter } = await tx.readSignUp(signer.uid, input.inviterId);
      const checked = signer.check(await found);
      checkEmailSignUp(user, openInviter(inviter, await inviterAccount));
      // Her levers are the join's to enforce exactly; a sign-up through her invitation is turned away
      // while they say closed (a link of hers for one chat was checked by its own, openDoor).
      const { controls, joins } = await invitation;
      if (door.kind === 'invitation' && invitationClosure(controls, now, joins)) throw closedInvitation();
      const update = emailSignUpUpdate(user, signUp, {
        userId: signer.uid,
        email: signer.email,
        name: cleanDisplayName(input.name),
        inviterId: input.inviterId,
        way: input.way,
        // Only a link of hers is kept (and counts for its numbers): a made-up code is not.
        link: countedLinkOf(door),
        now: now.toISOString(),
      });
      // The first time the account names this inviter (a resumed sign-up names it again).
      const countsSignUp = update.signUp.invitedBy === input.inviterId;
      tx.applySignUp({ userId: signer.uid, inviterId: input.inviterId, update, countsSignUp, now });
      return checked;
    });
    // The page asks for the verification e-mail once this answers: Firebase's template greets
    // with the account's display name, which nobody proved on an unverified sign-up. The name
    // the person typed is the record's, never the account's.
    if (!account.emailVerified && account.displayName) await this.deps.accounts.clearDisplayName(signer.uid);
  }

  /** "Add Asha as a friend?" accepted in the app (an invite from a link, the install referrer or the clipboard). */
  async acceptInvite(
    caller: Caller,
    input: { inviterId: string; link?: string },
  ): Promise<{ inviter: InviterCard; joinRequested?: true }> {
    const request: JoinRequest = { kind: 'accept-invite', caller, inviterId: input.inviterId, link: input.link };
    const { inviter, joinRequested } = await this.joins.join(request, this.deps.now());
    if (!inviter) throw new FlowError('not-found', 'No inviter with this id');
    // Through a link that asks her first, the app says she will confirm (docs/inviter-view.md).
    return joinRequested ? { inviter, joinRequested } : { inviter };
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

  /**
   * The record retired first: a join of this account that commits after it reads a deleted record
   * and makes nothing, so no join record is made after her joins are forgotten.
   */
  async onAccountDeleted(uid: string): Promise<void> {
    const now = this.deps.now();
    const outcome = await this.deps.store.retireUser(uid, now.toISOString());
    const joinsForgotten = await this.deps.store.forgetInvitee(uid, now);
    this.deps.logger.info('User record retired', { uid, outcome, joinsForgotten });
  }
}
