import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivateAccountRequest } from '@dayfocus/functions/domain/requests';
// Statically, not through callables.ts: the page calls at once, so Firebase loads with the page.
import { callFunction } from '@/lib/firebase';
import { firebaseErrorCode } from '@/lib/errors';
import type { ActivationAnswer } from '@dayfocus/functions/domain/answers';

export type { ActivationAnswer };

/** Activates the account; the answer names the inviter now a friend and that inviter's short link. */
export function activateAccount(request: ActivateAccountRequest): Promise<ActivationAnswer> {
  return callFunction<ActivateAccountRequest, ActivationAnswer>('activateAccount', request);
}

/** What became of the verification code a link carried: Auth cannot tell a used code from a malformed one. */
export type CodeOutcome = 'applied' | 'used-or-invalid' | 'expired';

/**
 * Applies the e-mail verification code the link carried. A code that was already used (a mail
 * scanner opened the link first, a reload, a second tap) is not an error by itself:
 * activation says whether the address is verified, and the outcome explains a refusal.
 */
async function applyVerificationCode(oobCode: string): Promise<CodeOutcome> {
  const [{ applyActionCode }, { firebaseAuth }] = await Promise.all([import('firebase/auth'), import('@/lib/auth')]);
  try {
    await applyActionCode(firebaseAuth(), oobCode);
    return 'applied';
  } catch (error) {
    const code = firebaseErrorCode(error);
    if (code === 'invalid-action-code') return 'used-or-invalid';
    if (code === 'expired-action-code') return 'expired';
    throw error;
  }
}

/** Activation was refused for an unconfirmed address, and the link's code explains why: it was no good. */
export class VerificationLinkError extends Error {
  override readonly name = 'VerificationLinkError';
  constructor(
    readonly outcome: Exclude<CodeOutcome, 'applied'>,
    cause: unknown,
  ) {
    super(`The verification link's code was ${outcome}`, { cause });
  }
}

export interface Activation {
  uid: string;
  inviterId?: string;
  /** The verification code of the e-mail link (`oobCode` with `mode=verifyEmail`), when the link carried one. */
  verificationCode?: string;
}

export function activationQueryOptions({ uid, inviterId, verificationCode }: Activation) {
  return queryOptions({
    queryKey: ['activation', uid, inviterId ?? null, verificationCode ?? null],
    queryFn: async () => {
      const outcome = verificationCode ? await applyVerificationCode(verificationCode) : undefined;
      let result;
      try {
        result = await activateAccount(inviterId ? { uid, inviterId } : { uid });
      } catch (error) {
        // Not confirmed, and the link's code did not confirm it: say what was wrong with the link.
        if (firebaseErrorCode(error) === 'failed-precondition' && outcome && outcome !== 'applied')
          throw new VerificationLinkError(outcome, error);
        throw error;
      }
      if (result.status !== 200) throw new Error(`activateAccount answered ${result.status}: ${result.message}`);
      return result;
    },
    staleTime: Infinity,
    retry: false,
  });
}

export function useActivation(activation: Activation) {
  return useQuery(activationQueryOptions(activation));
}
