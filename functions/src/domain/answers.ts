/** What the callables answer beyond a bare write result, shared with the web app and the tests. */
import type { WriteResult } from './write-result.js';

/** What a public page may know of an inviter. `photoUrl` is null when there is no picture. */
export interface InviterCard {
  inviterId: string;
  name: string;
  photoUrl: string | null;
}

/**
 * `activateAccount`'s answer: the write's result, the card of the inviter now a friend (null
 * when the account joined nobody), and that inviter's short link (null when it cannot be had),
 * which the welcome page puts in the store links and its "Open Dayfocus" button.
 */
export interface ActivationAnswer extends WriteResult {
  inviter: InviterCard | null;
  inviteLink: string | null;
}
