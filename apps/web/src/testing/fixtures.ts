import type { RuntimeConfig } from '@/config/runtime-config';

/** The runtime configuration of the local stack (public/config.json), as the tests use it. */
export function createConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    firebase: { apiKey: 'demo-api-key', authDomain: 'demo-dayfocus.firebaseapp.com', projectId: 'demo-dayfocus' },
    productDomain: 'http://127.0.0.1:5000',
    productImage: 'http://127.0.0.1:5000/images/dayfocus-preview.png',
    appStoreUrl: 'https://apps.apple.com/app/id6475332296',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=com.dayfocus.app',
    portalLanguages: [
      { code: 'en', name: 'English' },
      { code: 'hi', name: 'हिन्दी' },
    ],
    emulators: { auth: 'http://127.0.0.1:9099', functionsHost: '127.0.0.1', functionsPort: 5001 },
    ...overrides,
  };
}
