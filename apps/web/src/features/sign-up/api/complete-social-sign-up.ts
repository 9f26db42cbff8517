import { useMutation } from '@tanstack/react-query';
import type { CompleteSocialSignUpRequest } from '@dayfocus/contracts/requests';
import { callFunction } from '@/lib/callables';
import type { WriteResult } from '@dayfocus/contracts/write-result';

/** After an Apple or Google sign-in: the full User record, notifications, friendship, push and history. */
export function completeSocialSignUp(request: CompleteSocialSignUpRequest): Promise<WriteResult> {
  return callFunction('completeSocialSignUp', request);
}

export function useCompleteSocialSignUp() {
  return useMutation({ mutationFn: completeSocialSignUp });
}
