/**
 * The browser's proof of the address (docs/arrival.md, "Three ways to prove the address"): a nonce
 * for the sign-up form's hidden `email-verification-token` field, asked for the tab's holder key,
 * and the token the browser filled there, presented once the account exists. Refused or failed,
 * the sign-up sends the mail as before.
 */
import type { ActivationAnswer, EmailProofNonce } from '@dayfocus/contracts/answers';
import type { RequestOf } from '@dayfocus/contracts/callables';
import { callFunction } from '@/lib/callables';
import { firebaseErrorCode } from '@/lib/errors';

export function askEmailProofNonce(holder: string): Promise<EmailProofNonce> {
  return callFunction('issueEmailProofNonce', { holder });
}

/** The server's answer that the proof is switched off here: the form asks no more and shows nothing. */
export function isEmailProofOff(error: unknown): boolean {
  const details = (error as { details?: { emailProof?: unknown } } | null)?.details;
  return firebaseErrorCode(error) === 'failed-precondition' && details?.emailProof === 'off';
}

/** Activation's answer when the token proved the address; null when it proved nothing, for whatever reason. */
export async function proveEmail(request: RequestOf<'proveEmail'>): Promise<ActivationAnswer | null> {
  try {
    const answer = await callFunction('proveEmail', request);
    return answer.status === 200 ? answer : null;
  } catch (error) {
    // eslint-disable-next-line no-console -- a refusal is expected (the mail goes instead); anything else is worth a line
    if (firebaseErrorCode(error) !== 'invalid-argument') console.warn('The e-mail proof failed; the mail goes', error);
    return null;
  }
}
