/**
 * The set of languages, read from the files themselves (packages/contracts/src/locales/*.ts, one
 * file a language, file name = code): what the app must know of every language before its
 * strings load, served as the module `virtual:dayfocus-languages`. The language switch lists the
 * offered ones by their own names, and the server renderer writes `lang`, `dir` and `og:locale`.
 * The strings themselves stay in one lazy chunk per language (src/lib/i18n.ts).
 */
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { Locale } from '@dayfocus/contracts/locales/en';
import type * as PseudoLocales from '@dayfocus/contracts/pseudo-locales';

/** The language files, found through the contracts package (wherever the app is built from). */
const englishFile = fileURLToPath(import.meta.resolve('@dayfocus/contracts/locales/en'));
export const LOCALES_DIR = dirname(englishFile);
/** The alias the app's globs name the folder by: `@locales/*.ts`. */
export const localesAlias = { '@locales': LOCALES_DIR };
const ID = 'virtual:dayfocus-languages';
const RESOLVED = `\0${ID}`;

/** What the app knows of a language before its strings load: its file's facts. */
export type LanguageFacts = Pick<Locale, 'code' | 'name' | 'dir' | 'ogLocale'> & {
  awaitingReview: boolean;
  pseudo: boolean;
};

/** Every language file's facts, English first, then by code; then the generated pseudo-locales. */
export async function languageFacts(): Promise<LanguageFacts[]> {
  const files = readdirSync(LOCALES_DIR)
    .filter((name) => name.endsWith('.ts'))
    .sort((a, b) => (a === 'en.ts' ? -1 : b === 'en.ts' ? 1 : a.localeCompare(b)));
  const facts: LanguageFacts[] = [];
  for (const file of files) {
    const { default: locale } = (await tsImport(pathToFileURL(`${LOCALES_DIR}/${file}`).href, import.meta.url)) as {
      default: Locale;
    };
    if (`${locale.code}.ts` !== file)
      throw new Error(`${file} says its code is ${locale.code}: name the file ${locale.code}.ts`);
    const { code, name, dir, ogLocale } = locale;
    facts.push({ code, name, dir, ogLocale, awaitingReview: locale.awaitingReview === true, pseudo: false });
  }
  const pseudo = (await tsImport(
    fileURLToPath(import.meta.resolve('@dayfocus/contracts/pseudo-locales')),
    import.meta.url,
  )) as typeof PseudoLocales;
  for (const { code, name, dir, ogLocale } of pseudo.pseudoLanguages)
    facts.push({ code, name, dir, ogLocale, awaitingReview: false, pseudo: true });
  return facts;
}

export function languagesPlugin(): Plugin {
  return {
    name: 'dayfocus-languages',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      // An edited file changes its facts (a new file needs a restart of the dev server); the
      // functions' words (server/) hold none.
      for (const file of readdirSync(LOCALES_DIR).filter((name) => name.endsWith('.ts')))
        this.addWatchFile(`${LOCALES_DIR}/${file}`);
      return `export const languages = ${JSON.stringify(await languageFacts())};\n`;
    },
  };
}
