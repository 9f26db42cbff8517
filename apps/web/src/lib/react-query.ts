import { QueryClient } from '@tanstack/react-query';
import { firebaseErrorCode } from './errors';

/** Answers that a retry cannot change: the caller has to do something else first. */
const FINAL_CODES = new Set([
  'not-found',
  'invalid-argument',
  'permission-denied',
  'failed-precondition',
  'unauthenticated',
]);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && !FINAL_CODES.has(firebaseErrorCode(error) ?? ''),
      },
      // A tap always makes its request: paused while the browser is offline (the library's
      // default), "Sign up" spun with no word until the connection came back. Offline, the request
      // fails at once, and the page says to check the connection; her next tap goes through.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
