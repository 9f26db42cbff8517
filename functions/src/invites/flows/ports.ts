/**
 * The ports of the invite flows: what they need from the world, as interfaces. The adapters
 * implement them (invites/adapters/), composition/wiring.ts builds the real ones, and the flows'
 * unit tests hand in memory ones (test/in-memory.ts). A flow imports these and the domain,
 * never an adapter or Firebase.
 */
import type { SignUpRecord, UserRecord } from '@dayfocus/contracts/records';
import type { AccountFacts } from '../domain/inviter-choice.js';
import type { FriendJoin } from '../../owed-work/domain/friend-join.js';
import type { JoinPlan } from '../domain/joins.js';
import type { SignUpUpdates } from '../domain/sign-up-updates.js';
import type { MailLog, ResendDecision } from '../domain/mail-limits.js';
import type { MailMessage } from '../domain/verification-mail.js';

export interface Account extends AccountFacts {
  uid: string;
  email: string | undefined;
  displayName: string | undefined;
  /** The enrolment ids of its second factors (none: an empty list). */
  factorIds?: string[];
}

export interface AccountLookup {
  /** The account as the Auth service knows it, or null when there is none. */
  getAccount(uid: string): Promise<Account | null>;
  /**
   * Removes the account's display name: Firebase's verification e-mail greets with it, and on an
   * unverified e-mail sign-up it is a stranger's text (docs/deploying.md, "E-mails").
   */
  clearDisplayName(uid: string): Promise<void>;
}

/** What Auth said of a code: `used-or-invalid` covers both, as Auth cannot tell them apart. */
export type CodeRefusal = 'used-or-invalid' | 'expired' | 'disabled';
export type CheckedCode = { kind: 'code'; requestType: string; email: string | undefined } | { kind: CodeRefusal };
export type AppliedCode = { kind: 'applied'; uid: string } | { kind: CodeRefusal };

export interface VerificationCodes {
  /** What the code is for (its kind of request and address), without using it up. */
  check(code: string): Promise<CheckedCode>;
  /** Uses the code up: the account whose address it verifies (`uid`). */
  apply(code: string): Promise<AppliedCode>;
  /** The code's digest, as remembered on the record (never the code itself). */
  digest(code: string): string;
}

/** The invitee's side of a join, as read in its transaction. */
export interface InviteeState {
  user: Partial<UserRecord> | undefined;
  /** The server's own sign-up record (`_signUps`): the inviter chosen and its proof. */
  signUp: SignUpRecord | undefined;
  /** The invitee has notification settings already. */
  notificationsExist: boolean;
}

/** The pair's side of a join, as read in its transaction (the friendship beside it). */
export interface PairState {
  inviter: UserRecord | null;
  join: FriendJoin | undefined;
  /** A friendship in either direction exists already (made by the app, say). */
  friendsAlready: boolean;
}

/** What a join's transaction writes: the invitee's fields and the domain's plan. */
export interface JoinCommit {
  inviteeId: string;
  inviterId: string | undefined;
  /** Fields of the invitee's record to set (merged into it); may be empty. */
  userUpdate: Partial<UserRecord>;
  /** Fields of the invitee's sign-up record to set (merged into it); empty: none. */
  signUpUpdate: Partial<SignUpRecord>;
  plan: JoinPlan;
  /** A sign-up through the invitation: counted in the inviter's funnel. */
  countsSignUp: boolean;
  now: Date;
}

/** What an e-mail sign-up's transaction writes: the records' fields, and its count in the inviter's funnel. */
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
  /** The pair with an inviter the first round did not read. */
  readPair(inviterId: string, inviteeId: string): Promise<PairState>;
  /** A user's record, its sign-up record and an inviter's (an e-mail sign-up's reads). */
  readSignUp(
    userId: string,
    inviterId: string,
  ): Promise<{ user: Partial<UserRecord> | undefined; signUp: SignUpRecord | undefined; inviter: UserRecord | null }>;
  /** Writes a join's plan. */
  applyJoin(commit: JoinCommit): void;
  /** Merges an e-mail sign-up's fields into the records, and counts the sign-up if `countsSignUp`. */
  applySignUp(commit: SignUpCommit): void;
}

export interface InviteStore {
  /** The user's record, or null when there is none (or the id cannot name a document). */
  getUser(userId: string): Promise<UserRecord | null>;
  /**
   * Runs `work` in one transaction and commits what it wrote. Contention is retried by the
   * store (the work runs again on fresh reads).
   */
  transaction<T>(work: (tx: InviteTransaction) => Promise<T>): Promise<T>;
  /** Remembers a verification code's digest (inviter-choice.ts, verificationCodeProves). False when the account has no record. */
  rememberVerificationCode(userId: string, digest: string, now: Date): Promise<boolean>;
  /** A base record from the e-mail sign-up set, never overwriting one. */
  ensureBaseUser(input: { userId: string; email: string; name: string; now: string }): Promise<'created' | 'existed'>;
  /** The record stays (history refers to it) but is retired. */
  retireUser(userId: string, now: string): Promise<'retired' | 'missing'>;
}

export interface UserReader {
  getUser(userId: string): Promise<UserRecord | null>;
}

/** Where the mails go, and what the flow reads to write them. */
export interface MailOutbox {
  /** The inviter the account's sign-up recorded (`_signUps/{uid}.invitedBy`), or null. */
  invitedBy(userId: string): Promise<string | null>;
  /** The address's log (by its key), or null. */
  mailLog(key: string): Promise<MailLog | null>;
  /**
   * In one transaction: the log read again and decided on with `decide`; when it allows, the
   * new log and the mail written together (a mail is never sent uncounted, nor counted unsent).
   * Answers the wait before the next mail: the minute's gap when this one went out.
   */
  send(key: string, decide: (log: MailLog | null) => ResendDecision, mail: MailMessage): Promise<number>;
}

export interface VerificationLinks {
  /** A verification code of the address, from Auth (its own link is not the one mailed). */
  verificationCode(email: string, continueUrl: string): Promise<string>;
}

/** An account found by its address (finish-sign-up-flow.ts). */
export interface AccountByEmail {
  uid: string;
  email: string;
  emailVerified: boolean;
  disabled: boolean;
  providerIds: string[];
}

/** Auth's password-reset codes and passwords, as a half-made sign-up's finish takes them (finish-sign-up-flow.ts). */
export interface PasswordResets {
  /** The account holding `email` (Auth's own lookup), or null. */
  accountByEmail(email: string): Promise<AccountByEmail | null>;
  /** The account of `uid`, or null. */
  accountById(uid: string): Promise<AccountByEmail | null>;
  /** A password-reset code of the address, from Auth (its own link is not the one mailed). */
  resetCode(email: string, continueUrl: string): Promise<string>;
  /** What the code is for, without using it up. */
  check(code: string): Promise<CheckedCode>;
  /** Sets the account's password and ends every session it has (the typist's first try's). */
  setPassword(uid: string, password: string): Promise<void>;
  /** Uses the code up, setting the same password; false when Auth says it was used or expired meanwhile. */
  spend(code: string, password: string): Promise<boolean>;
}
