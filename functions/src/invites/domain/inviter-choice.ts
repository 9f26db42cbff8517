/** Who chooses the inviter: what an account proves, and when a recorded choice still counts. */
import { type SignUpRecord } from '@dayfocus/contracts/records';
import { PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import { sameAddress } from '../../platform/domain/email-addresses.js';

export interface AccountFacts {
  emailVerified: boolean;
  providerIds: string[];
  /** The address Auth holds for it (what `emailVerified` is about); unknown where absent. */
  email?: string | undefined;
  /** Disabled by an administrator: never activated or joined. */
  disabled?: boolean;
  /** When the account's sessions were last revoked (ISO), if ever: older ID tokens no longer count. */
  tokensValidAfter?: string;
}

/**
 * Whether the account's address is proved: Auth says it is verified. A Google or Apple sign-in
 * proves it only where the provider said so (its token's `email_verified`, which Auth keeps as the
 * account's): a provider that says it is not verified proves nothing.
 */
export function accountProved(account: AccountFacts): boolean {
  return account.emailVerified;
}

/**
 * Whether the inviter recorded on a user record still speaks for the account's owner: only a
 * proof of the address made by the person who chose the inviter validates the choice.
 * - One recorded by an email sign-up counts only while the password sign-in is still on the
 *   account and the address was proved by that sign-up's own proof (its mail's link or code, the
 *   browser's token) while the address was unverified (`signUpProvedAt`, recorded by the
 *   activation door: proofs.ts), or, before that record, taken by the door for the address the
 *   account now holds verified (`signUpProofTakenAt`: the door writes the address to Auth between
 *   the two). Any other
 *   proof (a password reset, an e-mail-link sign-in, an administrator, a Google or Apple
 *   sign-in that took the account over and dropped the password) leaves it void for good: a
 *   verification code applied later finds the address verified already.
 * - One recorded by Apple or Google counts while that provider is on the account.
 * A disabled account's never counts.
 */
export function recordedInviterCounts(
  signUp:
    | Pick<SignUpRecord, 'invitedBy' | 'invitedVia' | 'signUpProvedAt' | 'signUpProofTakenAt' | 'signUpProofAddress'>
    | undefined,
  account: AccountFacts,
): boolean {
  if (!signUp?.invitedBy || account.disabled) return false;
  const via = signUp.invitedVia ?? PASSWORD_PROVIDER;
  if (!account.providerIds.includes(via)) return false;
  if (via !== PASSWORD_PROVIDER) return true;
  if (!account.emailVerified) return false;
  const taken = typeof signUp.signUpProofTakenAt === 'string' && sameAddress(signUp.signUpProofAddress, account.email);
  return typeof signUp.signUpProvedAt === 'string' || taken;
}
