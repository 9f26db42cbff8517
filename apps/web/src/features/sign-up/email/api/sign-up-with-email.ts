import { useMutation } from '@tanstack/react-query';
import type { ActivationAnswer, EmailSignUpAnswer } from '@dayfocus/contracts/answers';
import type { RequestOf } from '@dayfocus/contracts/callables';
import { signUpRefusalOf } from '@dayfocus/contracts/sign-up-refusals';
import { signInWithEmailAndPassword, signOut, type User } from 'firebase/auth';
import { firebaseAuth, signInBeside } from '@/lib/auth';
import { withKeptWay } from '@/lib/invite-way';
import { callFunction, prepareCallable } from '@/lib/callables';
import { isInvitationClosedRefusal, isInvitationReplacedRefusal } from '@dayfocus/contracts/invite-controls';
import { firebaseErrorCode, isNetworkError } from '@/lib/errors';
import type { SubmitProblem } from '../hooks/use-sign-up-form';
import { registerInvitee } from './register-invitee';

/** The address belongs to an account that is not this visitor's unfinished sign-up. */
export class EmailInUseError extends Error {
  override readonly name = 'EmailInUseError';
}

export interface EmailSignUp {
  inviterId: string;
  username: string;
  email: string;
  password: string;
  /** The page's language: the verification e-mail is written in it, and its link opens in it. */
  language: string;
  /**
   * The browser's proof of the address, as the form's hidden field held it (token, nonce, the tab's
   * key), with the phone's store as activation takes it: tried before any mail is sent.
   */
  proof?: Omit<RequestOf<'proveEmail'>, 'language'>;
}

/** The sign-up went on: with `proved`, the browser's proof confirmed the address and no mail went. */
export interface SignedUp {
  uid: string;
  email: string;
  inviterId: string;
  retryAfterMs: number;
  proved?: ActivationAnswer;
}

/**
 * Our own e-mail, not Firebase's: in `language`, naming the inviter the sign-up recorded, its link
 * leading to that inviter's welcome page. The address's limits are the server's: it answers when
 * the next one may be asked for.
 */
export function sendVerificationEmail(language: string): Promise<{ retryAfterMs: number }> {
  return callFunction('sendVerificationEmail', { language });
}

/**
 * An account whose address is taken may be this visitor's own, left half-way by an earlier
 * try (created, then the network failed). With the same password and the address not yet
 * verified, that try is finished instead of refused; anything else is "already registered".
 */
async function resumeUnfinishedSignUp(email: string, password: string): Promise<User> {
  const auth = firebaseAuth();
  let user: User;
  try {
    user = (await signInWithEmailAndPassword(auth, email, password)).user;
  } catch (error) {
    // Another password (or a disabled account): someone else's address. Anything else (the
    // network, too many tries) is a failure to report as such, not a verdict on the address.
    if (['invalid-credential', 'wrong-password', 'user-disabled'].includes(firebaseErrorCode(error) ?? ''))
      throw new EmailInUseError(email);
    throw error;
  }
  if (user.emailVerified) {
    await signOut(auth);
    throw new EmailInUseError(email);
  }
  return user;
}

/**
 * docs/activation.md, "The e-mail sign-up". One call makes the account, records the sign-up and
 * sends the mail (`signUpWithEmail`): one round trip between her tap and "check your mail". The
 * password she typed then signs this tab in while that page already shows (`signInBeside`): the
 * account stays signed in, in this tab only (lib/auth.ts), for the confirmation page to send the
 * e-mail again and notice the address confirmed, and for the welcome page's "Get the app" to hand
 * the session to the app, then end it.
 *
 * A taken address is most often her own try left half-way (made, then the network failed): with
 * the same password and the address not yet verified, Auth signs her in and the sign-up is
 * finished through the signed-in calls instead (`resumeSignUp`). Every step can be repeated, so
 * a retry after any failure finishes the sign-up.
 */
export async function signUpWithEmail(input: EmailSignUp): Promise<SignedUp> {
  const email = input.email.trim();
  const name = input.username.trim();
  let made: EmailSignUpAnswer;
  try {
    made = await callFunction(
      'signUpWithEmail',
      withKeptWay({
        inviterId: input.inviterId,
        name,
        email,
        password: input.password,
        language: input.language,
        // With the browser's proof, no mail yet: it is tried first, once the tab is signed in.
        mail: !input.proof,
      }),
    );
  } catch (error) {
    if (signUpRefusalOf(error) !== 'taken') throw error;
    const user = await resumeUnfinishedSignUp(email, input.password);
    await registerInvitee({ inviterId: input.inviterId, name });
    return proveOrMail(input, { uid: user.uid, email: user.email ?? email, inviterId: input.inviterId });
  }
  const signedUp = { uid: made.uid, email: made.email, inviterId: input.inviterId };
  const session = signInBeside(made.email, input.password);
  if (made.retryAfterMs === null) {
    await session;
    return proveOrMail(input, signedUp);
  }
  // The code's call on the next page gets its App Check token now.
  void prepareCallable('confirmEmailWithCode', { ahead: true }).catch(() => undefined);
  return { ...signedUp, retryAfterMs: made.retryAfterMs };
}

/** The browser's proof first: proved, no mail at all; refused or failed, the mail as always. */
async function proveOrMail(input: EmailSignUp, signedUp: Omit<SignedUp, 'retryAfterMs'>): Promise<SignedUp> {
  if (input.proof) {
    const { proveEmail } = await import('../../email-proof/api/email-proof');
    const proved = await proveEmail({ ...input.proof, language: input.language });
    if (proved) return { ...signedUp, retryAfterMs: 0, proved };
  }
  void prepareCallable('confirmEmailWithCode', { ahead: true }).catch(() => undefined);
  const { retryAfterMs } = await sendVerificationEmail(input.language);
  return { ...signedUp, retryAfterMs };
}

export function submitProblemOf(error: unknown): Exclude<SubmitProblem, null> {
  if (error instanceof EmailInUseError) return 'email-in-use';
  if (firebaseErrorCode(error) === 'too-many-requests' || signUpRefusalOf(error) === 'busy') return 'busy';
  if (isInvitationClosedRefusal(error)) return 'closed';
  if (isInvitationReplacedRefusal(error)) return 'replaced';
  return isNetworkError(error) ? 'network' : 'failed';
}

export function useSignUpWithEmail() {
  return useMutation({ mutationFn: signUpWithEmail });
}
