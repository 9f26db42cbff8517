import { useMutation } from '@tanstack/react-query';
import type { CompleteSocialSignUpRequest } from '@dayfocus/contracts/requests';
import { callFunction } from '@/lib/callables';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';

/**
 * After an Apple or Google sign-in: the full User record, notifications, friendship, push and
 * history. Answers as activation does: the inviter now a friend and her short link.
 */
export function completeSocialSignUp(request: CompleteSocialSignUpRequest): Promise<ActivationAnswer> {
  return callFunction('completeSocialSignUp', request);
}

export function useCompleteSocialSignUp() {
  return useMutation({ mutationFn: completeSocialSignUp });
}
