/**
 * Whether a signed-in caller speaks for an account, checked against the account as read once by the
 * call: the caller is that account, the account exists and is not disabled, and its sessions were
 * not revoked after this sign-in (what the Admin SDK's `checkRevoked` compares, here against the
 * account the call reads anyway). Pure.
 */
import type { Caller } from './caller.js';
import { FlowError } from './errors.js';

/** What of an account a session is checked against. */
export interface SessionAccount {
  disabled?: boolean | undefined;
  /** When the account's sessions were last revoked (ISO), if ever. */
  tokensValidAfter?: string | undefined;
}

export const disabledAccount = () => new FlowError('failed-precondition', 'This account has been disabled');
const sessionEnded = () => new FlowError('unauthenticated', 'This session has ended; sign in again');
const anotherAccount = () =>
  new FlowError('permission-denied', 'Signed in as another account than the one to activate');

/**
 * Whether an ID token signed in at `authTime` (seconds, the token's `auth_time`) still speaks for
 * the account: not once the account was disabled, nor once its sessions were revoked after it.
 */
export function sessionStillValid(authTime: number | undefined, account: SessionAccount): boolean {
  if (account.disabled) return false;
  if (!account.tokensValidAfter) return true;
  if (authTime === undefined) return false;
  return authTime * 1000 >= Date.parse(account.tokensValidAfter);
}

/**
 * Refused when the account is gone or disabled, or its sessions were revoked after this sign-in;
 * with `uid`, also when the caller is another account than the one the call names.
 */
export function checkSession<A extends SessionAccount>(caller: Caller, account: A | null, uid?: string): A {
  if (uid !== undefined && caller.uid !== uid) throw anotherAccount();
  if (!account) throw sessionEnded();
  if (account.disabled) throw disabledAccount();
  if (!sessionStillValid(caller.authTime, account)) throw sessionEnded();
  return account;
}
