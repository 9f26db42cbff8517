/**
 * The server's own record of a sign-up (records.ts re-exports it, with the other records): kept in
 * a module of its own to keep records.ts within its length.
 */
import type { InviteWay } from './invite-ways.js';

/**
 * What the server decides an invitation on, in `_signUps/{userId}` where no client rule reaches
 * (the shared project's rules are the app's: firestore.companion.rules).
 */
export interface SignUpRecord {
  userId: string;
  /** Inviter recorded at sign-up (activation trusts this, not the URL). */
  invitedBy?: string;
  /** The sign-in provider of the sign-up that recorded `invitedBy` ("password", "google.com", "apple.com"). */
  invitedVia?: string;
  /**
   * How she came to the invitation of `invitedBy` (invite-ways.ts), as the sign-up's page said:
   * written with `invitedBy`, never on its own; null when the sign-up's page did not say (absent on
   * sign-ups recorded before ways were).
   */
  inviteWay?: InviteWay | null;
  /**
   * The code of the link whose pages the sign-up came through (invite-links.ts, INVITE_LINK_PARAM):
   * written with `invitedBy`; null when the page did not say. Activation holds the join by it.
   */
  inviteLink?: string | null;
  /**
   * When the companion applied this account's own verification code (the e-mail its sign-up
   * sent) on an address not yet verified: the proof that lets an email sign-up's `invitedBy`
   * count (recordedInviterCounts).
   */
  signUpProvedAt?: string;
  /**
   * When the door took that proof (its first step, before Auth writes the address verified and
   * before the spending writes `signUpProvedAt`), and the address it proves: from the taking on the
   * inviter counts for an account that holds that address verified, so that a call which finds
   * Auth's "verified" halfway (the sign-up's own tab, activating beside the mail's link) or after a
   * failure there joins the same inviter (recordedInviterCounts). Null again once Auth refused that
   * address (another account holds it): such a taking proves nothing.
   */
  signUpProofTakenAt?: string | null;
  signUpProofAddress?: string | null;
  /**
   * When a proof through the address's own mailbox (a mail's link or code, the browser's token)
   * last proved it for this account, and which address: a lock's recovery never takes an address
   * from an account whose own mailbox proved it after the lock's code was minted.
   */
  mailboxProvedAt?: string;
  mailboxProvedAddress?: string;
  updatedAt: string;
}
