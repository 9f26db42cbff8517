/**
 * The server's words in the languages the site switches on: the web build writes the switched-on
 * codes beside its renderer (`lib/web/languages.json`, apps/web/vite.config.ts), and each code's
 * file is required from the contracts' build (a pseudo-locale is made from English). A language
 * that is not switched on, or that the app stored in a form nobody knows, gets English.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import english, { type Locale } from '@dayfocus/contracts/locales/en';
import { isPseudoCode, pseudoLocale } from '@dayfocus/contracts/pseudo-locales';
import { matchingLanguage } from '@dayfocus/contracts/locale';
import { serverText, type ServerText } from '../domain/server-text.js';

/** From `src/platform/adapters` (tests) and `lib/platform/adapters` (the deployed code) alike. */
const LANGUAGES_PATH = resolve(__dirname, '..', '..', '..', 'lib', 'web', 'languages.json');

let switchedOn: readonly string[] | undefined;

/** The built site's configuration's `portalLanguages`. */
export function switchedOnLanguages(): readonly string[] {
  if (!switchedOn) {
    try {
      const built = JSON.parse(readFileSync(LANGUAGES_PATH, 'utf8')) as { code: string }[];
      switchedOn = built.map((language) => language.code);
    } catch (error) {
      throw new Error(
        `The site's languages are missing at ${LANGUAGES_PATH}: build the web app (pnpm run build) before the functions are served or deployed`,
        { cause: error },
      );
    }
  }
  return switchedOn;
}

function localeFile(code: string): Locale {
  if (code === english.code) return english;
  if (isPseudoCode(code)) return pseudoLocale(english, code);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the set of files decides, not a list here
  return (require(`@dayfocus/contracts/locales/${code}`) as { default: Locale }).default;
}

const texts = new Map<string, ServerText>();

export function textIn(language: unknown): ServerText {
  const code = matchingLanguage(language, switchedOnLanguages()) ?? english.code;
  let text = texts.get(code);
  if (!text) {
    text = serverText(localeFile(code));
    texts.set(code, text);
  }
  return text;
}
