import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { pagePatterns } from '@dayfocus/contracts/page-paths';
import { getInviterQueryOptions } from '@/features/inviter/api/get-inviter';
import { loadRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';
import { setFirebaseConfig } from '@/lib/firebase-config';
import { createI18n, DEFAULT_LANGUAGE, isOffered, preferredOffered, storedLanguage, storeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { ConfigErrorScreen } from './config-error-screen';
import { AppProviders } from './providers';
import { AppRouter, preloadPage } from './router';

/** The push-messaging service worker; the app works without it (an old browser, private mode). */
function registerMessagingWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/firebase-messaging-sw.js').catch((error: unknown) => {
    // eslint-disable-next-line no-console
    console.warn('The push-messaging service worker could not be registered', error);
  });
}

/**
 * The language the link asks for, when the configuration offers it: the invitation's path
 * (`/feedback/{uid}/{lg}`), else an `lg` query parameter (the way out of an in-app browser and
 * the verification e-mail's link carry one: that browser has not stored the person's choice).
 */
export function linkLanguage(
  config: RuntimeConfig,
  location: Pick<Location, 'pathname' | 'search'>,
): string | undefined {
  const fromPath = matchPath(pagePatterns.invitation, location.pathname)?.params.lg;
  if (isOffered(config, fromPath)) return fromPath;
  const fromQuery = new URLSearchParams(location.search).get('lg') ?? undefined;
  return isOffered(config, fromQuery) ? fromQuery : undefined;
}

/**
 * The link's language, else the one chosen before, else the first the browser prefers, else
 * English; only languages the configuration offers.
 */
function initialLanguage(config: RuntimeConfig, fromLink: string | undefined): string {
  if (fromLink) return fromLink;
  const stored = storedLanguage();
  if (isOffered(config, stored)) return stored;
  return preferredOffered(config, navigator.languages) ?? DEFAULT_LANGUAGE;
}

/** The pages that show the inviter ask for it while the rest of the app starts, not after the first render. */
function prefetchInviter(queryClient: QueryClient, pathname: string): void {
  for (const pattern of [pagePatterns.invitation, pagePatterns['social-sign-up'], pagePatterns['sign-up']]) {
    const inviterId = matchPath(pattern, pathname)?.params.inviterId;
    if (inviterId) void queryClient.prefetchQuery(getInviterQueryOptions(inviterId));
  }
}

/** After the page has loaded, so that the worker's download and start do not compete with it. */
export function registerMessagingWorkerLater(): void {
  if (document.readyState === 'complete') registerMessagingWorker();
  else window.addEventListener('load', registerMessagingWorker, { once: true });
}

/**
 * Loads the configuration, then renders the app; if anything before the first render fails,
 * an error screen says so instead of the static spinner staying for ever. A page the server
 * rendered is taken over instead (takeover/page.tsx).
 */
export async function start(container: HTMLElement): Promise<void> {
  preloadPage(window.location);
  const root = createRoot(container);
  let config: RuntimeConfig;
  let queryClient: QueryClient;
  let i18n: Awaited<ReturnType<typeof createI18n>>;
  try {
    config = await loadRuntimeConfig();
    setFirebaseConfig(config);
    queryClient = createQueryClient();
    prefetchInviter(queryClient, window.location.pathname);
    const fromLink = linkLanguage(config, window.location);
    i18n = await createI18n(initialLanguage(config, fromLink));
    if (fromLink) storeLanguage(fromLink);
  } catch (error) {
    // eslint-disable-next-line no-console
    console.error(error);
    root.render(<ConfigErrorScreen detail={error instanceof Error ? error.message : String(error)} />);
    return;
  }
  registerMessagingWorkerLater();
  // A transition lets React yield to the browser while it renders the first page, instead of
  // one long task that holds up taps and paints on a slow phone.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders config={config} i18n={i18n} queryClient={queryClient}>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  });
}
