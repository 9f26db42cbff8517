/**
 * What a valid `/config.json` of the web app holds, and the check of it: the app runs it at
 * startup, the build (apps/web/vite.config.ts) when WEB_CONFIG names the file to ship, and the
 * deploy check (tools/deploy/src/web-config.ts) before a deploy.
 */
export interface RuntimeConfig {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId?: string;
    messagingSenderId?: string;
    storageBucket?: string;
  };
  /** Origin of this web companion; the verification e-mail continues to `{productDomain}/welcome/...`. */
  productDomain: string;
  /** Preview image of the product (1200x630); the pages do not show it (link previews come from the functions). */
  productImage?: string;
  appStoreUrl: string;
  playStoreUrl: string;
  /** Who runs the site and its policies: every page's footer names and links them. */
  legal: { operator: string; privacyUrl: string; termsUrl: string };
  /**
   * The languages switched on, by code, in the order the switch lists them: each is a file of
   * packages/contracts/src/locales (its name, direction and strings are there), or a pseudo-locale.
   */
  portalLanguages: string[];
  /**
   * Where the callables are reached. A path on this site (`/api`), which Hosting rewrites to
   * the functions (firebase.json): same origin, so no CORS preflight and no second connection
   * on a phone. Absent: Cloud Functions' own URLs in FUNCTIONS_REGION (or the emulator below).
   */
  callablesPath?: string;
  /**
   * Firebase App Check, which every callable requires: reCAPTCHA Enterprise with its site key
   * (public, like the rest of this file), or, on the local stack only, the stand-in provider
   * (no App Check backend exists there; see functions/src/platform/domain/app-check.ts).
   */
  appCheck: { provider: 'recaptcha-enterprise'; siteKey: string } | { provider: 'local-stand-in' };
  /**
   * Chrome's origin-trial token of the Email Verification Protocol for `productDomain`, which the
   * sign-up page carries where the functions' EMAIL_PROOF is on; absent where it is off.
   */
  originTrialToken?: string;
  /** Local stack only: where the Auth emulator listens and, without `callablesPath`, the Functions emulator. */
  emulators?: { auth: string; functionsHost: string; functionsPort: number };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Every problem of a parsed config.json, as `path: what is wrong`; empty when it is valid. */
export function configProblems(body: unknown): string[] {
  const problems: string[] = [];
  const text = (object: Json, key: string, path: string, optional = false) => {
    const value = object[key];
    if (value === undefined && optional) return;
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${path} must be a non-empty string`);
  };
  if (!isObject(body)) return ['the configuration must be a JSON object'];
  if (!isObject(body.firebase)) problems.push('firebase must be an object');
  else {
    for (const key of ['apiKey', 'authDomain', 'projectId']) text(body.firebase, key, `firebase.${key}`);
    for (const key of ['appId', 'messagingSenderId', 'storageBucket'])
      text(body.firebase, key, `firebase.${key}`, true);
  }
  for (const key of ['productDomain', 'appStoreUrl', 'playStoreUrl']) {
    if (!isHttpUrl(body[key])) problems.push(`${key} must be an http(s) URL`);
  }
  if (!isObject(body.legal)) problems.push('legal must be an object ({ operator, privacyUrl, termsUrl })');
  else {
    text(body.legal, 'operator', 'legal.operator');
    for (const key of ['privacyUrl', 'termsUrl'])
      if (!isHttpUrl(body.legal[key])) problems.push(`legal.${key} must be an http(s) URL`);
  }
  if (body.productImage !== undefined && !isHttpUrl(body.productImage))
    problems.push('productImage must be an http(s) URL');
  const languages = body.portalLanguages;
  if (!Array.isArray(languages) || languages.length === 0) problems.push('portalLanguages must be a non-empty list');
  else
    languages.forEach((language, index) => {
      // The list held objects ({ code, name }) before the names moved into the language files.
      if (isObject(language) && typeof language.code === 'string')
        problems.push(`portalLanguages[${index}] must be the code alone: "${language.code}"`);
      else if (typeof language !== 'string' || !/^[a-z]{2,3}(-[A-Z]{2})?$/.test(language))
        problems.push(`portalLanguages[${index}] must be a language code such as "hi"`);
    });
  if (
    body.callablesPath !== undefined &&
    (typeof body.callablesPath !== 'string' || !/^\/[\w-]+(\/[\w-]+)*$/.test(body.callablesPath))
  ) {
    problems.push('callablesPath must be a path such as /api');
  }
  text(body, 'originTrialToken', 'originTrialToken', true);
  const appCheck = body.appCheck;
  if (!isObject(appCheck)) problems.push('appCheck must be an object');
  else if (appCheck.provider === 'recaptcha-enterprise') text(appCheck, 'siteKey', 'appCheck.siteKey');
  else if (appCheck.provider === 'local-stand-in') {
    if (body.emulators === undefined)
      problems.push('appCheck.provider local-stand-in works on the local stack only (with "emulators")');
  } else problems.push('appCheck.provider must be "recaptcha-enterprise" or "local-stand-in"');
  // Sign-in redirects and the popup's helper frame live on the auth domain. Browsers that
  // partition third-party storage (Chrome 115+, Safari 16.1+, Firefox 109+) break them unless it
  // is the site's own domain, which Hosting serves /__/auth/ on (docs/deploying.md).
  if (
    body.emulators === undefined &&
    isObject(body.firebase) &&
    typeof body.firebase.authDomain === 'string' &&
    isHttpUrl(body.productDomain) &&
    body.firebase.authDomain !== new URL(body.productDomain).host
  ) {
    problems.push(`firebase.authDomain must be the site's own host (${new URL(body.productDomain).host})`);
  }
  if (body.emulators !== undefined) {
    const emulators = body.emulators;
    if (!isObject(emulators)) problems.push('emulators must be an object');
    else {
      if (!isHttpUrl(emulators.auth)) problems.push('emulators.auth must be an http(s) URL');
      text(emulators, 'functionsHost', 'emulators.functionsHost');
      if (!Number.isInteger(emulators.functionsPort)) problems.push('emulators.functionsPort must be an integer');
    }
  }
  return problems;
}
