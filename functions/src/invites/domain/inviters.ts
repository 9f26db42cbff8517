/**
 * Who has a public face: an invitation page (and the sign-up pages after it), an answer from
 * getInviter, short links that resolve. Pure rules; docs/invitation-page.md ("Who has a page").
 */
import { acceptsInvitees, type UserRecord } from '@dayfocus/contracts/records';

export interface AccountState {
  disabled?: boolean;
}

/**
 * The joins' rule. `account` is null when Auth knows no such account or could not say in time: the
 * record decides then (a deleted account's record is retired by the deletion trigger).
 */
export function isPublicInviter(user: UserRecord | null, account: AccountState | null): user is UserRecord {
  return acceptsInvitees(user) && account?.disabled !== true;
}
