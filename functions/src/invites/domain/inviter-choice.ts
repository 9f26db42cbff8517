/** Who chooses the inviter: what an account proves, and when a recorded choice still counts. */
import { SOCIAL_PROVIDERS, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import { type SignUpRecord } from '@dayfocus/contracts/records';
import type { VerificationOutcome } from '@dayfocus/contracts/answers';

export interface AccountFacts {
  emailVerified: boolean;
  providerIds: string[];
  /** Disabled by an administrator: never activated or joined. */
  disabled?: boolean;
  /** When the account's sessions were last revoked (ISO), if ever: older ID tokens no longer count. */
  tokensValidAfter?: string;
}

export function accountProved(account: AccountFacts): boolean {
  return account.emailVerified || account.providerIds.some((p) => SOCIAL_PROVIDERS.has(p));
}

/**
 * Whether the inviter recorded on a user record still speaks for the account's owner: only a
 * proof of the address made by the person who chose the inviter validates the choice.
 * - One recorded by an email sign-up counts only while the password sign-in is still on the
 *   account and the address was proved by that sign-up's own verification e-mail: the
 *   companion applied its code while the address was unverified (`signUpProvedAt`). Any other
 *   proof (a password reset, an e-mail-link sign-in, an administrator, a Google or Apple
 *   sign-in that took the account over and dropped the password) leaves it void for good: a
 *   verification code applied later finds the address verified already.
 * - One recorded by Apple or Google counts while that provider is on the account.
 * A disabled account's never counts.
 */
export function recordedInviterCounts(
  signUp: Pick<SignUpRecord, 'invitedBy' | 'invitedVia' | 'signUpProvedAt'> | undefined,
  account: AccountFacts,
): boolean {
  if (!signUp?.invitedBy || account.disabled) return false;
  const via = signUp.invitedVia ?? PASSWORD_PROVIDER;
  if (!account.providerIds.includes(via)) return false;
  return via !== PASSWORD_PROVIDER || (account.emailVerified && typeof signUp.signUpProvedAt === 'string');
}

/**
 * Whether the proof of a verification code counts for this sign-up: the companion applied
 * the code now, on an address that was not verified a moment before; or the code was
 * consumed already (a second tab, a retry after a failure between applying it and recording
 * it) and its digest was recorded by this account's activation before it was applied.
 */
export function verificationCodeProves(
  outcome: VerificationOutcome,
  input: { verifiedBefore: boolean; codeDigest: string; recordedDigests: readonly string[] | undefined },
): boolean {
  if (outcome === 'applied') return !input.verifiedBefore;
  return outcome === 'used-or-invalid' && (input.recordedDigests ?? []).includes(input.codeDigest);
}
