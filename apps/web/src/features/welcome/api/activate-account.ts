import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@dayfocus/contracts/callables';
import type { Phone } from '@dayfocus/contracts/phones';
import { callFunction } from '@/lib/callables';
// The page calls at once: Firebase loads with it rather than at the call.
import '@/lib/firebase';
import { firebaseErrorCode } from '@/lib/errors';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import type { VerificationOutcome } from '@dayfocus/contracts/answers';

export type { ActivationAnswer };

export function activateAccount(request: RequestOf<'activateAccount'>): Promise<ActivationAnswer> {
  return callFunction('activateAccount', request);
}

/** Auth cannot tell a used code from a malformed one. */
export type CodeProblem = Exclude<VerificationOutcome, 'applied'>;

/**
 * From the refusal's `verificationLink` detail (the address is not confirmed and the code was no
 * good), or a code refused as input (malformed, or the link of another account).
 */
function linkProblem(error: unknown): CodeProblem | undefined {
  const code = firebaseErrorCode(error);
  if (code === 'invalid-argument') return 'used-or-invalid';
  if (code !== 'failed-precondition') return undefined;
  const details = (error as { details?: { verificationLink?: unknown } }).details;
  const link = details?.verificationLink;
  return link === 'expired' || link === 'used-or-invalid' ? link : undefined;
}

/** Activation was refused for an unconfirmed address, and the link's code explains why: it was no good. */
export class VerificationLinkError extends Error {
  override readonly name = 'VerificationLinkError';
  constructor(
    readonly outcome: CodeProblem,
    cause: unknown,
  ) {
    super(`The verification link's code was ${outcome}`, { cause });
  }
}

export interface Activation {
  uid: string;
  inviterId?: string;
  /** The e-mail link's `oobCode` (with `mode=verifyEmail`). */
  verificationCode?: string;
  /** The phone's store (none on a desktop): the code's first application answers a sign-in code for it. */
  platform?: Phone;
  /** The page's language, which that code's recovery mail would speak. */
  language?: string;
}

export function activationQueryOptions({ uid, inviterId, verificationCode, platform, language }: Activation) {
  return queryOptions({
    // Not keyed on the code: once used, it leaves the address (use-forget-code.ts), and the
    // activation it made stays this page's answer rather than starting another.
    queryKey: ['activation', uid, inviterId ?? null],
    queryFn: async () => {
      let result;
      try {
        // The server applies the link's code itself: only then does it know the sign-up's own
        // e-mail proved the address, which is what lets the recorded inviter count.
        result = await activateAccount({
          uid,
          ...(inviterId ? { inviterId } : {}),
          ...(verificationCode ? { verificationCode } : {}),
          ...(verificationCode && platform ? { platform, ...(language ? { language } : {}) } : {}),
        });
      } catch (error) {
        // Not confirmed, and the link's code did not confirm it: say what was wrong with the link.
        const problem = verificationCode ? linkProblem(error) : undefined;
        if (problem) throw new VerificationLinkError(problem, error);
        throw error;
      }
      if (result.status !== 200) throw new Error(`activateAccount answered ${result.status}: ${result.message}`);
      return result;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * An answer that already says what activation would (a sign-up with Google or Apple leaves the
 * account active, friends made): the welcome page of `activation` shows it without calling again.
 */
export function rememberActivation(queryClient: QueryClient, activation: Activation, answer: ActivationAnswer): void {
  queryClient.setQueryData(activationQueryOptions(activation).queryKey, answer);
}

/** Starts from `answer` when the server's page already has it. */
export function useActivation(activation: Activation, answer?: ActivationAnswer) {
  return useQuery({ ...activationQueryOptions(activation), ...(answer ? { initialData: answer } : {}) });
}

/** For the page's title: it watches that activation, and never asks itself. */
export function useLinkProblem(activation: Activation | null): CodeProblem | undefined {
  const query = useQuery({ ...activationQueryOptions(activation ?? { uid: '' }), enabled: false });
  const error = activation ? query.error : null;
  return error instanceof VerificationLinkError ? error.outcome : undefined;
}
