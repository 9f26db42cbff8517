/**
 * Whether the app has taken over the page the server rendered yet, for what must wait for it: a
 * hook for a render, a promise for a handler, and the page's commit that settles both.
 */
import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the app takes the page over, true once the page is the app's (and
 * on every page the browser rendered itself). What works only with the app's handlers (a form's
 * submit, a field whose value the app keeps) waits for it, visibly.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * React takes the top bar over before the page under it (each page is a Suspense boundary of its
 * own, app-routes.tsx): a tap there in between must not change what the page is about to render
 * (its language), or the page's first render no longer matches the server's HTML (React's error
 * #418, and the page drawn again).
 */
let takenOver: Promise<void> = Promise.resolve();

/** Says the takeover of a server-rendered page begins; answers the call that says it is done. */
export function takeoverBegins(): () => void {
  let done: () => void = () => {};
  takenOver = new Promise((resolve) => {
    done = resolve;
  });
  return done;
}

/** Settles once the server's page is the app's: at once on a page the browser rendered itself. */
export function pageTakenOver(): Promise<void> {
  return takenOver;
}

const PageTakenOverContext = createContext<(() => void) | null>(null);

/** What runs once every part of the server's page is the app's (takeover/page.tsx). */
export const PageTakenOverProvider = PageTakenOverContext.Provider;

/**
 * Wraps a page (its one child, so that the ids React gives the page's elements stay the server's)
 * and tells the provider once the page has been committed: taken over, on a server-rendered page.
 */
export function PageSettled({ children }: { children: ReactNode }) {
  const settled = use(PageTakenOverContext);
  useEffect(() => {
    settled?.();
  }, [settled]);
  return children;
}
