import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RuntimeConfigContext, type RuntimeConfig } from '@/config/runtime-config';

export function AppProviders({
  config,
  i18n,
  queryClient,
  children,
}: {
  config: RuntimeConfig;
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <RuntimeConfigContext.Provider value={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </RuntimeConfigContext.Provider>
  );
}
