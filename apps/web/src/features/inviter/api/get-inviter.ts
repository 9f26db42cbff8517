import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviterCard } from '@dayfocus/contracts/answers';
import type { RequestOf } from '@dayfocus/contracts/callables';
import { callFunction } from '@/lib/callables';
import { firebaseErrorCode } from '@/lib/errors';
import { keptInviteLink } from '@/lib/invite-way';

/** Null when the id names nobody, a malformed id included. */
export async function getInviter(request: RequestOf<'getInviter'>): Promise<InviterCard | null> {
  try {
    return await callFunction('getInviter', request);
  } catch (error) {
    const code = firebaseErrorCode(error);
    if (code === 'not-found' || code === 'invalid-argument') return null;
    throw error;
  }
}

/**
 * The server-rendered invitation page puts its answer (null for an unknown inviter) in the cache
 * before the app starts, so the page never asks twice.
 */
export function getInviterQueryOptions(inviterId: string) {
  return queryOptions({
    queryKey: ['inviter', inviterId],
    // The link this tab came through (lib/invite-way.ts): her page through it may admit where her uid alone does not.
    queryFn: () => {
      const link = typeof window === 'undefined' ? undefined : keptInviteLink(inviterId);
      return getInviter(link ? { inviterId, link } : { inviterId });
    },
  });
}

/** Disabled, and so never "found", when the link carries no id. */
export function useInviter(inviterId: string | undefined) {
  return useQuery({ ...getInviterQueryOptions(inviterId ?? ''), enabled: Boolean(inviterId) });
}

export type InviterStatus =
  | { state: 'loading' }
  | { state: 'found'; inviter: InviterCard }
  /** No id in the link, or no live user with this id: the link is invalid. */
  | { state: 'unknown' }
  /** The lookup failed for another reason (offline, server error): worth a retry. */
  | { state: 'unavailable'; retry: () => void };

export function useInviterStatus(inviterId: string | undefined): InviterStatus {
  const query = useInviter(inviterId);
  if (!inviterId) return { state: 'unknown' };
  if (query.data) return { state: 'found', inviter: query.data };
  if (query.data === null) return { state: 'unknown' };
  if (query.isError) return { state: 'unavailable', retry: () => void query.refetch() };
  return { state: 'loading' };
}
