/**
 * The language file a card is written in, by its code: any file of @dayfocus/contracts/locales
 * (a pseudo-locale made from English), English for a code that names none. Which languages a
 * caller may ask for (the site's switched-on ones) is the caller's to decide.
 */
import english, { type Locale } from '@dayfocus/contracts/locales/en';
import { isPseudoCode, pseudoLocale } from '@dayfocus/contracts/pseudo-locales';

const files = new Map<string, Locale>([[english.code, english]]);

export function cardLocale(code: string): Locale {
  let file = files.get(code);
  if (file) return file;
  if (isPseudoCode(code)) file = pseudoLocale(english, code);
  else if (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code)) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the set of files decides, not a list here
      file = (require(`@dayfocus/contracts/locales/${code}`) as { default: Locale }).default;
    } catch {
      file = english;
    }
  }
  if (!file) return english;
  files.set(code, file);
  return file;
}
