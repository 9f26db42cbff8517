import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '@dayfocus/contracts/callables';
import { callFunction } from '@/lib/callables';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';

/**
 * After an Apple or Google sign-in: the full User record, notifications, friendship, push and
 * history. Answers as activation does: the inviter now a friend and her short link.
 */
export function completeSocialSignUp(request: RequestOf<'completeSocialSignUp'>): Promise<ActivationAnswer> {
  return callFunction('completeSocialSignUp', request);
}

export function useCompleteSocialSignUp() {
  return useMutation({ mutationFn: completeSocialSignUp });
}
