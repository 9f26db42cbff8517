/**
 * The confirmation page's part of the e-mail leg (docs/arrival.md), for the account this tab
 * signed up: send the verification e-mail again, and notice when the address has been
 * confirmed, wherever the link was opened (usually in another browser: the mail app opens it in
 * Chrome or Safari). It knows only this tab's own account: a visitor without that session learns
 * nothing about any account. Loaded by the page after its first paint (it pulls the Auth SDK in).
 */
import type { User } from 'firebase/auth';
import { signedIn } from '@/lib/auth';

export { sendVerificationEmail } from './sign-up-with-email';

/** What the sign-up form hands the confirmation page (kept in the history entry, so a reload keeps it). */
export interface ConfirmEmailState {
  email: string;
  uid: string;
  inviterId: string;
  /**
   * False when the sign-up sent no mail now (sent again within the minute of the last one, or past
   * the address's day): the page then says that the last mail still holds. Absent: sent.
   */
  mailSent?: boolean;
}

/** Null unless this tab is signed in as the account that signed up. */
export async function signedUpAccount(uid: string): Promise<User | null> {
  // The sign-up's own sign-in may still be on its way: the page showed before Auth answered.
  const user = (await signedIn()).currentUser;
  return user && user.uid === uid ? user : null;
}

/**
 * One account lookup. The session is not ended here: it goes on with the tab to the welcome page,
 * whose "Get the app" hands it to the app as a sign-in handoff and then ends it
 * (features/welcome/api/sign-in-handoff.ts).
 */
export async function confirmedElsewhere(user: User): Promise<boolean> {
  await user.reload();
  return user.emailVerified;
}
