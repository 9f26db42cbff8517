/**
 * The verification mail's code, typed in the tab that signed up: the `confirmEmailWithCode`
 * callable for this tab's own account, which answers as activation does (the welcome page then
 * greets with that answer rather than activating again). Loaded when the code's field takes focus:
 * the page needs none of it to paint, and her tap then waits for the call alone.
 */
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import type { RequestOf } from '@dayfocus/contracts/callables';
import { callFunction } from '@/lib/callables';
import { failureMessageKey, firebaseErrorCode } from '@/lib/errors';
import { signedUpAccount } from '../../email/api/verification';

/**
 * The refusal the server gives every code that does not work (wrong, expired, spent, replaced);
 * `older`: the code is one of an older mail of this address, which a newer mail replaced.
 */
class RefusedCodeError extends Error {
  override readonly name = 'RefusedCodeError';

  constructor(
    readonly older: boolean,
    options: ErrorOptions,
  ) {
    super(older ? "An older mail's code was refused" : 'The code was refused', options);
  }
}

/**
 * Auth's account of this tab (the check below), made ready while she types the code (the form asks
 * for the call's App Check token beside it: `prepareCallable`). Failures are left to the call.
 */
export async function prepareCode(uid: string): Promise<void> {
  await signedUpAccount(uid).catch(() => undefined);
}

/**
 * Null when this tab is not signed in as `uid` (another tab, the session gone): the code works
 * only for the account that signed up here.
 */
export async function confirmWithCode(
  uid: string,
  request: RequestOf<'confirmEmailWithCode'>,
): Promise<ActivationAnswer | null> {
  if (!(await signedUpAccount(uid))) return null;
  let answer: ActivationAnswer;
  try {
    answer = await callFunction('confirmEmailWithCode', request);
  } catch (error) {
    const details = (error as { details?: { mailCode?: unknown } }).details;
    const refusal = firebaseErrorCode(error) === 'invalid-argument' ? details?.mailCode : undefined;
    if (refusal === 'refused' || refusal === 'older') throw new RefusedCodeError(refusal === 'older', { cause: error });
    throw error;
  }
  if (answer.status !== 200) throw new Error(`confirmEmailWithCode answered ${answer.status}: ${answer.message}`);
  return answer;
}

/** What the person is told when the code did not confirm: the translation key. */
export function codeFailureKey(error: unknown): string {
  if (error instanceof RefusedCodeError) return error.older ? 'confirmEmail.codeOlder' : 'confirmEmail.codeRefused';
  return failureMessageKey(error);
}
