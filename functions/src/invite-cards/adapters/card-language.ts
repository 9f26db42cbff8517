/**
 * The language file a card is written in, by its code: any file of @dayfocus/contracts/locales
 * (a pseudo-locale made from English), English for a code that names none. Which languages a
 * caller may ask for (the site's switched-on ones) is the caller's to decide.
 */
import english, { type Locale } from '@dayfocus/contracts/locales/en';
import { isPseudoCode, pseudoLocale } from '@dayfocus/contracts/pseudo-locales';

/** The files read so far, by code: only codes that name a file are kept. */
const files = new Map<string, Locale>([[english.code, english]]);

/** A language file's code: a primary subtag and subtags, nothing that could leave the folder. */
const FILE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export function cardLocale(code: string): Locale {
  const known = files.get(code);
  if (known) return known;
  let file: Locale | undefined;
  if (isPseudoCode(code)) file = pseudoLocale(english, code);
  else if (FILE_CODE.test(code)) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the set of files decides, not a list here
      file = (require(`@dayfocus/contracts/locales/${code}`) as { default: Locale }).default;
    } catch {
      return english;
    }
  }
  if (!file) return english;
  files.set(code, file);
  return file;
}
