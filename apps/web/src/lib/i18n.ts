/**
 * i18next with the translations bundled in the app (no network call): English is in the main
 * bundle, every other language file (packages/contracts/src/locales) is a chunk loaded when
 * chosen, and the pseudo-locales are made from English. The chosen language is kept in local
 * storage and reflected in `<html lang>` and `<html dir>`.
 */
import en, { type Locale, type Translation } from '@dayfocus/contracts/locales/en';
import { matchingLanguage } from '@dayfocus/contracts/locale';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, type LanguageFacts } from 'virtual:dayfocus-languages';
import type { RuntimeConfig } from '@dayfocus/contracts/runtime-config';

export const LANGUAGE_STORAGE_KEY = 'dayfocus.portalLanguage';
export const DEFAULT_LANGUAGE = 'en';

// One chunk per file; the file's name is its code (checked by vite-languages.ts).
const files = import.meta.glob<Locale>(['@locales/*.ts', '!@locales/en.ts'], {
  import: 'default',
});
const codeOfFile = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.ts'.length);

/** Every language the app has a translation for; the configuration chooses which are offered. */
const bundles: Record<string, () => Promise<Translation>> = {
  en: async () => en.web,
  ...Object.fromEntries(
    Object.entries(files).map(([path, load]) => [codeOfFile(path), async () => (await load()).web]),
  ),
  // The pseudo-locales, made from English when chosen: their maker is a chunk of its own, which a
  // deployment (where none is switched on) never loads.
  ...Object.fromEntries(
    languages
      .filter((language) => language.pseudo)
      .map(({ code }) => [
        code,
        async () => {
          const { isPseudoCode, pseudoLocale } = await import('@dayfocus/contracts/pseudo-locales');
          if (!isPseudoCode(code)) throw new Error(`${code} is not a pseudo-locale`);
          return pseudoLocale(en, code).web;
        },
      ]),
  ),
};

/** The strings of the language `code` (a chunk to load), or undefined when the app has none. */
export function loadTranslation(code: string): Promise<Translation> | undefined {
  return bundles[code]?.();
}

/** The offered languages (the configuration's that have a translation, in its order), with their facts. */
export function offeredLanguages(config: Pick<RuntimeConfig, 'portalLanguages'>): LanguageFacts[] {
  return config.portalLanguages.flatMap((code) => {
    const facts = languages.find((language) => language.code === code);
    return facts && Object.hasOwn(bundles, code) ? [facts] : [];
  });
}

/** The direction of a language's script (`<html dir>`): English's for an unknown code. */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return languages.find((language) => language.code === code)?.dir ?? 'ltr';
}

export function isOffered(config: Pick<RuntimeConfig, 'portalLanguages'>, code: string | undefined): code is string {
  return Boolean(code) && offeredLanguages(config).some((language) => language.code === code);
}

/**
 * The first of `codes` among the browser's preferred languages (best first: `navigator.languages`,
 * or Accept-Language ranked), each by the whole tag or its primary subtag (`matchingLanguage`:
 * `hi-IN` is Hindi); undefined when none is there.
 */
export function preferredOf(codes: readonly string[], preferred: readonly string[]): string | undefined {
  for (const tag of preferred) {
    const match = matchingLanguage(tag, codes);
    if (match) return match;
  }
  return undefined;
}

/** The first offered language the browser prefers: what a first visit whose link names no language is shown in. */
export function preferredOffered(
  config: Pick<RuntimeConfig, 'portalLanguages'>,
  preferred: readonly string[],
): string | undefined {
  return preferredOf(
    offeredLanguages(config).map((language) => language.code),
    preferred,
  );
}

export function storedLanguage(): string | undefined {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeLanguage(code: string): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Private browsing can refuse storage; the choice then lasts for this page only.
  }
}

export async function createI18n(initialLanguage: string): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: en.web } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    // An empty translation is deliberate (a word order without text before the store's name).
    returnEmptyString: true,
  });
  if (initialLanguage !== DEFAULT_LANGUAGE) await changeLanguage(instance, initialLanguage, { persist: false });
  // In the browser (the server renderer writes `<html lang>` itself), once the first language
  // is in: a server-rendered page's `lang` never flips to English and back while the app starts.
  if (typeof document !== 'undefined') {
    document.documentElement.lang = instance.language;
    document.documentElement.dir = directionOf(instance.language);
    instance.on('languageChanged', (code) => {
      document.documentElement.lang = code;
      document.documentElement.dir = directionOf(code);
    });
  }
  return instance;
}

/** The number of the latest change asked of each instance: a later choice wins over a slower one. */
const latestChange = new WeakMap<I18n, number>();

/**
 * Loads the language's bundle if needed, switches every string to it and (by default)
 * remembers the choice. Unknown codes are ignored and answer false; so is a bundle that cannot
 * load (offline, or its chunk gone after a deploy), which is logged and leaves the page as it is,
 * and a change overtaken by a later one while its bundle loaded (Hindi tapped, then English).
 * Never rejects.
 */
export async function changeLanguage(
  instance: I18n,
  code: string,
  options: { persist?: boolean } = {},
): Promise<boolean> {
  const loading = loadTranslation(code);
  if (!loading) return false;
  const change = (latestChange.get(instance) ?? 0) + 1;
  latestChange.set(instance, change);
  if (!instance.hasResourceBundle(code, 'translation')) {
    let translation: Translation;
    try {
      translation = await loading;
    } catch (error) {
      // eslint-disable-next-line no-console
      console.error(`The ${code} translation could not be loaded`, error);
      return false;
    }
    instance.addResourceBundle(code, 'translation', translation, true, true);
  }
  if (latestChange.get(instance) !== change) return false;
  await instance.changeLanguage(code);
  if (options.persist !== false) storeLanguage(code);
  return true;
}
