/**
 * The sign-in handoff's rules (docs/signed-in-on-arrival.md, section 6), pure: who may mint a code, and
 * what a redemption earns. A code signs the app in once for an activated account; a second
 * redemption, unless the first redeemer proves with its retry key that it asks again for a lost
 * answer, is taken for a forwarded code. While a custom token granted for it could still sign in,
 * or when the account's credentials changed since the mint, the account is locked until its owner
 * recovers it (account-locks.ts): ending its sessions alone would leave the first redeemer's fresh
 * session free to change the credentials, and its custom token good for an hour. Later, with
 * nothing changed, the code only signs the account out: anyone who sees a code after its owner used
 * it (a copy pasted into a chat, a browser's history) must not be able to lock her out for an hour.
 */
import {
  ACCOUNT_LOCK_MS,
  HANDOFF_CODE_PATTERN,
  HANDOFF_LIFETIME_MS,
  HANDOFF_MINT_MAIL_MAX_AGE_MS,
  HANDOFF_MINT_SIGN_IN_MAX_AGE_MS,
  HANDOFF_RETRY_MS,
} from '@dayfocus/contracts/sign-in-handoff';
import type { Phone } from '@dayfocus/contracts/phones';
import type { SignUpRecord, UserRecord } from '@dayfocus/contracts/records';
import { accountProved, recordedInviterCounts, type AccountFacts } from '../../invites/domain/inviter-choice.js';
import { sessionStillValid } from '../../platform/domain/session.js';
import { FlowError, SOCIAL_PROVIDERS, unverifiedProvider } from '../../platform/domain/errors.js';
import type { Caller } from '../../platform/domain/caller.js';
import { sameAddress } from '../../platform/domain/email-addresses.js';
import { nextAllowedAt, withEventCounted, type RollingWindow } from '../../platform/domain/rolling-window.js';

/** A code as stored, under its digest: never the code itself. Times are ISO strings. */
export interface HandoffRecord {
  uid: string;
  platform: Phone;
  createdAt: string;
  expiresAt: string;
  /**
   * The account's owner as she was at the mint, where a reuse's recovery reaches her: her proved
   * address, her sign-in providers, and the page's language. A redeemer may change them; the lock
   * restores these.
   */
  owner?: HandoffOwner;
  /** The first redemption: when, by which installation (a label only), and its retry key's digest. */
  redeemedAt?: string;
  installationId?: string;
  retryKeyDigest?: string;
  /** A newer code of the account took its place before it was redeemed. */
  replacedAt?: string;
  /** The account's sessions were ended for it (a reuse, or "Not you?"): it never signs in again. */
  revokedAt?: string;
  /**
   * A reuse decided to lock the account while Auth had it enabled: set before the lock's first
   * step, so that a lock that stopped half way (the account disabled, its lock not yet written) is
   * finished by the next try, not taken for an administrator's ban.
   */
  lockingAt?: string;
}

export interface HandoffOwner {
  email: string | null;
  providerIds: string[];
  language: string;
  /** Absent on codes minted before they were kept: unknown. */
  factorIds?: string[];
}

export interface HandoffAccount extends AccountFacts {
  email?: string | undefined;
  factorIds?: string[];
}

/**
 * The codes one account may mint: a person taps a store badge once or twice; more is a script
 * making codes to hand out in crafted links (docs/threat-model.md).
 */
export const MINTS_PER_HOUR: RollingWindow = { limit: 5, windowMs: 60 * 60_000 };
export const MINTS_PER_DAY: RollingWindow = { limit: 20, windowMs: 24 * 60 * 60_000 };

export const ATTEMPTS_PER_PREFIX: RollingWindow = { limit: 10, windowMs: 10 * 60_000 };
/** The attempts one instance takes in a minute, whatever their codes: a flood's ceiling. */
export const ATTEMPTS_PER_INSTANCE: RollingWindow = { limit: 120, windowMs: 60_000 };

const PREFIX_LENGTH = 4;

/** Attempts are counted per prefix; null for a string that cannot be a code. */
export function attemptKeyOf(code: string): string | null {
  return HANDOFF_CODE_PATTERN.test(code) ? code.slice(0, PREFIX_LENGTH) : null;
}

/** The one answer to every code that cannot sign in, whatever the reason: a guesser learns nothing. */
export function unusableCode(): FlowError {
  return new FlowError('permission-denied', 'This sign-in code cannot be used; sign in to Dayfocus instead');
}

export function tooManyAttempts(): FlowError {
  return new FlowError('resource-exhausted', 'Too many sign-in codes tried; sign in to Dayfocus instead');
}

export interface Minter {
  caller: Caller;
  account: AccountFacts | null;
  user: UserRecord | null;
  /** The companion's own record of the account's sign-up through an invitation. */
  signUp: SignUpRecord | undefined;
  /** The store the code travels to. */
  platform: Phone;
  now: Date;
}

/** The sign-ins of the companion's journey: a code is minted only for a session begun by one. */
const JOURNEY_PROVIDERS = new Set(['password', 'google.com', 'apple.com']);

/**
 * A handoff's own session may not mint: its code would outlive the "Not you?" that ends it. The
 * session must be the companion's own (freshly signed in by a journey provider, for a sign-up the
 * companion recorded): an ID token of the mobile app (an hour's, stolen or not) would otherwise
 * become a session on another phone.
 */
export function checkMinter({ caller, account, user, signUp, platform, now }: Minter): void {
  if (caller.handoff) throw new FlowError('permission-denied', 'A session made by a sign-in code cannot make another');
  if (platform === 'ios' && caller.signInProvider === 'apple.com') {
    // The app's own Apple sheet signs an Apple account in with one tap on an iPhone
    // (docs/signed-in-on-arrival.md, section 5): a code would add nothing but a copy that can leak.
    throw new FlowError('failed-precondition', 'The app signs an Apple account in with its own Apple button');
  }
  if (!account || account.disabled || !sessionStillValid(caller.authTime, account)) {
    throw new FlowError('permission-denied', 'This session can no longer make a sign-in code; sign in again');
  }
  const signedInAt = (caller.authTime ?? 0) * 1000;
  const fresh = now.getTime() - signedInAt <= HANDOFF_MINT_SIGN_IN_MAX_AGE_MS;
  if (!fresh || !JOURNEY_PROVIDERS.has(caller.signInProvider ?? '')) {
    throw new FlowError('permission-denied', 'Sign in again to take this account to the app');
  }
  if (!accountProved(account)) {
    // A provider that did not say the address is verified proved nothing: her way on is the e-mail sign-up.
    if (SOCIAL_PROVIDERS.has(caller.signInProvider ?? '')) throw unverifiedProvider();
    throw new FlowError('failed-precondition', 'Confirm the e-mail address first');
  }
  if (!user || user.isDeleted === true || user.isActive !== true) {
    throw new FlowError('failed-precondition', 'The account is not activated yet');
  }
  if (!recordedInviterCounts(signUp, account)) {
    throw new FlowError('permission-denied', 'Only an account made through an invitation here can be taken to the app');
  }
}

export interface ActivatedMinter {
  account: (AccountFacts & { email?: string | null | undefined }) | null;
  user: UserRecord | null;
  signUp: SignUpRecord | undefined;
  /** When the proof that just proved the sign-up was made (its own time, never the mailbox's newest mail). */
  proofIssuedAt: Date | null;
  /** The address that proof proved: the account must hold it. */
  address: string;
  now: Date;
}

/**
 * A mint without a session, by the activation that just recorded the sign-up's proof. The proof
 * happens once per account, so this mints at most once beside the session's mints, within the same
 * limits (docs/threat-model-sign-up.md: a forwarded mail).
 */
export function mayMintAtActivation({ account, user, signUp, proofIssuedAt, address, now }: ActivatedMinter): boolean {
  if (!account || account.disabled || !accountProved(account)) return false;
  if (!sameAddress(account.email ?? undefined, address)) return false;
  if (!user || user.isDeleted === true || user.isActive !== true) return false;
  if (!signUp?.signUpProvedAt || !recordedInviterCounts(signUp, account)) return false;
  if (proofIssuedAt === null) return false;
  const age = now.getTime() - proofIssuedAt.getTime();
  return age >= -60_000 && age <= HANDOFF_MINT_MAIL_MAX_AGE_MS;
}

export function newHandoff(uid: string, platform: Phone, now: Date, owner?: HandoffOwner): HandoffRecord {
  return {
    uid,
    platform,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + HANDOFF_LIFETIME_MS).toISOString(),
    ...(owner ? { owner } : {}),
  };
}

/** Null when the account may mint no more now. */
export function mintCounted(mintedAt: readonly string[], now: Date): string[] | null {
  if (nextAllowedAt(mintedAt, MINTS_PER_HOUR, now) > now || nextAllowedAt(mintedAt, MINTS_PER_DAY, now) > now) {
    return null;
  }
  return withEventCounted(mintedAt, MINTS_PER_DAY, now);
}

export function tooManyMints(): FlowError {
  return new FlowError(
    'resource-exhausted',
    'Too many sign-in codes made for this account; sign in to Dayfocus instead',
  );
}

/** What one redemption asks about. `appPlatform`: the calling app's, from its App Check app ID. */
export interface RedemptionRequest {
  record: HandoffRecord | undefined;
  account: HandoffAccount | null;
  /** The digest of the retry key the app sent: only the first redeemer knows the key. */
  retryKeyDigest: string;
  appPlatform: string | null;
  now: Date;
}

/**
 * - `grant`: a custom token for the record's account (`first`: the code's first redemption,
 *   which the store records);
 * - `refuse`: the one refusal, nothing written but an unknown code's attempt;
 * - `reuse`: refused, and the account is locked until its owner recovers it (then the code is `revokedAt`);
 * - `signOut`: refused, the account's sessions ended and the code revoked, nothing locked: a late
 *   reuse of a code whose tokens have all expired, with the account's credentials as they were;
 * - `deleted`: refused, and the owner told that the account was deleted while the first redeemer's
 *   token could sign in (the code revoked, so that she is told once).
 */
export type Redemption =
  | { kind: 'grant'; first: boolean }
  | { kind: 'refuse' }
  | { kind: 'reuse' }
  | { kind: 'signOut' }
  | { kind: 'deleted' };

/**
 * How long after a code's first redemption a custom token granted for it may still sign in: its
 * retries' two minutes, then the hour the Admin SDK signs a custom token for.
 */
export const HANDOFF_TOKEN_LIVE_MS = HANDOFF_RETRY_MS + ACCOUNT_LOCK_MS;

export function decideRedemption(request: RedemptionRequest): Redemption {
  const { record, account, retryKeyDigest, appPlatform, now } = request;
  if (!record || record.platform !== appPlatform || record.revokedAt) return { kind: 'refuse' };
  if (record.redeemedAt) {
    const sinceRedeemed = now.getTime() - Date.parse(record.redeemedAt);
    if (record.retryKeyDigest === retryKeyDigest) {
      // The first redeemer itself, asking again: a lost answer within its two minutes, else refused.
      if (sinceRedeemed > HANDOFF_RETRY_MS) return { kind: 'refuse' };
    } else {
      return decideReuse(record, account, sinceRedeemed < HANDOFF_TOKEN_LIVE_MS);
    }
  } else if (record.replacedAt || now.getTime() > Date.parse(record.expiresAt)) {
    return { kind: 'refuse' };
  }
  if (!account || account.disabled || !sessionsKeptSince(account, record.createdAt)) return { kind: 'refuse' };
  return { kind: 'grant', first: !record.redeemedAt };
}

/**
 * A redemption of a redeemed code by someone without its retry key. An account disabled by anyone
 * but a lock of this code (an administrator's ban) is left as it is: a reuse must never be a way to
 * have an account enabled again, and mails nobody. A lock this code began (`lockingAt`) is finished
 * whatever Auth says now, since its own first step disables the account; if the account is gone
 * meanwhile, its owner is told so instead.
 */
function decideReuse(record: HandoffRecord, account: HandoffAccount | null, tokenLive: boolean): Redemption {
  if (!account) return tokenLive || record.lockingAt ? { kind: 'deleted' } : { kind: 'refuse' };
  if (record.lockingAt) return { kind: 'reuse' };
  if (account.disabled) return { kind: 'refuse' };
  return tokenLive || credentialsChanged(record, account) ? { kind: 'reuse' } : { kind: 'signOut' };
}

/**
 * What the first redeemer's session could have changed in Auth since the mint: the address, the
 * providers, a second factor, or the password (a password change ends the account's sessions, so
 * Auth's `tokensValidAfter` moves past the redemption). A code minted before its owner was kept
 * counts as changed: nothing shows that it was not.
 */
export function credentialsChanged(record: HandoffRecord, account: HandoffAccount): boolean {
  const { owner } = record;
  if (!owner) return true;
  const sameSet = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((item) => b.includes(item));
  const withAddress = Boolean(account.email) || Boolean(owner.email);
  if (withAddress && !sameAddress(account.email, owner.email)) return true;
  if (!sameSet(account.providerIds, owner.providerIds)) return true;
  if (owner.factorIds && !sameSet(account.factorIds ?? [], owner.factorIds)) return true;
  const redeemedAt = Date.parse(record.redeemedAt ?? record.createdAt);
  return account.tokensValidAfter !== undefined && Date.parse(account.tokensValidAfter) > redeemedAt;
}

/** No session of the account was revoked since `createdAt` (Auth keeps the revocation's time to the second). */
function sessionsKeptSince(account: AccountFacts, createdAt: string): boolean {
  return !account.tokensValidAfter || Date.parse(account.tokensValidAfter) <= Date.parse(createdAt);
}
