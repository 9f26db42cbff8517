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

/**
 * Applies the e-mail verification code the link carried, if any. A code that was already
 * used (a reload, a second tap on the link) is not an error: activation says whether the
 * address is verified.
 */
async function applyVerificationCode(oobCode: string): Promise<void> {
  const [{ applyActionCode }, { firebaseAuth }] = await Promise.all([import('firebase/auth'), import('@/lib/auth')]);
  try {
    await applyActionCode(firebaseAuth(), oobCode);
  } catch (error) {
    if (firebaseErrorCode(error) !== 'invalid-action-code' && firebaseErrorCode(error) !== 'expired-action-code')
      throw error;
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
      if (verificationCode) await applyVerificationCode(verificationCode);
      const result = await activateAccount(inviterId ? { uid, inviterId } : { uid });
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
