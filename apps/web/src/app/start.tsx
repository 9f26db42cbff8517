import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { getInviterQueryOptions } from '@/features/inviter/api/get-inviter';
import { loadRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';
import { initFirebase } from '@/lib/firebase';
import { createI18n, DEFAULT_LANGUAGE, isOffered, storedLanguage } from '@/lib/i18n';
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

/** The invitation link's language, else the one chosen before, else English; only languages the configuration offers. */
function initialLanguage(config: RuntimeConfig, pathname: string): string {
  const fromLink = matchPath(paths.invitation.pattern, pathname)?.params.lg;
  if (isOffered(config, fromLink)) return fromLink;
  const stored = storedLanguage();
  return isOffered(config, stored) ? stored : DEFAULT_LANGUAGE;
}

/** The pages that show the inviter ask for it while the rest of the app starts, not after the first render. */
function prefetchInviter(queryClient: QueryClient, pathname: string): void {
  for (const pattern of [paths.invitation.pattern, paths.socialSignUp.pattern, paths.signUp.pattern]) {
    const uid = matchPath(pattern, pathname)?.params.uid;
    if (uid) void queryClient.prefetchQuery(getInviterQueryOptions(uid));
  }
}

/**
 * Loads the configuration, then renders the app; if anything before the first render fails,
 * an error screen says so instead of the static spinner staying for ever.
 */
export async function start(container: HTMLElement): Promise<void> {
  preloadPage(window.location.pathname);
  const root = createRoot(container);
  let config: RuntimeConfig;
  let queryClient: QueryClient;
  let i18n: Awaited<ReturnType<typeof createI18n>>;
  try {
    config = await loadRuntimeConfig();
    initFirebase(config);
    queryClient = createQueryClient();
    prefetchInviter(queryClient, window.location.pathname);
    i18n = await createI18n(initialLanguage(config, window.location.pathname));
  } catch (error) {
    // eslint-disable-next-line no-console
    console.error(error);
    root.render(<ConfigErrorScreen detail={error instanceof Error ? error.message : String(error)} />);
    return;
  }
  // After the page has loaded, so that the worker's download and start do not compete with it.
  if (document.readyState === 'complete') registerMessagingWorker();
  else window.addEventListener('load', registerMessagingWorker, { once: true });
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
