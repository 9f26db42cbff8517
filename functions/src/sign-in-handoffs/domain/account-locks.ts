/**
 * An account locked because its handoff code was redeemed twice (docs/signed-in-on-arrival.md, section 6),
 * pure. Whoever redeemed first may be the attacker, and his session was fresh: through Auth's own
 * API it could set a password or link a provider of his, and the custom token he kept signs in
 * again for up to an hour whatever is revoked. So the account is disabled, not only signed out;
 * its owner is mailed at the address she had proved when the code was minted; and once every
 * custom token granted before the lock has expired, her recovery restores what she had at the
 * mint (the address, the providers, her second factors) and lets her set the password again herself.
 * A lock never lifts a ban: it enables only an account it disabled itself.
 */
import { ACCOUNT_LOCK_MS, HANDOFF_LIFETIME_MS } from '@dayfocus/contracts/sign-in-handoff';
import type { SignUpRecord } from '@dayfocus/contracts/records';
import { sameAddress } from '../../platform/domain/email-addresses.js';
import type { HandoffOwner } from './handoffs.js';

export interface AccountLock {
  uid: string;
  lockedAt: string;
  /** From when its owner may recover it: every custom token granted before the lock has expired by then. */
  recoverableAt: string;
  owner: HandoffOwner;
  recoveryDigest: string;
  /** When the reused code was minted: her address was hers then (absent on a lock kept before it was). */
  mintedAt?: string;
  /**
   * The lock disabled the account itself (it was enabled when the reuse was decided): only then does
   * the recovery enable it. Locks written before this was kept did so too.
   */
  disabledByLock: boolean;
  recoveredAt?: string;
  /**
   * Another account that held her address at the recovery, disabled and moved off it (kept for
   * support, who can undo it): Auth keeps one account per address, and hers was hers at the mint.
   */
  squatter?: { uid: string; email: string };
}

/** The lock already in place stays: a second reuse mails nobody again. */
export function lockOf(
  existing: AccountLock | undefined,
  input: { uid: string; owner: HandoffOwner; recoveryDigest: string; mintedAt: string; now: Date },
): { lock: AccountLock; mail: boolean } {
  if (existing && !existing.recoveredAt) return { lock: existing, mail: false };
  const { uid, owner, recoveryDigest, mintedAt, now } = input;
  return {
    lock: {
      uid,
      lockedAt: now.toISOString(),
      recoverableAt: new Date(now.getTime() + ACCOUNT_LOCK_MS).toISOString(),
      owner,
      recoveryDigest,
      mintedAt,
      // A reuse locks only an account that was enabled when it was decided (handoffs.ts, decideReuse).
      disabledByLock: true,
    },
    mail: owner.email !== null,
  };
}

export interface LockedAccount {
  email: string | undefined;
  providerIds: string[];
}

export interface Restore {
  /** Hers at the mint (a redeemer may have put his own). */
  email: string;
  /** Providers linked since the mint: a redeemer's. */
  unlink: string[];
  /** Her sign-in had a password: the one there now may be a redeemer's, so it is replaced and she sets hers. */
  resetPassword: boolean;
  /** The second factors to keep (hers at the mint); absent for a code minted before they were kept: all kept. */
  keepFactorIds?: string[];
  /** Enable the account: only one the lock disabled (a ban made before it holds). */
  enable: boolean;
}

/**
 * - `refuse`: no lock, or a code that is not its recovery code (one answer for both);
 * - `wait`: too early, a kept custom token could still sign in;
 * - `recovered`: done already (the link opened again): nothing more to do;
 * - `restore`: what to put back, then the account is enabled.
 */
export type Recovery =
  | { kind: 'refuse' }
  | { kind: 'wait'; recoverableAt: string }
  | { kind: 'recovered'; resetPassword: boolean }
  | { kind: 'restore'; restore: Restore };

export function decideRecovery(
  lock: AccountLock | undefined,
  codeDigest: string,
  account: LockedAccount | null,
  now: Date,
): Recovery {
  if (!lock || lock.recoveryDigest !== codeDigest || !account || lock.owner.email === null) return { kind: 'refuse' };
  const resetPassword = lock.owner.providerIds.includes('password');
  if (lock.recoveredAt) return { kind: 'recovered', resetPassword };
  if (now.getTime() < Date.parse(lock.recoverableAt)) return { kind: 'wait', recoverableAt: lock.recoverableAt };
  const unlink = account.providerIds.filter((id) => !lock.owner.providerIds.includes(id));
  const { factorIds } = lock.owner;
  return {
    kind: 'restore',
    restore: {
      email: lock.owner.email,
      unlink,
      resetPassword,
      ...(factorIds ? { keepFactorIds: factorIds } : {}),
      enable: lock.disabledByLock,
    },
  };
}

/**
 * Whether the account that holds her address now proved it through its own mailbox since the
 * lock's code was minted (a mail's link or code, the browser's token: the activation door records
 * it). Then that address is that mailbox's owner's, not a squatter's: the recovery takes nothing
 * from that account, and support decides (docs/threat-model.md). A lock kept before
 * it knew its code's mint is read as minted as early as a code could have been.
 */
export function holderProvedSinceMint(
  lock: Pick<AccountLock, 'lockedAt' | 'mintedAt'>,
  address: string,
  holderSignUp: Pick<SignUpRecord, 'mailboxProvedAt' | 'mailboxProvedAddress'> | undefined,
): boolean {
  const mintedAt = lock.mintedAt ? Date.parse(lock.mintedAt) : Date.parse(lock.lockedAt) - HANDOFF_LIFETIME_MS;
  const provedAt = Date.parse(holderSignUp?.mailboxProvedAt ?? '');
  return sameAddress(holderSignUp?.mailboxProvedAddress, address) && provedAt >= mintedAt;
}
