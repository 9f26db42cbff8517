/**
 * i18next with the translations bundled in the app (no network call): English is in the main
 * bundle, other languages are chunks loaded when chosen. The chosen language is kept in local
 * storage and reflected in `<html lang>`.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { RuntimeConfig } from '@/config/runtime-config';
import { en, type Translation } from '@/locales/en';

export const LANGUAGE_STORAGE_KEY = 'dayfocus.portalLanguage';
export const DEFAULT_LANGUAGE = 'en';

/** Every language the app has a translation for; the configuration chooses which are offered. */
const bundles: Record<string, () => Promise<Translation>> = {
  en: async () => en,
  hi: async () => (await import('@/locales/hi')).hi,
};

/** The languages of the configuration that the app has a translation for, in its order. */
export function offeredLanguages(config: Pick<RuntimeConfig, 'portalLanguages'>): RuntimeConfig['portalLanguages'] {
  return config.portalLanguages.filter((language) => Object.hasOwn(bundles, language.code));
}

export function isOffered(config: Pick<RuntimeConfig, 'portalLanguages'>, code: string | undefined): code is string {
  return Boolean(code) && offeredLanguages(config).some((language) => language.code === code);
}

/**
 * The first offered language among the browser's preferred ones (best first: `navigator.languages`,
 * or Accept-Language ranked), by the whole tag or its primary subtag (`hi-IN` is Hindi); undefined
 * when none is offered. What a first visit whose link names no language is shown in.
 */
export function preferredOffered(
  config: Pick<RuntimeConfig, 'portalLanguages'>,
  preferred: readonly string[],
): string | undefined {
  const offered = offeredLanguages(config).map((language) => language.code);
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    const match = offered.find((code) => code.toLowerCase() === lower || code.toLowerCase() === lower.split('-')[0]);
    if (match) return match;
  }
  return undefined;
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
    resources: { en: { translation: en } },
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
    instance.on('languageChanged', (code) => {
      document.documentElement.lang = code;
    });
  }
  return instance;
}

/**
 * Loads the language's bundle if needed, switches every string to it and (by default)
 * remembers the choice. Unknown codes are ignored and answer false; so is a bundle that cannot
 * load (offline, or its chunk gone after a deploy), which is logged and leaves the page as it is.
 * Never rejects.
 */
export async function changeLanguage(
  instance: I18n,
  code: string,
  options: { persist?: boolean } = {},
): Promise<boolean> {
  const load = bundles[code];
  if (!load) return false;
  if (!instance.hasResourceBundle(code, 'translation')) {
    try {
      instance.addResourceBundle(code, 'translation', await load(), true, true);
    } catch (error) {
      // eslint-disable-next-line no-console
      console.error(`The ${code} translation could not be loaded`, error);
      return false;
    }
  }
  await instance.changeLanguage(code);
  if (options.persist !== false) storeLanguage(code);
  return true;
}
