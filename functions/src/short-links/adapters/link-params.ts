/**
 * The short-link settings as Firebase params: values come from `functions/.env.<project>`
 * (see the README); unset values fall back to the local stack's (platform/domain/link-settings.ts),
 * which a deployed function refuses. The provider's API key is a Firebase secret.
 */
import { defineSecret, defineString, type StringParam } from 'firebase-functions/params';
import {
  localLinkDefaults,
  parseLinkSettings,
  type LinkSettingName,
  type LinkSettings,
} from '../../platform/domain/link-settings.js';
import { environment } from '../../platform/environment.js';

const descriptions: Record<LinkSettingName, string> = {
  PRODUCT_DOMAIN: 'Origin of the web companion; short links lead to {PRODUCT_DOMAIN}/?userId={inviter}',
  LINK_ORIGIN: 'Origin short links are served on (Hosting): {LINK_ORIGIN}/l/{code}',
  PRODUCT_IMAGE_URL: 'Image for link previews (1200x630 PNG or JPEG)',
  APP_STORE_URL: 'App Store page of the iOS app',
  PLAY_STORE_URL: 'Google Play page of the Android app',
  APPLE_TEAM_ID: 'Apple Developer team id (10 characters) for apple-app-site-association',
  ANDROID_CERT_SHA256: 'Comma-separated SHA-256 fingerprints of the Android signing certificates',
  LINK_PROVIDER: 'own (default) or dynamic-links (a service speaking the Dynamic Links REST API)',
  DYNAMIC_LINKS_API_URL: 'Short-link endpoint of the dynamic-links provider',
  DYNAMIC_LINKS_DOMAIN_URI_PREFIX: 'Link domain of the dynamic-links provider',
};

const params = Object.fromEntries(
  (Object.keys(localLinkDefaults) as LinkSettingName[]).map((name) => [
    name,
    defineString(name, { default: localLinkDefaults[name], description: descriptions[name] }),
  ]),
) as Record<LinkSettingName, StringParam>;

/**
 * The secret exists only where the provider is chosen, so that a project using our own
 * links needs no secret to deploy. Set LINK_PROVIDER in functions/.env.<project>: deploy
 * reads it from there when it decides which secrets the function binds.
 */
const providerAtLoad = (process.env.LINK_PROVIDER ?? '').trim() || localLinkDefaults.LINK_PROVIDER;
export const linkProviderApiKey = providerAtLoad === 'dynamic-links' ? defineSecret('LINK_PROVIDER_API_KEY') : null;

export function readLinkSettings(): LinkSettings {
  const raw = Object.fromEntries(Object.entries(params).map(([name, param]) => [name, param.value()])) as Record<
    LinkSettingName,
    string
  >;
  return parseLinkSettings(raw, { deployed: environment().deployedLinkSettings, apiKey: linkProviderApiKey?.value() });
}
