import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CreateAppLinkRequest } from '@dayfocus/functions/domain/requests';
import { callFunction } from '@/lib/firebase';

export function createAppLink(request: CreateAppLinkRequest): Promise<{ shortLink: string }> {
  return callFunction<CreateAppLinkRequest, { shortLink: string }>('createAppLink', request);
}

/** The inviter's short link; the same link every time, so it is cached for the page's life. */
export function appLinkQueryOptions(inviterId: string) {
  return queryOptions({
    queryKey: ['appLink', inviterId],
    queryFn: () => createAppLink({ inviterId }),
    staleTime: Infinity,
  });
}

/** Fetches (or reuses) the inviter's short link. */
export function useFetchAppLink() {
  const queryClient = useQueryClient();
  return (inviterId: string) => queryClient.fetchQuery(appLinkQueryOptions(inviterId));
}
