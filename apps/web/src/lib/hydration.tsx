/**
 * The app taking over a page the server rendered (hydration), in one place:
 * - `useHydrated`: false on the server and while React hydrates, true once the page is the app's;
 * - `hydrationBegins` / `pageHydrated`: the start's promise that the page is the app's, for what
 *   must not change the page before (a language tapped in the top bar);
 * - `PageHydratedProvider` / `PageSettled`: the page's commit, which says so.
 */
import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';

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

/**
 * Whether the page the server rendered is the app's yet. React takes the top bar over before the
 * page under it (each page is a Suspense boundary of its own, app-routes.tsx): a tap there in
 * between must not change what the page is about to render (its language), or the page's first
 * render no longer matches the server's HTML (React's error #418, and the page drawn again).
 */
let hydrated: Promise<void> = Promise.resolve();

/** Says a server-rendered page is being taken over; answers the call that says it has been. */
export function hydrationBegins(): () => void {
  let done: () => void = () => {};
  hydrated = new Promise((resolve) => {
    done = resolve;
  });
  return done;
}

/** Settles once the server's page is the app's: at once on a page the browser rendered itself. */
export function pageHydrated(): Promise<void> {
  return hydrated;
}

/**
 * What runs once the page the server rendered is the app's, every part of it: React hydrates a
 * Suspense boundary (each page sits in one, app-routes.tsx) after the shell around it, and what
 * changes the page (a language chosen before) must wait for it, or the page's first client render
 * no longer matches the server's HTML (React's error #418, and the page drawn again).
 */
const PageHydratedContext = createContext<(() => void) | null>(null);

export const PageHydratedProvider = PageHydratedContext.Provider;

/**
 * Wraps a page (its one child, so that the ids React gives the page's elements stay the server's)
 * and tells the provider once the page has been committed: hydrated, on a server-rendered page.
 */
export function PageSettled({ children }: { children: ReactNode }) {
  const settled = use(PageHydratedContext);
  useEffect(() => {
    settled?.();
  }, [settled]);
  return children;
}
