import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while React hydrates a server-rendered page, true once the page is
 * the app's (and on every page the browser rendered itself). What works only with the app's
 * handlers (a form's submit, a field whose value the app keeps) waits for it, visibly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
