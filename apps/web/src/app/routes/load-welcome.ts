import { pageLoader } from '@/lib/page-loader';

/**
 * The welcome page's module, on its own so that the pages leading to it can fetch it ahead
 * without importing the router (which imports them).
 */
export const loadWelcome = pageLoader(() => import('./welcome'));

/**
 * Fetches the welcome page once this page has loaded: a sign-up with Google or Apple goes there
 * as soon as `completeSocialSignUp` answers, and would otherwise fetch it only then.
 */
export function prefetchWelcomeAfterLoad(): void {
  const prefetch = () => void loadWelcome().catch(() => undefined);
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}
