/**
 * The ports of the App Check fallback: where its challenges and limits are kept, and who mints
 * the token. composition/wiring.ts builds the real ones, the unit tests the same on the emulator.
 */
import type { RollingWindow } from '../../platform/domain/rolling-window.js';
import type { AttestationEvent, SubmittedSolution } from '../domain/attestation.js';

export interface AttestationStore {
  /**
   * Counts one challenge against each key's window, in one transaction: true when counted, false
   * (nothing written) when any window is full.
   */
  countChallenge(limits: { key: string; window: RollingWindow }[], now: Date): Promise<boolean>;
  /** Keeps a challenge's secret until it expires. */
  saveChallenge(id: string, record: { secret: string; expiresAt: string }): Promise<void>;
  /** The secret of a challenge not yet redeemed, or null (unknown, or redeemed before). */
  secretOf(id: string): Promise<string | null>;
  /** Marks the challenge redeemed: true the first time, false for every later one. */
  redeem(id: string, now: Date): Promise<boolean>;
  /** Counts one of the fallback's events in the day's figures of an arrival context (a blind write). */
  count(event: AttestationEvent, context: string, now: Date): Promise<void>;
}

/**
 * An App Check token for the app, and when it expires (the Admin SDK's, or the local stand-in's);
 * of limited use for a replay-protected call, which consumes it.
 */
export type MintAppCheckToken = (
  appId: string,
  lifeMs: number,
  limitedUse: boolean,
) => Promise<{ token: string; expireTimeMillis: number }>;

/** A challenge as the page gets it, and the secret it was signed with (kept by the store). */
export interface MadeChallenge {
  id: string;
  secret: string;
  challenge: { parameters: Record<string, unknown>; signature?: string };
}

/** The proof of work: ALTCHA's challenges (adapters/altcha-challenges.ts). */
export interface Challenges {
  /** A new challenge, with an id and a secret of its own, that expires at `expiresAt`. */
  make(expiresAt: Date): Promise<MadeChallenge>;
  /** Whether the solution answers the challenge signed with `secret`, in time. */
  check(submitted: SubmittedSolution, secret: string): Promise<'solved' | 'expired' | 'wrong'>;
  /** A limit's key for a client or an address: a digest, so that neither is kept in the clear. */
  limitKey(kind: 'client' | 'address', value: string): string;
}
