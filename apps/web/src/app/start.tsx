import { startTransition, StrictMode } from 'react';
import type { i18n as I18n } from 'i18next';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { pagePatterns } from '@dayfocus/contracts/page-paths';
import { getInviterQueryOptions } from '@/features/inviter/api/get-inviter';
import { loadRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';
import { setFirebaseConfig } from '@/lib/firebase-config';
import {
  changeLanguage,
  createI18n,
  DEFAULT_LANGUAGE,
  isOffered,
  preferredOffered,
  storedLanguage,
  storeLanguage,
} from '@/lib/i18n';
import { nextTask } from '@/lib/next-task';
import { hydrationBegins } from '@/lib/hydration';
import { createQueryClient } from '@/lib/react-query';
import { setRenderedPlatform } from '@/lib/use-platform';
import { ConfigErrorScreen } from './config-error-screen';
import { PageHydratedProvider } from '@/lib/hydration';
import { AppProviders } from './providers';
import { AppRouter, loaders, preloadPage } from './router';
import { readServerState, type ServerState } from './server-state';

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
function linkLanguage(config: RuntimeConfig, location: Pick<Location, 'pathname' | 'search'>): string | undefined {
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
function registerMessagingWorkerLater(): void {
  if (document.readyState === 'complete') registerMessagingWorker();
  else window.addEventListener('load', registerMessagingWorker, { once: true });
}

/**
 * Takes over the page the server rendered (the invitation, a sign-up page): the same tree, from the state
 * the server wrote into the page, so React attaches to the HTML instead of painting it again.
 * No request for the configuration or the inviter; nothing moves.
 */
async function hydrate(container: HTMLElement, state: ServerState): Promise<void> {
  setFirebaseConfig(state.config);
  setRenderedPlatform(state.platform);
  const queryClient = createQueryClient();
  if (state.inviterId) queryClient.setQueryData(getInviterQueryOptions(state.inviterId).queryKey, state.inviter);
  // The page's module loaded first, so that React hydrates the whole page in one pass
  // (a lazy page would leave its part to hydrate later, when nothing may change it). Each step a
  // task of its own (its chunks are on their way already: takeover.ts asked for them).
  const i18n = await createI18n(state.language);
  await nextTask();
  const page = await loaders[state.page]();
  await nextTask();
  // The link's language is remembered at once (spec: the invitation saves it); saving changes
  // nothing on the page, so it need not wait for React.
  const fromLink = linkLanguage(state.config, window.location);
  if (fromLink) storeLanguage(fromLink);
  registerMessagingWorkerLater();
  const hydrated = hydrationBegins();
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <AppProviders config={state.config} i18n={i18n} queryClient={queryClient}>
          <PageHydratedProvider value={once(() => afterHydration(i18n, state, hydrated))}>
            <AppRouter overrides={{ [state.page]: page.default }} />
          </PageHydratedProvider>
        </AppProviders>
      </StrictMode>,
    );
  });
}

/** `run`, the first time only (a later page's commit, or StrictMode's second effect, runs nothing). */
function once(run: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    run();
  };
}

/**
 * What waits until the page is React's: a language chosen before, a language tapped meanwhile
 * (after that one, so that the tap wins), and the view beacon.
 */
function afterHydration(i18n: I18n, state: ServerState, hydrated: () => void): void {
  // A link without a language is rendered in the browser's preferred one (Accept-Language; the
  // server cannot see the stored choice); the language of its query, or one chosen before, applies now.
  const wanted = linkLanguage(state.config, window.location) ?? storedLanguage();
  if (isOffered(state.config, wanted) && wanted !== state.language) {
    void changeLanguage(i18n, wanted, { persist: false });
  }
  hydrated();
  // One view in the inviter's funnel (docs/invite-funnel.md): a person's browser ran the page.
  if (state.page === 'invitation' && state.inviter && typeof navigator.sendBeacon === 'function')
    whenShown(() => navigator.sendBeacon(window.location.pathname));
}

/**
 * Runs `action` once a person sees the page: at once, or, for a page the browser prerendered on a
 * guess (a speculation rule, the address bar), when it is shown. A prerender nobody opens is no
 * view, and the server counts none for a request that says it is one (`Sec-Purpose`).
 */
function whenShown(action: () => void): void {
  if (!(document as Document & { prerendering?: boolean }).prerendering) return action();
  document.addEventListener('prerenderingchange', action, { once: true });
}

/**
 * Loads the configuration, then renders the app; if anything before the first render fails,
 * an error screen says so instead of the static spinner staying for ever. A page the server
 * rendered is hydrated instead.
 */
export async function start(container: HTMLElement): Promise<void> {
  preloadPage(window.location);
  const server = readServerState(document);
  if (server) return hydrate(container, server);
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
