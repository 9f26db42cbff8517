import { describe, expect, it } from 'vitest';
import { createConfig } from '@/testing/fixtures';
import { configProblems } from '@dayfocus/contracts/runtime-config';
import { ConfigLoadError, loadRuntimeConfig } from './runtime-config';

const answer = (body: string, status = 200) => (async () => new Response(body, { status })) as typeof fetch;

describe('the runtime configuration', () => {
  it('loads a valid /config.json', async () => {
    const config = createConfig();
    await expect(loadRuntimeConfig('/config.json', answer(JSON.stringify(config)))).resolves.toEqual(config);
  });

  it('names every problem of an invalid one', () => {
    expect(
      configProblems({
        firebase: { apiKey: '', projectId: 'p' },
        productDomain: 'javascript:alert(1)',
        productImage: 'https://x.test/i.png',
        appStoreUrl: 'https://x.test',
        playStoreUrl: 'ftp://x.test',
        legal: { operator: '', privacyUrl: 'https://x.test/privacy', termsUrl: 'x.test/terms' },
        portalLanguages: [{ code: 'en' }],
        callablesPath: 'https://elsewhere.test/api',
        emulators: { auth: 'http://127.0.0.1:9099', functionsHost: '127.0.0.1', functionsPort: '5001' },
      }),
    ).toEqual([
      'firebase.apiKey must be a non-empty string',
      'firebase.authDomain must be a non-empty string',
      'productDomain must be an http(s) URL',
      'playStoreUrl must be an http(s) URL',
      'legal.operator must be a non-empty string',
      'legal.termsUrl must be an http(s) URL',
      'portalLanguages[0] must be the code alone: "en"',
      'callablesPath must be a path such as /api',
      'appCheck must be an object',
      'emulators.functionsPort must be an integer',
    ]);
    expect(configProblems([])).toEqual(['the configuration must be a JSON object']);
  });

  /** A configuration as deployed: no emulators, the site's own domain as Auth's. */
  function deployableConfig() {
    const { emulators, ...config } = createConfig();
    expect(emulators).toBeDefined();
    return { ...config, firebase: { ...config.firebase, authDomain: new URL(config.productDomain).host } };
  }

  it('takes App Check from reCAPTCHA Enterprise with a site key, and the stand-in only on the local stack', () => {
    const deployable = deployableConfig();
    expect(
      configProblems({ ...deployable, appCheck: { provider: 'recaptcha-enterprise', siteKey: 'site-key' } }),
    ).toEqual([]);
    expect(configProblems({ ...deployable, appCheck: { provider: 'recaptcha-enterprise' } })).toEqual([
      'appCheck.siteKey must be a non-empty string',
    ]);
    expect(configProblems({ ...deployable, appCheck: { provider: 'local-stand-in' } })).toEqual([
      'appCheck.provider local-stand-in works on the local stack only (with "emulators")',
    ]);
    expect(configProblems({ ...deployable, appCheck: { provider: 'debug' } })).toEqual([
      'appCheck.provider must be "recaptcha-enterprise" or "local-stand-in"',
    ]);
    expect(configProblems(createConfig())).toEqual([]);
  });

  it("requires the site's own domain as Auth's domain once deployed (redirect sign-in under storage partitioning)", () => {
    const deployable = { ...deployableConfig(), appCheck: { provider: 'recaptcha-enterprise', siteKey: 'site-key' } };
    expect(configProblems(deployable)).toEqual([]);
    const host = new URL(deployable.productDomain).host;
    expect(
      configProblems({ ...deployable, firebase: { ...deployable.firebase, authDomain: 'demo.firebaseapp.com' } }),
    ).toEqual([`firebase.authDomain must be the site's own host (${host})`]);
    // The local stack signs in through the Auth emulator, whatever the domain says.
    expect(configProblems(createConfig())).toEqual([]);
  });

  it.each([
    ['a missing file', answer('not found', 404), '/config.json answered 404'],
    ['a file that is not JSON', answer('<html>'), '/config.json is not JSON'],
    [
      'an empty language list',
      answer(JSON.stringify(createConfig({ portalLanguages: [] }))),
      'portalLanguages must be a non-empty list',
    ],
    [
      'a network failure',
      (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
      'could not be fetched',
    ],
  ])('refuses %s with a ConfigLoadError saying why', async (_case, fetchImpl, message) => {
    const loading = loadRuntimeConfig('/config.json', fetchImpl);
    await expect(loading).rejects.toBeInstanceOf(ConfigLoadError);
    await expect(loading).rejects.toThrow(message);
  });
});
