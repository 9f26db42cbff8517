import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Loader } from '@/components/loader';
import { paths } from '@/config/paths';
import { Layout } from './layout';

/**
 * Each page is its own chunk: the invitation page never downloads the sign-up form or
 * Firebase Auth. (Declarative routes rather than a data router: the pages load their own
 * data through react-query, and the smaller router keeps the first page light.)
 */
const pages: Record<string, React.LazyExoticComponent<ComponentType>> = {
  invitation: lazy(() => import('./routes/invitation')),
  socialSignUp: lazy(() => import('./routes/social-sign-up')),
  signUp: lazy(() => import('./routes/sign-up')),
  confirmEmail: lazy(() => import('./routes/confirm-email')),
  welcome: lazy(() => import('./routes/welcome')),
  notFound: lazy(() => import('./routes/not-found')),
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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {table.map(([pattern, name]) => {
          const Page = pages[name] as ComponentType;
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
