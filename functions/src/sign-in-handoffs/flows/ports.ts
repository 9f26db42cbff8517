/** The sign-in handoff's ports. Codes are kept by digest only. */
import type { AccountLock, Restore } from '../domain/account-locks.js';
import type { HandoffRecord } from '../domain/handoffs.js';
import type { MailMessage } from '../../platform/domain/mail.js';

export interface RedemptionReads {
  record: HandoffRecord | undefined;
  attempts: string[];
}

export interface RedemptionWrites {
  /** An unknown code's attempt counted. */
  attempts?: string[];
  redeemed?: Pick<HandoffRecord, 'redeemedAt' | 'installationId' | 'retryKeyDigest'>;
  /** Written before the lock's first step. */
  lockingAt?: string;
}

export interface HandoffStore {
  /** One transaction. When `count` answers null, nothing is written and the answer is false. */
  mint(digest: string, record: HandoffRecord, count: (mintedAt: string[]) => string[] | null): Promise<boolean>;
  /** One transaction, retried on contention. */
  redeem<T>(
    digest: string,
    attemptKey: string,
    work: (reads: RedemptionReads) => Promise<{ result: T; writes: RedemptionWrites }>,
  ): Promise<T>;
  /** One transaction with the lock's mail; the revoked code never signs in nor locks again. */
  lock(
    digest: string,
    uid: string,
    decide: (existing: AccountLock | undefined) => { lock: AccountLock; mail: MailMessage | null },
    now: Date,
  ): Promise<void>;
  /** Nothing when revoked already: a mail goes once, however many try the code at once. */
  revoke(digest: string, mail: MailMessage | null, now: Date): Promise<void>;
  readLock(uid: string): Promise<AccountLock | undefined>;
  /** Noted before the squatter is moved off the address. */
  noteSquatter(uid: string, squatter: NonNullable<AccountLock['squatter']>): Promise<void>;
  markRecovered(uid: string, now: Date): Promise<void>;
}

export interface HandoffAuth {
  /** Carries the `handoff` claim. */
  customToken(uid: string): Promise<string>;
  /** Those begun in this very second included. */
  revokeSessions(uid: string): Promise<void>;
  /** Disabled, not only signed out: no sign-in of any kind, no custom token exchanged. */
  lockAccount(uid: string): Promise<void>;
  /**
   * With `resetPassword`, the password is replaced by one nobody knows and the answer is a link to
   * set hers (Firebase's own reset). Each step can be taken again: a recovery that stopped half way
   * is finished by the next.
   */
  restoreAccount(uid: string, restore: Restore): Promise<string | null>;
  passwordResetLink(email: string): Promise<string>;
  addressHolder(email: string): Promise<string | null>;
  /** Also moves the account off its address, to one that cannot receive mail. */
  setAside(uid: string): Promise<void>;
}
