import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';
import { initFirebase } from '@/lib/firebase';
import { createI18n, DEFAULT_LANGUAGE, storedLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { ConfigErrorScreen } from './config-error-screen';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** The push-messaging service worker; the app works without it (an old browser, private mode). */
function registerMessagingWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/firebase-messaging-sw.js').catch((error: unknown) => {
    // eslint-disable-next-line no-console
    console.warn('The push-messaging service worker could not be registered', error);
  });
}

function initialLanguage(config: RuntimeConfig): string {
  const stored = storedLanguage();
  return stored && config.portalLanguages.some((language) => language.code === stored) ? stored : DEFAULT_LANGUAGE;
}

/** Loads the configuration, then renders the app (or an error screen saying the configuration failed). */
export async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    // eslint-disable-next-line no-console
    console.error(error);
    root.render(<ConfigErrorScreen detail={error instanceof Error ? error.message : String(error)} />);
    return;
  }
  initFirebase(config);
  const i18n = await createI18n(initialLanguage(config));
  registerMessagingWorker();
  root.render(
    <StrictMode>
      <AppProviders config={config} i18n={i18n} queryClient={createQueryClient()}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}
