import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { Loader } from '@/components/loader';
import { webPageRoutes } from '@dayfocus/contracts/page-paths';
import type { PageName } from '@/config/paths';
import { PageSettled } from '@/lib/taken-over';
import { Layout } from './layout';

export type Pages = Partial<Record<PageName, ComponentType>>;

/**
 * The route tree: the layout, then each route's page in its own Suspense boundary. The browser
 * passes every page (each a lazy chunk, router.tsx); the server renderer passes only the page
 * it renders (server/renderer.tsx), the same tree for its paths, so that the app can take over
 * what the server sent.
 */
export function AppRoutes({ pages }: { pages: Pages }) {
  const table: [pattern: string, page: PageName][] = [
    ...webPageRoutes.map(({ pattern, page }): [string, PageName] => [pattern, page]),
    ['*', 'not-found'],
  ];
  return (
    <Routes>
      <Route element={<Layout />}>
        {table.map(([pattern, name]) => {
          const Page = pages[name];
          if (!Page) return null;
          return (
            <Route
              key={pattern}
              path={pattern}
              element={
                <Suspense fallback={<Loader />}>
                  <PageSettled>
                    <Page />
                  </PageSettled>
                </Suspense>
              }
            />
          );
        })}
      </Route>
    </Routes>
  );
}
