/** The invite flows' ports. A flow imports these and the domain, never an adapter or Firebase. */
import type { InviterCard } from '@dayfocus/contracts/answers';
import type { AddressProofRecord } from '@dayfocus/contracts/address-proofs';
import type { SignUpRecord, UserRecord } from '@dayfocus/contracts/records';
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import type { InviteControlsRecord } from '@dayfocus/contracts/invite-controls';
import type { InvitationCounts } from '@dayfocus/contracts/inviter-view-functions';
import type { LinkLeversRecord } from '@dayfocus/contracts/invite-links';
import type { DoorRecords } from '../domain/link-door.js';
import type { JoinCursor, JoinRow } from '../domain/invitation-numbers.js';
import type { JoinLimitState, LimitOwner, SeenShard, ShardCount } from '../domain/invite-limits.js';
import type { AccountFacts } from '../domain/inviter-choice.js';
import type { FriendJoin } from '../../owed-work/domain/friend-join.js';
import type { JoinPlan } from '../domain/joins.js';
import type { SignUpUpdates } from '../domain/sign-up-updates.js';
import type { MailLog, ResendDecision } from '../domain/mail-limits.js';
import type { MailCodeRecord, MailCodeTry, StoredMailCode } from '../domain/mail-codes.js';
import type { MailMessage } from '../../platform/domain/mail.js';
import type { SignUpLinkRequest } from '../domain/sign-up-link-requests.js';
import type { JoinRequest } from '../domain/join-requests.js';
import type { DecideRequest, RequestDecision } from '../domain/approvals.js';

export interface Account extends AccountFacts {
  uid: string;
  email: string | undefined;
  displayName: string | undefined;
  /** Second factors' enrolment ids. */
  factorIds?: string[];
}

export interface AccountLookup {
  getAccount(uid: string): Promise<Account | null>;
  /** Removes the display name: Auth's verification mail greets with it, a stranger's text on an unverified sign-up. */
  clearDisplayName(uid: string): Promise<void>;
  /** Writes `address` (the one a proof proved) as the account's, verified, in one call; `taken`: another's now. */
  verifyAddress(uid: string, address: string): Promise<'verified' | 'taken'>;
}

/** Makes e-mail accounts: the server's e-mail sign-up (email-sign-up-flow.ts). */
export interface AccountMaker {
  /** A new account, unverified, or `taken` when the address is an account's already (whoever's, as Auth says). */
  createPasswordAccount(email: string, password: string): Promise<{ uid: string; email: string } | 'taken'>;
}

/** New accounts per client address (sign-up-limits.ts). */
export interface SignUpLimits {
  /** Counts one try for `client` and answers true, or answers false when its window is full. */
  take(client: string, now: Date): Promise<boolean>;
}

/** What Auth said of a code: `used-or-invalid` covers both, as Auth cannot tell them apart. */
export type CodeRefusal = 'used-or-invalid' | 'expired' | 'disabled';
export type CheckedCode = { kind: 'code'; requestType: string; email: string | undefined } | { kind: CodeRefusal };
export type AppliedCode = { kind: 'applied'; uid: string } | { kind: CodeRefusal };

export interface VerificationCodes {
  /** Without using it up. */
  check(code: string): Promise<CheckedCode>;
  apply(code: string): Promise<AppliedCode>;
}

export interface InviteeState {
  user: Partial<UserRecord> | undefined;
  /** The server's own sign-up record (`_signUps`): the inviter chosen and its proof. */
  signUp: SignUpRecord | undefined;
  notificationsExist: boolean;
}

export interface PairState {
  inviter: UserRecord | null;
  join: FriendJoin | undefined;
  /** A friendship in either direction exists already (made by the app, say). */
  friendsAlready: boolean;
  /** The inviter's levers and one shard of her limit's count, read in the same round. */
  limits: JoinLimitState;
  /** Her owner record, in the same round: whether she replaced her link (domain/link-door.ts). */
  owner: DoorRecords['owner'];
}

export interface JoinCommit {
  inviteeId: string;
  inviterId: string | undefined;
  /** Merged into the records; may be empty. */
  userUpdate: Partial<UserRecord>;
  signUpUpdate: Partial<SignUpRecord>;
  plan: JoinPlan;
  /** Counted in the inviter's funnel. */
  countsSignUp: boolean;
  /** Counted in the inviter's funnel: the sign-up's address proved (join-decisions.ts). */
  countsConfirmed?: boolean;
  /** The way in her funnel's events are counted under, and the join's record keeps. */
  way?: InviteWay | undefined;
  now: Date;
}

export interface SignUpCommit {
  userId: string;
  inviterId: string;
  update: SignUpUpdates;
  countsSignUp: boolean;
  now: Date;
}

/** One transaction of the invite store: reads first, then writes, committed when the work returns. */
export interface InviteTransaction {
  /** The invitee, and the pair with `inviterId` when one is named: one round of reads. */
  readInvitee(
    inviteeId: string,
    inviterId: string | undefined,
  ): Promise<{ invitee: InviteeState; pair: PairState | null }>;
  readPair(inviterId: string, inviteeId: string): Promise<PairState>;
  readSignUp(
    userId: string,
    inviterId: string,
  ): Promise<{ user: Partial<UserRecord> | undefined; signUp: SignUpRecord | undefined; inviter: UserRecord | null }>;
  applyJoin(commit: JoinCommit): void;
  applySignUp(commit: SignUpCommit): void;
  /** Every shard of her limit, or of a link's, looked at beside the transaction: when the first was full. */
  lookAtLimitShards(owner: LimitOwner): Promise<SeenShard[]>;
  /** A friend made under her limit: the shard's new count, in the join's commit if the shard is still as seen. */
  countLimitedJoin(inviterId: string, count: ShardCount): void;
  /**
   * Her owner record and the link a join names, with one shard of that link's limit (picked at
   * random): one round (domain/link-door.ts decides on them).
   */
  readDoor(inviterId: string, code: string | undefined): Promise<DoorState>;
  /** A friend made under the link's limit: likewise. */
  countLinkLimitedJoin(code: string, count: ShardCount): void;
  /** One event of the link's own numbers, in the commit. */
  countLinkEvent(code: string, event: keyof InvitationCounts): void;
}

/** A door as a join reads it, with one shard of the named link's limit looked at. */
export interface DoorState extends DoorRecords {
  shard: SeenShard;
}

/** Her owner record and a named link, read outside a transaction (a sign-up's check before it writes). */
export interface Doors {
  readDoor(inviterId: string, code: string | undefined): Promise<DoorRecords>;
  joinsUnderLimit(link: LinkLeversRecord): Promise<number>;
}

/** The inviter's levers as they are: her record, and the friends made under her limit (0 without one). */
export interface InvitationState {
  controls: InviteControlsRecord | undefined;
  joins: number;
}

/** Her levers (`_inviteControls`): read by the sign-up and the page, written by her own calls. */
export interface InviteControls {
  read(inviterId: string): Promise<InvitationState>;
  /** In one transaction: her record read, `decide` run on it, and what it answers written. */
  change(
    inviterId: string,
    decide: (current: InviteControlsRecord | undefined) => InviteControlsRecord,
  ): Promise<InvitationState>;
}

export interface InviteStore {
  /** Null also when the id cannot name a document. */
  getUser(userId: string): Promise<UserRecord | null>;
  /** Contention is retried by the store: the work runs again on fresh reads. */
  transaction<T>(work: (tx: InviteTransaction) => Promise<T>): Promise<T>;
  /** A base record from the e-mail sign-up set, never overwriting one. */
  ensureBaseUser(input: { userId: string; email: string; name: string; now: string }): Promise<'created' | 'existed'>;
  /** The record stays, retired: history refers to it. */
  retireUser(userId: string, now: string): Promise<'retired' | 'missing'>;
  /** Her joins' records keep no name and owe nothing more (domain/gone-invitees.ts); answers how many changed. */
  forgetInvitee(inviteeId: string, now: Date): Promise<number>;
}

export interface UserReader {
  getUser(userId: string): Promise<UserRecord | null>;
}

export interface MailOutbox {
  /** The inviter the account's sign-up recorded (`_signUps/{uid}.invitedBy`), or null. */
  invitedBy(userId: string): Promise<string | null>;
  mailLog(key: string): Promise<MailLog | null>;
  /**
   * In one transaction: the log read again and decided on with `decide`; when it allows, the
   * new log and the mail written together (a mail is never sent uncounted, nor counted unsent),
   * and the proofs the mail carries: its short code, which replaces the account's earlier one
   * (`_mailCodes`), and its link's record (`_addressProofs`: proofs.ts).
   * Answers the wait before the next mail: the minute's gap when this one went out.
   */
  send(
    key: string,
    decide: (log: MailLog | null) => ResendDecision,
    mail: MailMessage,
    proofs?: MailProofs,
  ): Promise<number>;
}

/** What a verification mail proves, written with it. */
export interface MailProofs {
  userId: string;
  code?: StoredMailCode | undefined;
  link: { id: string; record: AddressProofRecord };
}

export interface MailCodeStore {
  /** In one transaction: the account's code record read, `decide` run on it, and the record it answers written. */
  tryCode(userId: string, decide: (record: MailCodeRecord | undefined) => MailCodeTry): Promise<MailCodeTry>;
}

/** The proofs of addresses (`_addressProofs`): functions/src/activation/domain/proofs.ts. */
export interface AddressProofs {
  /** The record of a proof, where we keep one. */
  read(id: string): Promise<AddressProofRecord | undefined>;
  /** The record of a proof and whether the sign-up of `uid` has its own proof recorded, in one round. */
  readWithSignUp(id: string, uid: string): Promise<{ record: AddressProofRecord | undefined; signUpProved: boolean }>;
  /**
   * In one transaction: the proof's record and the sign-up of `uid` read, `decide` run on them, and
   * what it answers written (the proof's record, and the sign-up's fields beside it).
   */
  change<T>(
    id: string,
    uid: string,
    decide: (
      record: AddressProofRecord | undefined,
      signUp: SignUpRecord | undefined,
    ) => { record: AddressProofRecord | null; signUpUpdate: Partial<SignUpRecord>; answer: T },
  ): Promise<T>;
}

export interface VerificationLinks {
  /** A verification code of the address, from Auth (its own link is not the one mailed). */
  verificationCode(email: string, continueUrl: string): Promise<string>;
}

export interface AccountByEmail {
  uid: string;
  email: string;
  emailVerified: boolean;
  disabled: boolean;
  providerIds: string[];
}

export interface PasswordResets {
  accountByEmail(email: string): Promise<AccountByEmail | null>;
  accountById(uid: string): Promise<AccountByEmail | null>;
  /** A password-reset code of the address, from Auth (its own link is not the one mailed). */
  resetCode(email: string, continueUrl: string): Promise<string>;
  check(code: string): Promise<CheckedCode>;
  /** Sets the account's password and ends every session it has (the typist's first try's). */
  setPassword(uid: string, password: string): Promise<void>;
  /** Uses the code up, setting the same password; false when Auth says it was used or expired meanwhile. */
  spend(code: string, password: string): Promise<boolean>;
}

/** The requests for a finishing link (`_signUpLinkRequests`): written as asked, removed once answered. */
export interface SignUpLinkRequests {
  add(request: SignUpLinkRequest): Promise<void>;
  /** False once removed: its trigger's event delivered again after it was answered. */
  stillAsked(id: string): Promise<boolean>;
  /** In one transaction: marks it as waiting behind `mark` (waitingMark) unless another waits or it was removed. */
  waitBehind(id: string, mark: string): Promise<boolean>;
  remove(id: string): Promise<void>;
}

/** Her requests through links that ask her first (approvals-flow.ts). */
export interface ApprovalStore {
  /** Her records that say `requested`, newest first, up to `limit` (lapsed ones among them). */
  requested(inviterId: string, limit: number): Promise<FriendJoin[]>;
  /** Her links' names by code; a link that is gone is absent. */
  linkNames(codes: readonly string[]): Promise<Map<string, string | null>>;
  /** In one transaction: the pair's record, their friendship and the person read, `decide` run, its record written. */
  decide(inviterId: string, inviteeId: string, decide: DecideRequest, now: Date): Promise<RequestDecision>;
}

/** What the inviter's own view reads (my-invitations-flow.ts), hers only. */
export interface InvitationReader {
  /** Her funnel's shards of `fromDay` (`YYYY-MM-DD`) and after. */
  shardsSince(inviterId: string, fromDay: string): Promise<Record<string, unknown>[]>;
  /** Up to `limit` of her joins that made a friendship, newest first, after `after`. */
  joinsAfter(inviterId: string, after: JoinCursor | null, limit: number): Promise<JoinRow[]>;
}

export interface JoinOutcome {
  inviter: InviterCard | null;
  /**
   * An activation whose inviter's invitation was closed (paused, expired, at its limit) when the
   * address was confirmed: the account is active, and no friendship was made.
   */
  invitationClosed?: true;
  /** Through a link that asks her first: a request waits for her, and no friendship was made yet. */
  joinRequested?: true;
}

/** The one join (join-flow.ts): who joins whom, decided and committed in one transaction. */
export interface Joins {
  join(request: JoinRequest, now: Date): Promise<JoinOutcome>;
}
