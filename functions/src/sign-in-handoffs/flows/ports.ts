/**
 * The ports of the sign-in handoff: where codes are kept (by digest), and what Auth does for
 * it. composition/wiring.ts builds the real ones (adapters/), the unit tests memory ones.
 */
import type { AccountLock, Restore } from '../domain/account-locks.js';
import type { HandoffRecord } from '../domain/handoffs.js';
import type { OutboxMail } from '../domain/recovery-mail.js';

export type { OutboxMail };

/** What a redemption's transaction read: the code's record and its prefix's attempts. */
export interface RedemptionReads {
  record: HandoffRecord | undefined;
  attempts: string[];
}

/**
 * What it writes: an unknown code's attempt counted (absent: nothing), the code's first redemption,
 * and the time a reuse decided to lock (before the lock's first step).
 */
export interface RedemptionWrites {
  attempts?: string[];
  redeemed?: Pick<HandoffRecord, 'redeemedAt' | 'installationId' | 'retryKeyDigest'>;
  lockingAt?: string;
}

export interface HandoffStore {
  /**
   * In one transaction: the account's mints counted (`count` answers the new list, or null when
   * it may mint no more: then nothing is written and the answer is false), its earlier code
   * replaced (if still unredeemed) and this one kept as its live code.
   */
  mint(digest: string, record: HandoffRecord, count: (mintedAt: string[]) => string[] | null): Promise<boolean>;
  /** Reads, decides with `work` and writes what it answers, in one transaction (retried on contention). */
  redeem<T>(
    digest: string,
    attemptKey: string,
    work: (reads: RedemptionReads) => Promise<{ result: T; writes: RedemptionWrites }>,
  ): Promise<T>;
  /**
   * In one transaction: the account's lock as `decide` makes it from the one in place (written
   * with its mail, if any, to the outbox), and the code marked revoked: it never signs in again,
   * nor locks again.
   */
  lock(
    digest: string,
    uid: string,
    decide: (existing: AccountLock | undefined) => { lock: AccountLock; mail: OutboxMail | null },
    now: Date,
  ): Promise<void>;
  /**
   * In one transaction: the code marked revoked, with `mail` written to the outbox, unless it was
   * revoked already (then nothing: a mail goes once, however many try the code at once).
   */
  revoke(digest: string, mail: OutboxMail | null, now: Date): Promise<void>;
  readLock(uid: string): Promise<AccountLock | undefined>;
  /** Notes on the lock the account that held its owner's address, before it is moved off it. */
  noteSquatter(uid: string, squatter: NonNullable<AccountLock['squatter']>): Promise<void>;
  markRecovered(uid: string, now: Date): Promise<void>;
}

export interface HandoffAuth {
  /** A custom token of the account, carrying the `handoff` claim. */
  customToken(uid: string): Promise<string>;
  /** Ends every session of the account, those begun in this very second included. */
  revokeSessions(uid: string): Promise<void>;
  /** Disables the account and ends its sessions: no sign-in of any kind, no custom token exchanged. */
  lockAccount(uid: string): Promise<void>;
  /**
   * Puts back what the owner had (her address, her providers, her second factors), ends every
   * session again and, with `enable`, enables the account. With `resetPassword`, the password is
   * replaced by one nobody knows and the answer is a link to set hers (Firebase's own password
   * reset); otherwise null. Each step can be taken again: a recovery that stopped half way is
   * finished by the next.
   */
  restoreAccount(uid: string, restore: Restore): Promise<string | null>;
  /** A link to Firebase's own page that sets the account's password. */
  passwordResetLink(email: string): Promise<string>;
  /** The account that holds this address, or null. */
  addressHolder(email: string): Promise<string | null>;
  /** Disables the account, ends its sessions and moves it off its address (to one that cannot receive mail). */
  setAside(uid: string): Promise<void>;
}
