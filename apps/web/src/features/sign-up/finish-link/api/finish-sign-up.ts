import type { FinishSignUpAnswer } from '@dayfocus/contracts/activation-functions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { signInWithEmailAndPassword, verifyPasswordResetCode } from 'firebase/auth';
import { firebaseAuth } from '@/lib/auth';
import { callFunction } from '@/lib/callables';
import { firebaseErrorCode } from '@/lib/errors';

/**
 * A sign-up left half-way (docs/threat-model-sign-up.md, row 36): the server mails the
 * address a link to finish it when it is an unconfirmed sign-up of this companion, and answers the
 * same for every other address, so the page can only say "if". By account, the same.
 */
export function useMailSignUpLink() {
  return useMutation({
    mutationFn: ({ target, language }: { target: FinishLinkTarget; language: string }) =>
      'email' in target
        ? callFunction('mailSignUpLink', { email: target.email.trim(), language })
        : callFunction('mailSignUpLinkByAccount', { uid: target.uid, language }),
  });
}

/**
 * Whose sign-up the link finishes: the address typed ("already registered"), or the account of an
 * expired or cut verification link, whose page knows no address (the server mails the account's own).
 */
export type FinishLinkTarget = { email: string } | { uid: string };

/**
 * The address the mail's code is for, read from Auth without using the code up; null when the
 * code is expired, used or not one (Auth cannot tell which). Not asked while the code is not known
 * (undefined: the server's page, which never sees the fragment).
 */
export function useFinishLinkAddress(code: string | undefined) {
  return useQuery({
    queryKey: ['finishLinkAddress', code],
    enabled: code !== undefined,
    queryFn: async () => {
      if (code === undefined) return null;
      try {
        return await verifyPasswordResetCode(firebaseAuth(), code);
      } catch (error) {
        if (['expired-action-code', 'invalid-action-code'].includes(firebaseErrorCode(error) ?? '')) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: 1,
  });
}

/** A finish link the server refused (expired, used, or no longer a half-made sign-up). */
export class UnusableFinishLinkError extends Error {
  override readonly name = 'UnusableFinishLinkError';
}

/**
 * Once the server has finished the sign-up with the new password, this tab signs in with it, as
 * the sign-up's own tab is, for the welcome page's "Get the app".
 */
export async function finishSignUp(request: {
  resetCode: string;
  password: string;
  language: string;
}): Promise<FinishSignUpAnswer> {
  let answer: FinishSignUpAnswer;
  try {
    answer = await callFunction('finishSignUp', request);
  } catch (error) {
    // The server names a link it cannot use (its details' `finishLink`); any other refusal is a failure.
    if ((error as { details?: { finishLink?: unknown } }).details?.finishLink) throw new UnusableFinishLinkError();
    throw error;
  }
  await signInWithEmailAndPassword(firebaseAuth(), answer.email, request.password);
  return answer;
}

/**
 * The link opened again, once Auth no longer takes its code: the server answers as the reopened
 * mail link does when the link finished her sign-up (or her sign-up was proved another way since):
 * friends, nothing set, nothing minted, and no session here. Null when it cannot be used (the page
 * says so); a link that works after all (the server asks its password) is null as well, and the
 * form shows.
 */
export function useFinishedBeforeQuery(code: string | undefined, language: string) {
  return useQuery({
    queryKey: ['finishedBefore', code],
    enabled: code !== undefined,
    queryFn: async (): Promise<FinishSignUpAnswer | null> => {
      if (code === undefined) return null;
      try {
        return await callFunction('finishSignUp', { resetCode: code, language });
      } catch (error) {
        const details = (error as { details?: { finishLink?: unknown; password?: unknown } }).details;
        if (details?.finishLink || details?.password) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: 1,
  });
}

export function useFinishSignUp() {
  return useMutation({ mutationFn: finishSignUp });
}
