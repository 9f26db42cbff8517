/**
 * The server's words in one language: a language file's `server` strings (packages/contracts/
 * src/locales), with English under them for a key the file lacks, formatted by i18next as the
 * web app formats its own (`{{values}}`, plural keys by the language's CLDR categories). Pure.
 */
import english, { type Locale } from '@dayfocus/contracts/locales/en';
import i18next, { type TFunction } from 'i18next';

type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string];
/** A key of the server's strings (`push.friendJoin`; a plural key without its suffix). */
export type ServerKey =
  Leaves<(typeof english)['server']> extends infer Key
    ? Key extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
      ? Base
      : Key
    : never;

export interface ServerText {
  /** BCP 47. */
  language: string;
  dir: 'ltr' | 'rtl';
  t(key: ServerKey, values?: Record<string, string | number>): string;
}

export function serverText(locale: Pick<Locale, 'code' | 'dir' | 'server'> = english): ServerText {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale.code,
    fallbackLng: english.code,
    resources: { [english.code]: { translation: english.server }, [locale.code]: { translation: locale.server } },
    // Plain text: each place that puts a value into HTML escapes it there.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const t: TFunction = instance.getFixedT(locale.code);
  return { language: locale.code, dir: locale.dir, t: (key, values) => t(key, values ?? {}) };
}
