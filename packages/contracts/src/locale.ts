/**
 * What a language is: one data-only file in `locales/` (`locales/en.ts` is the source every
 * other file follows), its `server` section in a file of its own in `locales/server/`. The web app
 * takes each file's `web` strings as its i18next resources (one lazy chunk per file,
 * apps/web/src/lib/i18n.ts); the functions take its `server` strings for the pushes and the
 * e-mails (functions/src/platform/adapters/locales.ts). Nothing else
 * names a language: the types, `og:locale`, `dir`, the test and benchmark lists all come from the
 * set of files, and the runtime configuration's `portalLanguages` only switches a file on.
 *
 * Strings use i18next's syntax: `{{name}}` for a value, and the CLDR plural categories of the
 * language as suffixes (`friendJoinSummary_one`, `_other`, and `_few`, `_many`… where the
 * language has them). The web app's tests hold every file to English's keys, values and plurals
 * (apps/web/src/testing/locale-checks.ts).
 */

/** The CLDR plural categories, as `Intl.PluralRules` names them and i18next suffixes keys with them. */
export const pluralCategories = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof pluralCategories)[number];

/** A key of English's without its plural suffix, and every language's own set of suffixes for it. */
type Plural<Key> = Key extends `${infer Base}_${'one' | 'other'}` ? Base : never;
type Section<S> = { readonly [K in keyof S as K extends `${string}_${PluralCategory}` ? never : K]: string } & {
  readonly [K in `${Plural<keyof S>}_${PluralCategory}`]?: string;
};
/** Every section of English with the same keys, every leaf a string (plural keys by the language's categories). */
export type Strings<English> = { readonly [Name in keyof English]: Section<English[Name]> };

export interface LocaleFile<Web, Server> {
  /** The BCP 47 tag: what `?lg=`, the invitation's path and `<html lang>` carry. */
  code: string;
  /** The language's own name for itself, as the language switch shows it. */
  name: string;
  /** The script's direction; `new Intl.Locale(code).textInfo.direction` (checked). */
  dir: 'ltr' | 'rtl';
  /** Open Graph's locale (`language_TERRITORY`) of a link preview. */
  ogLocale: string;
  /**
   * A machine draft nobody fluent has read yet: it stays out of a deployable configuration
   * (tools/deploy refuses it) until a native speaker's review clears the flag. docs/languages.md.
   */
  awaitingReview?: boolean;
  /** Generated from English for the local stack's tests (en-XA, ar-XB): never deployed. */
  pseudo?: boolean;
  web: Web;
  server: Server;
}

/**
 * The one of `codes` that a language tag means (a browser's, `?lg=`, a language the app stored): the
 * same tag (`hi`, ` HI `, `hi_IN` as `hi-IN`), else its primary subtag (`hi-IN` is Hindi);
 * undefined when none of them is. The web app's pages and the functions' words choose by it alike.
 */
export function matchingLanguage(tag: unknown, codes: readonly string[]): string | undefined {
  if (typeof tag !== 'string') return undefined;
  const wanted = tag.trim().replaceAll('_', '-').toLowerCase();
  return (
    codes.find((code) => code.toLowerCase() === wanted) ??
    codes.find((code) => code.toLowerCase() === wanted.split('-')[0])
  );
}
