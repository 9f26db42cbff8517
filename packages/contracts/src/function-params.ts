/**
 * Every Firebase param the functions define, one row each: the one list from which the rest is
 * made. The functions define their params from it (functions/src/platform/adapters/params.ts), the
 * deploy check refuses an env file that leaves a param without a default unset, or sets it to the
 * local stack's value (tools/deploy/src/deploy-env.ts), and the local stack gives the Functions
 * emulator a value for each param without a default (tools/stack/src/function-params.ts).
 * Values come from `functions/.env.{projectId}`; docs/configuration.md says what each one is for.
 */
import { brand } from './brand.js';

export interface FunctionParam {
  type: 'string' | 'boolean';
  /**
   * The value that serves every project; none when each project sets its own (a deploy then
   * refuses an env file without it).
   */
  default?: string | boolean;
  /**
   * What to set, in words that follow "set ": Firebase's params prompt shows it, and the deploy
   * check says it of a param that is missing or holds a local value.
   */
  description: string;
}

export const functionParams = {
  PRODUCT_DOMAIN: {
    type: 'string',
    description:
      "the site's https origin, such as https://dayfocus.app: short links lead to {PRODUCT_DOMAIN}/?userId={inviter}",
  },
  LINK_ORIGIN: {
    type: 'string',
    description: 'the https origin Hosting serves the short links on: {LINK_ORIGIN}/l/{code}',
  },
  PRODUCT_IMAGE_URL: {
    type: 'string',
    description: 'the https address of the link preview image (1200x630 PNG or JPEG)',
  },
  APP_STORE_URL: {
    type: 'string',
    default: `https://apps.apple.com/app/id${brand.appStoreId}`,
    description: 'the App Store page of the iOS app',
  },
  PLAY_STORE_URL: {
    type: 'string',
    default: `https://play.google.com/store/apps/details?id=${brand.appIdentifier}`,
    description: 'the Google Play page of the Android app',
  },
  APPLE_TEAM_ID: {
    type: 'string',
    description: "the iOS app's Apple Developer team id (10 characters), for apple-app-site-association",
  },
  ANDROID_CERT_SHA256: {
    type: 'string',
    description: "the Android app's signing-certificate SHA-256 fingerprints, comma-separated, for assetlinks.json",
  },
  WEB_API_KEY: {
    type: 'string',
    description:
      "the web config's apiKey (Project settings, Your apps; public, as in the site's config.json): " +
      "applying Auth's verification codes needs it",
  },
  WEB_APP_ID: {
    type: 'string',
    description:
      "the web app's App ID (Project settings, Your apps: 1:{number}:web:{hex}, the firebase.appId of the site's " +
      'config.json): the App Check fallback mints tokens for this app alone',
  },
  PICTURES_FOLDER: {
    type: 'string',
    default: 'ProfilePictures',
    description: "the Storage folder of the users' pictures: an inviter's picture counts only at {folder}/{uid}/…",
  },
  APP_CHECK_FALLBACK: {
    type: 'boolean',
    default: true,
    description:
      'whether attestByChallenge offers the App Check fallback to visitors whose reCAPTCHA attestation failed',
  },
  GOOGLE_WEB_CLIENT_ID: {
    type: 'string',
    default: '',
    description:
      "the OAuth web client ID of Firebase's Google sign-in (Authentication, Sign-in method, Google, Web SDK " +
      'configuration), whose authorized redirect URIs list {PRODUCT_DOMAIN}/auth/return: the method page then ' +
      "starts Google's sign-in from the server; empty, the page's own redirect starts it",
  },
  APPLE_SERVICES_ID: {
    type: 'string',
    default: '',
    description:
      "the Services ID of Firebase's Apple sign-in (Authentication, Sign-in method, Apple), whose return URLs list " +
      "{PRODUCT_DOMAIN}/auth/return: the method page then starts Apple's sign-in from the server; empty, the page's " +
      'own redirect starts it',
  },
  GOOGLE_AUTHORIZE_URL: {
    type: 'string',
    default: 'https://accounts.google.com/o/oauth2/v2/auth',
    description: "Google's OAuth authorization endpoint",
  },
  APPLE_AUTHORIZE_URL: {
    type: 'string',
    default: 'https://appleid.apple.com/auth/authorize',
    description: "Apple's authorization endpoint",
  },
  EMAIL_PROOF: {
    type: 'boolean',
    default: false,
    description:
      "whether the sign-up takes a browser's proof of the address (Chrome's Email Verification Protocol, an origin " +
      "trial: the web config's originTrialToken must be this site's) instead of sending the verification mail",
  },
} as const satisfies Record<string, FunctionParam>;

type Declared = typeof functionParams;
export type FunctionParamName = keyof Declared;

/** The params of one type: the functions define each with the definer of its type. */
export type FunctionParamOfType<T extends FunctionParam['type']> = {
  [K in FunctionParamName]: Declared[K]['type'] extends T ? K : never;
}[FunctionParamName];

/** The params each project sets itself: those without a default. */
export type ParamWithoutDefault = {
  [K in FunctionParamName]: Declared[K] extends { default: unknown } ? never : K;
}[FunctionParamName];

/** The table's rows, each as a plain FunctionParam (its default read without narrowing). */
export const functionParamRows = Object.entries(functionParams) as [FunctionParamName, FunctionParam][];

/** The declared row of one param. */
export function functionParam(name: FunctionParamName): FunctionParam {
  return functionParams[name];
}

/** Every param with a default, in the table's order. */
export const paramsWithDefault = functionParamRows
  .filter(([, param]) => param.default !== undefined)
  .map(([name]) => name);
