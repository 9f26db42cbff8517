import { lazy, type ComponentType } from 'react';
import { BrowserRouter, matchPath } from 'react-router';
import { webPageRoutes } from '@dayfocus/contracts/page-paths';
import type { PageName } from '@/config/paths';
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
  invitation: () => import('./routes/invitation'),
  'social-sign-up': () => import('./routes/social-sign-up'),
  'sign-up': () => import('./routes/sign-up'),
  'confirm-email': loadConfirmEmail,
  welcome: loadWelcome,
  home: () => import('./routes/home'),
  'not-found': () => import('./routes/not-found'),
} satisfies Record<PageName, () => Promise<{ default: ComponentType }>>;

/** Each page as a lazy component, made from its loader. */
export const pages = Object.fromEntries(
  Object.entries(loaders).map(([name, load]): [string, ComponentType] => [name, lazy(load)]),
) as Record<PageName, ComponentType>;

function pageOf(pathname: string): PageName {
  return webPageRoutes.find(({ pattern }) => matchPath(pattern, pathname))?.page ?? 'not-found';
}

/**
 * Starts downloading the page of `location` straight away, alongside the configuration,
 * instead of after the first render discovers it. A failure here is left to the render.
 */
export function preloadPage(location: { pathname: string }): void {
  loaders[pageOf(location.pathname)]().catch(() => undefined);
}

/** The app's routes; `overrides` replaces a lazy page by its loaded module (takeover/page.tsx). */
export function AppRouter({ overrides = {} }: { overrides?: Pages }) {
  return (
    <BrowserRouter>
      <AppRoutes pages={{ ...pages, ...overrides }} />
    </BrowserRouter>
  );
}
