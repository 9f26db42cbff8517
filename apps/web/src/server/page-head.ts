/** The pieces of a server-drawn page's head that speak of its language, its preview and its trials (renderer.tsx). */
import { escapeHtml } from '@dayfocus/contracts/html';
import type { WebPageName } from '@dayfocus/contracts/page-paths';
import type { RuntimeConfig } from '@dayfocus/contracts/runtime-config';
import { languages } from 'virtual:dayfocus-languages';
import { directionOf } from '@/lib/i18n';

/** Open Graph's locale of a language, from its file. */
export const ogLocaleOf = (code: string) => languages.find((language) => language.code === code)?.ogLocale ?? code;

/** `<html lang dir>` of a page in `language` (the template's `<html lang="…"` is replaced by it). */
export const htmlTag = (language: string) => `<html lang="${escapeHtml(language)}" dir="${directionOf(language)}"`;

export function meta(attribute: 'name' | 'property', key: string, value: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
}

/**
 * Chrome's origin-trial token of the browser's proof of the address (the Email Verification
 * Protocol), on the e-mail sign-up page only, where the web config has one: Chrome offers the proof
 * to the page's hidden field only under it.
 */
export function originTrialTags(page: WebPageName, config: Pick<RuntimeConfig, 'originTrialToken'>): string[] {
  const token = config.originTrialToken;
  return page === 'sign-up' && token ? [`<meta http-equiv="origin-trial" content="${escapeHtml(token)}" />`] : [];
}
