import { lazy, useState, type ComponentType } from 'react';
import { BrowserRouter, matchPath } from 'react-router';
import { webPageRoutes } from '@dayfocus/contracts/page-paths';
import type { PageName } from '@/config/paths';
import { pageLoader, type PageLoader } from '@/lib/page-loader';
import { AppRoutes, type Pages } from './app-routes';
import { loadConfirmEmail } from './routes/load-confirm-email';
import { loadWelcome } from './routes/load-welcome';

/**
 * Each page's module, by its page's key in the route table (a type error when one is missing):
 * the app loads it lazily, the server renderer and the takeover (takeover/page.tsx) load it
 * before they render. Each page is its own chunk: the invitation page never
 * downloads the sign-up form or Firebase Auth. (Declarative routes rather than a data router:
 * the pages load their own data through react-query, and the smaller router keeps the first
 * page light.)
 */
export const loaders = {
  invitation: pageLoader(() => import('./routes/invitation')),
  'social-sign-up': pageLoader(() => import('./routes/social-sign-up')),
  'sign-up': pageLoader(() => import('./routes/sign-up')),
  'confirm-email': loadConfirmEmail,
  welcome: loadWelcome,
  home: pageLoader(() => import('./routes/home')),
  'not-found': pageLoader(() => import('./routes/not-found')),
} satisfies Record<PageName, PageLoader>;

/**
 * A page from its loader: drawn at once when its module has come (fetched ahead), lazily before.
 * A lazy page suspends on its first draw even with its module here, and the route's new Suspense
 * boundary then shows "Loading…" for a moment between two pages. Chosen once per mount, so that a
 * page never changes its component under itself.
 */
function pageOf(load: PageLoader): ComponentType {
  const Lazy = lazy(load);
  return function PageFromLoader() {
    const [Component] = useState(() => load.loaded ?? Lazy);
    return <Component />;
  };
}

/** Each page as a component, made from its loader. */
export const pages = Object.fromEntries(
  Object.entries(loaders).map(([name, load]): [string, ComponentType] => [name, pageOf(load)]),
) as Record<PageName, ComponentType>;

function pageAt(pathname: string): PageName {
  return webPageRoutes.find(({ pattern }) => matchPath(pattern, pathname))?.page ?? 'not-found';
}

/**
 * Starts downloading the page of `location` straight away, alongside the configuration,
 * instead of after the first render discovers it. A failure here is left to the render.
 */
export function preloadPage(location: { pathname: string }): void {
  loaders[pageAt(location.pathname)]().catch(() => undefined);
}

/** The app's routes; `overrides` replaces a lazy page by its loaded module (takeover/page.tsx). */
export function AppRouter({ overrides = {} }: { overrides?: Pages }) {
  return (
    <BrowserRouter>
      <AppRoutes pages={{ ...pages, ...overrides }} />
    </BrowserRouter>
  );
}
