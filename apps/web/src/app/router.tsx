import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { Loader } from '@/components/loader';
import { paths } from '@/config/paths';
import { Layout } from './layout';

/**
 * Each page is its own chunk: the invitation page never downloads the sign-up form or
 * Firebase Auth. (Declarative routes rather than a data router: the pages load their own
 * data through react-query, and the smaller router keeps the first page light.)
 */
const loaders = {
  invitation: () => import('./routes/invitation'),
  socialSignUp: () => import('./routes/social-sign-up'),
  signUp: () => import('./routes/sign-up'),
  confirmEmail: () => import('./routes/confirm-email'),
  welcome: () => import('./routes/welcome'),
  notFound: () => import('./routes/not-found'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

const pages: Record<keyof typeof loaders, React.LazyExoticComponent<ComponentType>> = {
  invitation: lazy(loaders.invitation),
  socialSignUp: lazy(loaders.socialSignUp),
  signUp: lazy(loaders.signUp),
  confirmEmail: lazy(loaders.confirmEmail),
  welcome: lazy(loaders.welcome),
  notFound: lazy(loaders.notFound),
};

const table: [pattern: string, page: keyof typeof pages][] = [
  [paths.invitation.pattern, 'invitation'],
  [paths.legacyInvitation.pattern, 'invitation'],
  [paths.socialSignUp.pattern, 'socialSignUp'],
  [paths.signUp.pattern, 'signUp'],
  [paths.confirmEmail.pattern, 'confirmEmail'],
  [paths.welcome.pattern, 'welcome'],
  [paths.home.pattern, 'welcome'],
  ['*', 'notFound'],
];

/**
 * Starts downloading the page of `pathname` straight away, alongside the configuration,
 * instead of after the first render discovers it. A failure here is left to the render.
 */
export function preloadPage(pathname: string): void {
  const match = table.find(([pattern]) => matchPath(pattern, pathname));
  if (match) loaders[match[1]]().catch(() => undefined);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {table.map(([pattern, name]) => {
          const Page = pages[name];
          return (
            <Route
              key={pattern}
              path={pattern}
              element={
                <Suspense fallback={<Loader />}>
                  <Page />
                </Suspense>
              }
            />
          );
        })}
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
