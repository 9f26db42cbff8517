import { startTransition, StrictMode } from 'react';
import type { i18n as I18n } from 'i18next';
import { hydrateRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { AppRouter, loaders, preloadPage } from '@/app/router';
import { linkLanguage, registerMessagingWorkerLater } from '@/app/start';
import { getInviterQueryOptions } from '@/features/inviter/api/get-inviter';
import { setFirebaseConfig } from '@/lib/firebase-config';
import { changeLanguage, createI18n, isOffered, storedLanguage, storeLanguage } from '@/lib/i18n';
import { nextTask } from '@/lib/next-task';
import { keepInviteLink, keepInviteWay, viewBeaconPath } from '@/lib/invite-way';
import { createQueryClient } from '@/lib/react-query';
import { PageTakenOverProvider, takeoverBegins } from '@/lib/taken-over';
import { setRenderedInAppBrowser } from '@/lib/rendered-in-app-browser';
import { setRenderedPhone } from '@/lib/use-phone';
import type { ServerState } from '@/app/server-state';

/**
 * The app takes over the page the server rendered: the same tree, from the state the server wrote
 * into the page, so that React attaches to the HTML (hydrateRoot) instead of painting it again. No
 * request for the configuration or the inviter; nothing moves.
 */
export async function takeOverPage(container: HTMLElement, state: ServerState): Promise<void> {
  preloadPage(window.location);
  setFirebaseConfig(state.config);
  setRenderedPhone(state.phone);
  setRenderedInAppBrowser({ inApp: state.inApp ?? null, pageHref: window.location.href });
  const queryClient = createQueryClient();
  if (state.inviterId) queryClient.setQueryData(getInviterQueryOptions(state.inviterId).queryKey, state.inviter);
  // The page's module loaded first, so that React attaches to the whole page in one pass (a lazy
  // page would leave its part for later, when nothing may change it). Each step a task of its
  // own (its chunks are on their way already: entry.ts asked for them).
  const i18n = await createI18n(state.language);
  await nextTask();
  const page = await loaders[state.page]();
  await nextTask();
  // The link's language is remembered at once (spec: the invitation saves it); saving changes
  // nothing on the page, so it need not wait for React.
  const fromLink = linkLanguage(state.config, window.location);
  if (fromLink) storeLanguage(fromLink);
  registerMessagingWorkerLater();
  const takenOver = takeoverBegins();
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <AppProviders config={state.config} i18n={i18n} queryClient={queryClient}>
          <PageTakenOverProvider value={once(() => afterTakeover(i18n, state, takenOver))}>
            <AppRouter overrides={{ [state.page]: page.default }} />
          </PageTakenOverProvider>
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
 * (after that one, so that the tap wins), and the view beacon. The page counts as taken over
 * (`pageTakenOver`) once it speaks the chosen language: a submit made before then (held by the
 * server's page) waits for it, so that the mail it asks for is in her language, not the server's.
 */
function afterTakeover(i18n: I18n, state: ServerState, takenOver: () => void): void {
  // A link without a language is rendered in the browser's preferred one (Accept-Language; the
  // server cannot see the stored choice); the language of its query, or one chosen before, applies now.
  const wanted = linkLanguage(state.config, window.location) ?? storedLanguage();
  const switching =
    isOffered(state.config, wanted) && wanted !== state.language
      ? changeLanguage(i18n, wanted, { persist: false })
      : Promise.resolve(true);
  // A language that could not load leaves the page in the server's, which is then what counts.
  void switching.catch(() => false).then(takenOver);
  // One view in the inviter's funnel (docs/invite-funnel.md): a person's browser ran the page.
  // Counted under the way the page was reached by (`?via=`), which the sign-up then sends too.
  if (state.page === 'invitation' && state.inviter && typeof navigator.sendBeacon === 'function') {
    const way = keepInviteWay(state.inviter.inviterId, window.location.search);
    const link = keepInviteLink(state.inviter.inviterId, window.location.search);
    whenShown(() => navigator.sendBeacon(viewBeaconPath(window.location.pathname, way, link)));
  }
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
