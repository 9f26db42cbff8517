/**
 * Who has a public face: an invitation page (and the sign-up pages after it), an answer from
 * getInviter, short links that resolve. Pure rules; docs/invitation-page.md ("Who has a page").
 */
import { acceptsInvitees, type UserRecord } from '@dayfocus/contracts/records';

/** What the Auth service says of an account, as far as a public page cares. */
export interface AccountState {
  disabled?: boolean;
}

/**
 * An inviter people may join (a live record the app has not switched off, `acceptsInvitees`) whose
 * account an administrator has not disabled: the same rule as the joins'. `account` is null when
 * Auth knows no such account, or could not say in time: the record decides then (a deleted
 * account's record is retired by the deletion trigger).
 */
export function isPublicInviter(user: UserRecord | null, account: AccountState | null): user is UserRecord {
  return acceptsInvitees(user) && account?.disabled !== true;
}
