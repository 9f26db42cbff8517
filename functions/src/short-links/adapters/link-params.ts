/**
 * The short-link settings as Firebase params: values come from `functions/.env.<project>`
 * (the local stack's from `functions/.env.local`, which the stack writes); only a setting whose
 * default serves every project has one (platform/domain/link-settings.ts), and a deployed function
 * refuses a missing or local value.
 */
import { defineString, type StringParam } from 'firebase-functions/params';
import {
  LINK_SETTING_NAMES,
  linkSettingDefaults,
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
};

const params = Object.fromEntries(
  LINK_SETTING_NAMES.map((name) => {
    const fallback = linkSettingDefaults[name];
    return [
      name,
      defineString(name, { description: descriptions[name], ...(fallback === undefined ? {} : { default: fallback }) }),
    ];
  }),
) as Record<LinkSettingName, StringParam>;

export function readLinkSettings(): LinkSettings {
  const raw = Object.fromEntries(Object.entries(params).map(([name, param]) => [name, param.value()])) as Record<
    LinkSettingName,
    string
  >;
  return parseLinkSettings(raw, { deployed: environment().deployedLinkSettings });
}
