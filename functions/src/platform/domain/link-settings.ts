/**
 * Settings of the product's links, as a plain typed object: the product's domain, which the
 * mails and the pages of every slice link to, and the short links'. The values come
 * from Firebase params (short-links/adapters/link-params.ts, declared with their defaults in
 * @dayfocus/contracts/function-params); this module only says what they mean, and which values
 * must never reach production. It holds no local value: the local stack gives the Functions
 * emulator its own (tools/stack/src/function-params.ts), and a setting without a value is an
 * error, here as in the deploy checks (tools/deploy/src/deploy-env.ts).
 */
import { functionParam, type FunctionParamName } from '@dayfocus/contracts/function-params';

export interface LinkSettings {
  /** Origin of the product's web pages; the link target is `{productDomain}/?userId=...`. */
  productDomain: string;
  /** Origin the short links live on (Hosting): `{linkOrigin}/l/{code}`. */
  linkOrigin: string;
  /** Picture shown in link previews (Open Graph / Twitter card). */
  productImageUrl: string;
  appStoreUrl: string;
  playStoreUrl: string;
  /** Apple Developer team id; `{team}.{bundle id}` is the app id in apple-app-site-association. */
  appleTeamId: string;
  /** SHA-256 fingerprints of the Android signing certificates, for assetlinks.json. */
  androidCertFingerprints: string[];
}

/** Every link setting, by its param's name. */
export const LINK_SETTING_NAMES = [
  'PRODUCT_DOMAIN',
  'LINK_ORIGIN',
  'PRODUCT_IMAGE_URL',
  'APP_STORE_URL',
  'PLAY_STORE_URL',
  'APPLE_TEAM_ID',
  'ANDROID_CERT_SHA256',
] as const satisfies readonly FunctionParamName[];

export type LinkSettingName = (typeof LINK_SETTING_NAMES)[number];
export type RawLinkSettings = Record<LinkSettingName, string>;

/**
 * The settings whose default serves every project (the stores' pages), from the params' table.
 * The others (the site's origins, the preview image, the app's team and certificates) have none.
 */
export const linkSettingDefaults: Partial<RawLinkSettings> = Object.fromEntries(
  LINK_SETTING_NAMES.flatMap((name) => {
    const fallback = functionParam(name).default;
    return typeof fallback === 'string' ? [[name, fallback]] : [];
  }),
);

/**
 * The settings of the `dynamic-links` link provider, removed with it: it spoke Firebase Dynamic
 * Links' API, shut down on 2025-08-25 (docs/deviations.md). A project's env file that still sets
 * one is refused by the deploy checks, so that nobody believes the setting does something.
 */
export const REMOVED_LINK_SETTINGS = [
  'LINK_PROVIDER',
  'DYNAMIC_LINKS_API_URL',
  'DYNAMIC_LINKS_DOMAIN_URI_PREFIX',
] as const;

const FINGERPRINT = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/;
/** Thirty-two zero bytes: a stand-in, no certificate's fingerprint. */
const ZERO_FINGERPRINT = /^00(:00){31}$/;
const TEAM_ID = /^[A-Z0-9]{10}$/;

function origin(name: string, value: string, problems: string[]): string {
  if (value === '') return notSet(name, problems);
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
    if (url.pathname !== '/' || url.search || url.hash || url.username) {
      problems.push(`${name} must be an origin such as https://dayfocus.app (no path, query or fragment)`);
    }
    return url.origin;
  } catch {
    problems.push(`${name} must be an http(s) URL, got "${value}"`);
    return '';
  }
}

function httpUrl(name: string, value: string, problems: string[]): string {
  if (value === '') return notSet(name, problems);
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
    return url.href;
  } catch {
    problems.push(`${name} must be an http(s) URL, got "${value}"`);
    return '';
  }
}

function notSet(name: string, problems: string[]): string {
  problems.push(`${name} is not set`);
  return '';
}

function isLocal(url: string): boolean {
  try {
    const { hostname, protocol } = new URL(url);
    return protocol !== 'https:' || hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
  } catch {
    return true;
  }
}

export class LinkSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The short-link settings are not usable: ${problems.join('; ')}`);
    this.name = 'LinkSettingsError';
  }
}

/**
 * Reads raw string settings (empty means "take the default", and "not set" where there is none)
 * into LinkSettings. `deployed` adds the checks that keep local values out of production: public
 * https addresses only, and no fingerprint of zeros. Throws LinkSettingsError with every problem
 * at once.
 */
export function parseLinkSettings(raw: Partial<RawLinkSettings>, options: { deployed: boolean }): LinkSettings {
  const value = (name: LinkSettingName) => (raw[name] ?? '').trim() || (linkSettingDefaults[name] ?? '');
  const problems: string[] = [];

  const appleTeamId = value('APPLE_TEAM_ID');
  if (appleTeamId === '') notSet('APPLE_TEAM_ID', problems);
  else if (!TEAM_ID.test(appleTeamId)) problems.push('APPLE_TEAM_ID must be 10 capital letters or digits');
  const androidCertFingerprints = value('ANDROID_CERT_SHA256')
    .split(',')
    .map((f) => f.trim().toUpperCase())
    .filter((f) => f.length > 0);
  if (androidCertFingerprints.length === 0) notSet('ANDROID_CERT_SHA256', problems);
  else if (!androidCertFingerprints.every((f) => FINGERPRINT.test(f))) {
    problems.push('ANDROID_CERT_SHA256 must be comma-separated SHA-256 fingerprints (32 hex pairs joined by colons)');
  }

  const settings: LinkSettings = {
    productDomain: origin('PRODUCT_DOMAIN', value('PRODUCT_DOMAIN'), problems),
    linkOrigin: origin('LINK_ORIGIN', value('LINK_ORIGIN'), problems),
    productImageUrl: httpUrl('PRODUCT_IMAGE_URL', value('PRODUCT_IMAGE_URL'), problems),
    appStoreUrl: httpUrl('APP_STORE_URL', value('APP_STORE_URL'), problems),
    playStoreUrl: httpUrl('PLAY_STORE_URL', value('PLAY_STORE_URL'), problems),
    appleTeamId,
    androidCertFingerprints,
  };

  if (options.deployed) {
    const urls: [string, string][] = [
      ['PRODUCT_DOMAIN', settings.productDomain],
      ['LINK_ORIGIN', settings.linkOrigin],
      ['PRODUCT_IMAGE_URL', settings.productImageUrl],
      ['APP_STORE_URL', settings.appStoreUrl],
      ['PLAY_STORE_URL', settings.playStoreUrl],
    ];
    for (const [name, url] of urls) {
      if (url && isLocal(url)) problems.push(`${name} is ${url}: a deployed project needs a public https URL`);
    }
    if (androidCertFingerprints.some((f) => ZERO_FINGERPRINT.test(f))) {
      problems.push("ANDROID_CERT_SHA256 holds a fingerprint of zeros, no certificate's: set the app's own");
    }
  }
  if (problems.length > 0) throw new LinkSettingsError(problems);
  return settings;
}
