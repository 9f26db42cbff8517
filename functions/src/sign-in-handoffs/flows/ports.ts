/**
 * The ports of the sign-in handoff: where codes are kept (by digest), and what Auth does for
 * it. platform/wiring.ts builds the real ones (adapters/), the unit tests memory ones.
 */
import type { HandoffRecord } from '../domain/handoffs.js';

/** What a redemption's transaction read: the code's record and its prefix's attempts. */
export interface RedemptionReads {
  record: HandoffRecord | undefined;
  attempts: string[];
}

/** What it writes: the attempts counted (absent: nothing) and the code's first redemption. */
export interface RedemptionWrites {
  attempts?: string[];
  redeemed?: Pick<HandoffRecord, 'redeemedAt' | 'installationId'>;
}

export interface HandoffStore {
  /** In one transaction: the account's earlier code replaced (if still unredeemed) and this one kept as its live code. */
  mint(digest: string, record: HandoffRecord, now: Date): Promise<void>;
  /** Reads, decides with `work` and writes what it answers, in one transaction (retried on contention). */
  redeem<T>(
    digest: string,
    attemptKey: string,
    work: (reads: RedemptionReads) => Promise<{ result: T; writes: RedemptionWrites }>,
  ): Promise<T>;
  /** The code ended the account's sessions: it never signs in again, nor ends them again. */
  markRevoked(digest: string, now: Date): Promise<void>;
}

export interface HandoffAuth {
  /** A custom token of the account, carrying the `handoff` claim. */
  customToken(uid: string): Promise<string>;
  /** Ends every session of the account, those begun in this very second included. */
  revokeSessions(uid: string): Promise<void>;
}
