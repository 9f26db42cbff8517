/** The pieces of a server-drawn page's head that speak of its language and its preview (renderer.tsx). */
import { escapeHtml } from '@dayfocus/contracts/html';
import { languages } from 'virtual:dayfocus-languages';
import { directionOf } from '@/lib/i18n';

/** Open Graph's locale of a language, from its file. */
export const ogLocaleOf = (code: string) => languages.find((language) => language.code === code)?.ogLocale ?? code;

/** `<html lang dir>` of a page in `language` (the template's `<html lang="…"` is replaced by it). */
export const htmlTag = (language: string) => `<html lang="${escapeHtml(language)}" dir="${directionOf(language)}"`;

export function meta(attribute: 'name' | 'property', key: string, value: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
}
