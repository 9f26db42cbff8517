/**
 * Every language's strings as the tests read them, from the language files themselves
 * (packages/contracts/src/locales) and the pseudo-locales made from English; and the languages
 * the local stack switches on (public/config.json), which the suites go through.
 */
import type { Locale, Translation } from '@dayfocus/contracts/locales/en';
import { pseudoLanguages, pseudoLocale } from '@dayfocus/contracts/pseudo-locales';
import config from '../../public/config.json';

const files = import.meta.glob<Locale>('@locales/*.ts', {
  import: 'default',
  eager: true,
});
const locales: Locale[] = Object.values(files);
const english = locales.find((locale) => locale.code === 'en');
if (!english) throw new Error('No English file in packages/contracts/src/locales');
for (const { code } of pseudoLanguages) locales.push(pseudoLocale(english, code));

export type { Translation };
export type Language = string;

/** Each language's facts and strings, by code. */
export const localeOf = (code: Language): Locale => {
  const locale = locales.find((candidate) => candidate.code === code);
  if (!locale) throw new Error(`No language file for ${code}`);
  return locale;
};
export const textsOf = (code: Language): Translation => localeOf(code).web;

/** The languages the local stack switches on, in its order (English first). */
export const stackLanguages: readonly Language[] = config.portalLanguages;

export const en = textsOf('en');
export const hi = textsOf('hi');
