/**
 * Renders the app (or a part of it) the way `start()` does: runtime configuration, i18n,
 * react-query and the routes, at a given URL of an in-memory history.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/app-routes';
import { pages } from '@/app/router';
import type { RuntimeConfig } from '@/config/runtime-config';
import { initFirebase } from '@/lib/firebase';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { createConfig } from './fixtures';

export interface RenderOptions {
  config?: RuntimeConfig;
  language?: string;
  /** The history entry's state (what `navigate(path, {state})` leaves). */
  state?: unknown;
  /** The app's cache, as earlier pages of the tab left it. */
  queryClient?: QueryClient;
}

/** Where the in-memory router is: the test reads it from `location.pathname` and `location.state`. */
export const location: { pathname: string; state: unknown } = { pathname: '', state: undefined };

function LocationProbe() {
  const current = useLocation();
  useEffect(() => {
    location.pathname = current.pathname;
    location.state = current.state;
  });
  return null;
}

export async function renderWithProviders(
  ui: ReactNode,
  {
    path = '/',
    config = createConfig(),
    language = 'en',
    state,
    queryClient = createQueryClient(),
  }: RenderOptions & { path?: string } = {},
) {
  initFirebase(config);
  const i18n = await createI18n(language);
  const user = userEvent.setup();
  const view = render(
    <AppProviders config={config} i18n={i18n} queryClient={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, i18n };
}

/** The whole app at `path`. */
export function renderApp(path: string, options: RenderOptions = {}) {
  return renderWithProviders(<AppRoutes pages={pages} />, { ...options, path });
}
