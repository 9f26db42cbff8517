/**
 * The nonces of the e-mail proof: the sign-up form carries one in its hidden field, the browser
 * binds its token to it, and `proveEmail` spends it. A nonce is handed to a holder (a random key
 * the tab keeps) before the account exists, kept only as a digest, lives minutes, and is spent
 * once, by its holder only. Asking for them is limited per holder and per address, as the App
 * Check fallback's challenges are: each nonce is a write of ours.
 */
import { createHash, randomBytes } from 'node:crypto';
import { limitKey, type RollingWindow } from '../../platform/domain/rolling-window.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** How long a form's nonce may be bound and presented: she picks her address and types a password. */
export const NONCE_LIFE_MS = 15 * MINUTE_MS;

/** How long a nonce's record stays after its expiry, for the TTL policy to take (`expireAt`). */
export const NONCE_KEEP_MS = HOUR_MS;

/** A tab asks once per form it shows: a dozen an hour is a person reloading, not a script. */
export const NONCES_PER_HOLDER: RollingWindow = { limit: 12, windowMs: HOUR_MS };

/** Every tab behind one address together: high for a carrier's shared address, low for one script. */
export const NONCES_PER_ADDRESS: RollingWindow = { limit: 600, windowMs: HOUR_MS };

/** 256 random bits, base64url: 43 characters, the form's `nonce` attribute. */
export const newNonce = (): string => randomBytes(32).toString('base64url');

/** What a record keeps of a nonce or a holder: a SHA-256, so that neither is kept in the clear. */
export const digestOf = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** A limit's record key: the kind and a digest of the holder or address it counts. */
export const nonceLimitKey = (kind: 'holder' | 'address', value: string): string => limitKey(kind, value);

/** What spending a nonce found: it was ours and now is spent, or it was never ours, or used, or old. */
export type NonceSpending = 'spent' | 'unknown' | 'already-spent' | 'expired';

/** A nonce's record (`_emailProofNonces/{digest of the nonce}`). */
export interface NonceRecord {
  /** A digest of the holder it was handed to. */
  holder: string;
  expiresAt: string;
  /** When it was spent; absent until then. */
  spentAt?: string;
}

export function nonceRecord(holder: string, now: Date): NonceRecord {
  return { holder: digestOf(holder), expiresAt: new Date(now.getTime() + NONCE_LIFE_MS).toISOString() };
}

/**
 * What spending `holder`'s nonce finds in its record: another holder's nonce is as unknown as
 * none (it reveals nothing of whose it is), a spent one is a replay, an old one expired.
 */
export function spendingOf(record: NonceRecord | undefined, holder: string, now: Date): NonceSpending {
  if (!record || record.holder !== digestOf(holder)) return 'unknown';
  if (record.spentAt !== undefined) return 'already-spent';
  if (!(Date.parse(record.expiresAt) > now.getTime())) return 'expired';
  return 'spent';
}
