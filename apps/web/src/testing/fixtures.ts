import { brand } from '@dayfocus/contracts/brand';
import { stack, urls } from '@dayfocus/stack/settings';
import type { RuntimeConfig } from '@/config/runtime-config';

/**
 * The runtime configuration of the local stack, as the tests use it: public/config.json's
 * values (tools/stack/test/settings.test.ts holds the two together), calling the Functions
 * emulator directly rather than through Hosting's /api rewrites.
 */
export function createConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    firebase: { apiKey: 'demo-api-key', authDomain: `${stack.projectId}.firebaseapp.com`, projectId: stack.projectId },
    productDomain: urls.hosting,
    productImage: `${urls.hosting}/images/dayfocus-preview.png`,
    appStoreUrl: `https://apps.apple.com/app/id${brand.appStoreId}`,
    playStoreUrl: `https://play.google.com/store/apps/details?id=${brand.appIdentifier}`,
    legal: { operator: 'Dayfocus', privacyUrl: 'https://dayfocus.app/privacy', termsUrl: 'https://dayfocus.app/terms' },
    portalLanguages: ['en', 'hi'],
    appCheck: { provider: 'local-stand-in' },
    emulators: { auth: urls.auth, functionsHost: stack.host, functionsPort: stack.ports.functions },
    ...overrides,
  };
}
