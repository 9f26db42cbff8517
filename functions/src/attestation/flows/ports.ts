import type { RollingWindow } from '../../platform/domain/rolling-window.js';
import type { AttestationEvent, SubmittedSolution } from '../domain/attestation.js';

export interface AttestationStore {
  /** One transaction: false, nothing written, when any window is full. */
  countChallenge(limits: { key: string; window: RollingWindow }[], now: Date): Promise<boolean>;
  saveChallenge(id: string, record: { secret: string; expiresAt: string }): Promise<void>;
  /** Null when unknown or redeemed before. */
  secretOf(id: string): Promise<string | null>;
  /** True the first time only. */
  redeem(id: string, now: Date): Promise<boolean>;
  /** A blind write. */
  count(event: AttestationEvent, context: string, now: Date): Promise<void>;
}

/** `limitedUse`: for a replay-protected call, which consumes it. */
export type MintAppCheckToken = (
  appId: string,
  lifeMs: number,
  limitedUse: boolean,
) => Promise<{ token: string; expireTimeMillis: number }>;

/** The secret stays with the store; the page gets the challenge. */
export interface MadeChallenge {
  id: string;
  secret: string;
  challenge: { parameters: Record<string, unknown>; signature?: string };
}

/** The proof of work: ALTCHA's challenges (adapters/altcha-challenges.ts). */
export interface Challenges {
  make(expiresAt: Date): Promise<MadeChallenge>;
  check(submitted: SubmittedSolution, secret: string): Promise<'solved' | 'expired' | 'wrong'>;
  /** A digest, so that neither is kept in the clear. */
  limitKey(kind: 'client' | 'address', value: string): string;
}
