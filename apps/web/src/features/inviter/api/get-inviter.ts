import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetInviterRequest } from '@dayfocus/functions/domain/requests';
import { callFunction, firebaseErrorCode } from '@/lib/firebase';

/** What a public page may know of the inviter. `photoUrl` is null when there is no picture. */
export interface Inviter {
  inviterId: string;
  name: string;
  photoUrl: string | null;
}

export function getInviter(request: GetInviterRequest): Promise<Inviter> {
  return callFunction<GetInviterRequest, Inviter>('getInviter', request);
}

export function getInviterQueryOptions(inviterId: string) {
  return queryOptions({
    queryKey: ['inviter', inviterId],
    queryFn: () => getInviter({ inviterId }),
  });
}

/** The inviter of the link; disabled (and so never "found") when the link carries no id. */
export function useInviter(inviterId: string | undefined) {
  return useQuery({ ...getInviterQueryOptions(inviterId ?? ''), enabled: Boolean(inviterId) });
}

export type InviterStatus =
  | { state: 'loading' }
  | { state: 'found'; inviter: Inviter }
  /** No id in the link, or no live user with this id: the link is invalid. */
  | { state: 'unknown' }
  /** The lookup failed for another reason (offline, server error): worth a retry. */
  | { state: 'unavailable'; retry: () => void };

export function useInviterStatus(inviterId: string | undefined): InviterStatus {
  const query = useInviter(inviterId);
  if (!inviterId) return { state: 'unknown' };
  if (query.data) return { state: 'found', inviter: query.data };
  if (query.isError) {
    const code = firebaseErrorCode(query.error);
    if (code === 'not-found' || code === 'invalid-argument') return { state: 'unknown' };
    return { state: 'unavailable', retry: () => void query.refetch() };
  }
  return { state: 'loading' };
}
