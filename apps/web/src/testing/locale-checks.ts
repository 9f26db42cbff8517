/**
 * What every language file must hold against English (locale.ts), as CI checks it
 * (apps/web/src/lib/locales.test.ts): the same sections and keys; in each string the same
 * `{{values}}`; for each plural key exactly the plural categories `Intl.PluralRules` gives the
 * language (Hindi counts 0 as "one", Marathi as "other"); the script's direction `Intl.Locale`
 * gives it; a canonical code and an Open Graph locale. Pure: the problems, each naming its key.
 */
import { pluralCategories, type LocaleFile } from '@dayfocus/contracts/locale';
import type { GlossaryEntry } from './glossary';

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null;

/** The `{{values}}` a string takes, sorted. */
export function valuesOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? ''))].sort();
}

/** A key's plural base and category (`friendJoinSummary_one` → ['friendJoinSummary', 'one']), or none. */
function pluralOf(key: string): [string, string] | undefined {
  const category = pluralCategories.find((name) => key.endsWith(`_${name}`));
  return category ? [key.slice(0, -category.length - 1), category] : undefined;
}

/** The direction of a language's script, as the platform knows it. */
export function scriptDirection(code: string): 'ltr' | 'rtl' {
  const locale = new Intl.Locale(code) as Intl.Locale & {
    getTextInfo?: () => { direction?: string };
    textInfo?: { direction?: string };
  };
  const info = locale.getTextInfo?.() ?? locale.textInfo;
  return info?.direction === 'rtl' ? 'rtl' : 'ltr';
}

function sectionProblems(path: string, english: Tree, other: Tree, code: string): string[] {
  const problems: string[] = [];
  const categories = [...new Intl.PluralRules(code).resolvedOptions().pluralCategories].sort();
  const englishPlurals = new Map<string, Tree[string]>();
  for (const [key, value] of Object.entries(english)) {
    const plural = pluralOf(key);
    if (plural && typeof value === 'string') englishPlurals.set(plural[0], english[`${plural[0]}_other`]);
  }
  const seenPlurals = new Map<string, string[]>();
  for (const [key, value] of Object.entries(other)) {
    const plural = pluralOf(key);
    const reference = plural && englishPlurals.has(plural[0]) ? englishPlurals.get(plural[0]) : english[key];
    if (plural && englishPlurals.has(plural[0]))
      seenPlurals.set(plural[0], [...(seenPlurals.get(plural[0]) ?? []), plural[1]]);
    if (reference === undefined) problems.push(`${path}${key}: English has no such key`);
    else if (isTree(reference)) {
      if (isTree(value)) problems.push(...sectionProblems(`${path}${key}.`, reference, value, code));
      else problems.push(`${path}${key}: a section in English, not here`);
    } else if (typeof value !== 'string') problems.push(`${path}${key}: not a string`);
    else if (/\}-(?!\u2060)\S/u.test(value))
      // A suffix joined to a name ("{{name}}-உம்") by a bare hyphen lets a line end at it.
      problems.push(`${path}${key}: joins a suffix to a value by a bare hyphen; write "-\\u2060" (a word joiner)`);
    else if (typeof reference === 'string' && valuesOf(value).join() !== valuesOf(reference).join())
      problems.push(
        `${path}${key}: takes {{${valuesOf(value).join('}}, {{')}}} where English takes {{${valuesOf(reference).join('}}, {{')}}}`,
      );
  }
  for (const key of Object.keys(english)) {
    const plural = pluralOf(key);
    if (!plural && !(key in other)) problems.push(`${path}${key}: missing`);
  }
  for (const base of englishPlurals.keys()) {
    const found = (seenPlurals.get(base) ?? []).sort();
    if (found.join() !== categories.join())
      problems.push(
        `${path}${base}: plural forms ${found.join(', ') || 'none'}, where ${code} has ${categories.join(', ')}`,
      );
  }
  return problems;
}

/** Every way `locale` falls short of English's file; empty when it holds. */
export function localeProblems(english: LocaleFile<unknown, unknown>, locale: LocaleFile<unknown, unknown>): string[] {
  const { code } = locale;
  const problems: string[] = [];
  let canonical: string | undefined;
  try {
    canonical = Intl.getCanonicalLocales(code)[0];
  } catch {
    canonical = undefined;
  }
  if (canonical !== code)
    return [`code ${JSON.stringify(code)} is not a canonical language tag${canonical ? ` (${canonical})` : ''}`];
  if (!locale.name.trim()) problems.push('name: empty');
  if (locale.dir !== scriptDirection(code))
    problems.push(`dir: ${locale.dir}, where ${code} is written ${scriptDirection(code)}`);
  if (!/^[a-z]{2,3}_[A-Z]{2}$/.test(locale.ogLocale))
    problems.push(`ogLocale: ${locale.ogLocale} is not language_TERRITORY`);
  for (const part of ['web', 'server'] as const) {
    const [reference, own] = [english[part], locale[part]];
    if (isTree(reference) && isTree(own)) problems.push(...sectionProblems(`${part}.`, reference, own, code));
    else problems.push(`${part}: missing`);
  }
  return problems;
}

/** Every string of a tree, by its key's path. */
function stringsOf(path: string, tree: Tree): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[`${path}${key}`, value]];
    return isTree(value) ? stringsOf(`${path}${key}.`, value) : [];
  });
}

/**
 * The glossary of `locale`'s language (apps/web/src/testing/glossary.ts) against its
 * strings, web and server: each use of a word or ending it avoids, naming the key, the thing and why.
 */
export function glossaryProblems(locale: LocaleFile<unknown, unknown>, entries: readonly GlossaryEntry[]): string[] {
  const strings = (['web', 'server'] as const).flatMap((part) => {
    const tree = locale[part];
    return isTree(tree) ? stringsOf(`${part}.`, tree) : [];
  });
  return entries.flatMap(({ thing, word, avoid }) =>
    avoid.flatMap(({ text, why }) =>
      strings
        .filter(([, value]) => (typeof text === 'string' ? value.includes(text) : text.test(value)))
        .map(([key]) => `${key}: says ${thing} otherwise than "${word}" (${why})`),
    ),
  );
}
