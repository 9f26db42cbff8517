import { createContext, use, useEffect, type ReactNode } from 'react';

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
