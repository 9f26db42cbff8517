import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '@dayfocus/contracts/callables';
import { callFunction } from '@/lib/callables';
import { withKeptWay } from '@/lib/invite-way';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';

/**
 * After an Apple or Google sign-in the server makes the account whole at once (docs/architecture.md,
 * "Data written") and answers as activation does.
 */
export function completeSocialSignUp(request: RequestOf<'completeSocialSignUp'>): Promise<ActivationAnswer> {
  return callFunction('completeSocialSignUp', withKeptWay(request));
}

export function useCompleteSocialSignUp() {
  return useMutation({ mutationFn: completeSocialSignUp });
}
