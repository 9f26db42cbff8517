/**
 * The pseudo-locales Android and Chromium test with, generated from English (never written by
 * hand, never deployed: tools/deploy refuses them): `en-XA`, accented English about 40 % longer,
 * which shows a string that escaped translation (plain English) and a layout that breaks on
 * longer words; `ar-XB`, English forced right to left, which shows a layout that does not mirror.
 * The local stack switches them on (apps/web/public/config.json).
 */
import { brand } from './brand.js';
import { pluralCategories, type LocaleFile } from './locale.js';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTS = [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'];
const accent = (char: string) => ACCENTS[PLAIN.indexOf(char)] ?? char;
const FILLER = ' ŀöŕéɱ îþšûɱ đöŀöŕ šîţ åɱéţ çöñšéçţéţûŕ';
/** Right-to-left override and pop: the run shows right to left, as Arabic text would. */
const RLO = '\u202e';
const PDF = '\u202c';
const RLM = '\u200f';

export const pseudoLanguages = [
  { code: 'en-XA', name: '[Éñĝļîšĥ]', dir: 'ltr', ogLocale: 'en_XA' },
  { code: 'ar-XB', name: `${RLM}${RLO}English${PDF}${RLM}`, dir: 'rtl', ogLocale: 'ar_XB' },
] as const;
export type PseudoCode = (typeof pseudoLanguages)[number]['code'];

export function isPseudoCode(code: string): code is PseudoCode {
  return pseudoLanguages.some((language) => language.code === code);
}

/**
 * Names no language translates (the product's, the stores' and the sign-in providers'), which
 * the pseudo-locales keep as every file keeps them: a page shows them in their own spelling.
 */
export const untranslatedNames = [brand.productName, 'Google Play', 'App Store', 'Google', 'Apple', 'QR', 'URL'];
const KEPT_OR_VALUE = new RegExp(`(\\{\\{[^}]+\\}\\}|${untranslatedNames.join('|')})`);

/** The text outside `{{values}}` and kept names, changed by `change`; those stay as they are. */
function eachRun(text: string, change: (run: string) => string): string {
  return text
    .split(KEPT_OR_VALUE)
    .map((part, index) => (index % 2 === 1 || part === '' ? part : change(part)))
    .join('');
}

function accented(text: string): string {
  if (text === '') return text;
  const body = eachRun(text, (run) => [...run].map(accent).join(''));
  // A string of names and values alone (the product's name) is what every language writes as is.
  if (body === text) return text;
  const padding = Math.ceil(text.length * 0.4);
  return `[${body}${FILLER.repeat(Math.ceil(padding / FILLER.length)).slice(0, padding)}]`;
}

function mirrored(text: string): string {
  return text === '' ? text : eachRun(text, (run) => `${RLM}${RLO}${run}${PDF}${RLM}`);
}

type Tree = { [key: string]: string | Tree };

/** Every string of `tree` changed; a plural key gets every category `code` has (its `_other` for the rest). */
function mapStrings(tree: Tree, code: string, change: (text: string) => string): Tree {
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value !== 'string') out[key] = mapStrings(value, code, change);
    else if (key.endsWith('_other')) {
      const base = key.slice(0, -'_other'.length);
      for (const category of categories) {
        const source = tree[`${base}_${category}`];
        out[`${base}_${category}`] = change(typeof source === 'string' ? source : value);
      }
    } else if (!pluralCategories.some((category) => key.endsWith(`_${category}`))) out[key] = change(value);
  }
  return out;
}

export function pseudoLocale<Web, Server>(english: LocaleFile<Web, Server>, code: PseudoCode): LocaleFile<Web, Server> {
  const [xa, xb] = pseudoLanguages;
  const facts = code === xa.code ? xa : xb;
  const change = code === xa.code ? accented : mirrored;
  return {
    ...facts,
    pseudo: true,
    web: mapStrings(english.web as Tree, code, change) as Web,
    server: mapStrings(english.server as Tree, code, change) as Server,
  };
}
