// Every language file against English (src/testing/locale-checks.ts), and each check
// shown to catch a file broken its way.
import en, { type Locale } from '@dayfocus/contracts/locales/en';
import hi from '@dayfocus/contracts/locales/hi';
import { glossary } from '@/testing/glossary';
import { glossaryProblems, localeProblems } from '@/testing/locale-checks';
import { pseudoLanguages, pseudoLocale } from '@dayfocus/contracts/pseudo-locales';
import { describe, expect, it } from 'vitest';
import { languages } from 'virtual:dayfocus-languages';

const files = import.meta.glob<Locale>('@locales/*.ts', {
  import: 'default',
  eager: true,
});

/** A copy of Hindi's file with `change` made to it. */
function brokenHindi(
  change: (copy: Locale & { web: Record<string, Record<string, string | undefined>> }) => void,
): Locale {
  const copy = structuredClone(hi) as Locale & { web: Record<string, Record<string, string | undefined>> };
  change(copy);
  return copy;
}

/** Hindi's file with one web string set (or taken out, as undefined). */
function withWeb(section: string, key: string, value: string | undefined): Locale {
  return brokenHindi((copy) => {
    const strings = Object.entries(copy.web[section] ?? {}).filter(([name]) => name !== key);
    copy.web[section] = Object.fromEntries(value === undefined ? strings : [...strings, [key, value]]);
  });
}

describe('the language files', () => {
  it('are one file a language, each named by its code, English first', () => {
    const codes = Object.values(files).map((locale) => locale.code);
    expect(Object.keys(files).map((path) => path.split('/').pop())).toEqual(codes.map((code) => `${code}.ts`));
    expect(languages[0]?.code).toBe('en');
    expect(
      languages
        .filter((language) => !language.pseudo)
        .map((language) => language.code)
        .sort(),
    ).toEqual(codes.sort());
  });

  for (const locale of Object.values(files))
    it(`${locale.code} (${locale.name}) has English's keys, values and its own plural forms and direction`, () => {
      expect(localeProblems(en, locale)).toEqual([]);
    });

  for (const { code } of pseudoLanguages)
    it(`the pseudo-locale ${code} holds as a file would`, () => {
      expect(localeProblems(en, pseudoLocale(en, code))).toEqual([]);
    });
});

describe('the glossary (docs/languages.md): one word for one thing, one register', () => {
  for (const [code, entries] of Object.entries(glossary))
    it(`${code} uses its glossary's words in every string, web and server`, () => {
      const locale = Object.values(files).find((file) => file.code === code);
      expect(locale, `no language file for ${code}`).toBeDefined();
      if (locale) expect(glossaryProblems(locale, entries)).toEqual([]);
    });

  it('catches a second word for the invitation, and a Tamil -ங்கள் request beside the plural of a noun', () => {
    const second = withWeb('invitation', 'unknownHelp', 'अपने दोस्त से आमंत्रण लिंक फिर से भेजने को कहें।');
    expect(glossaryProblems(second, glossary.hi ?? [])).toEqual([
      'web.invitation.unknownHelp: says invitation otherwise than "निमंत्रण" (a second word for the same invitation (the pushes say निमंत्रण))',
    ]);
    const tamil = Object.values(files).find((file) => file.code === 'ta');
    if (!tamil) throw new Error('no Tamil file');
    const warmer = structuredClone(tamil) as Locale & { web: Record<string, Record<string, string>> };
    (warmer.web.confirmEmail as Record<string, string>).codeHint = '6 இலக்கங்கள். மின்னஞ்சலைப் பாருங்கள்.';
    expect(glossaryProblems(warmer, glossary.ta ?? [])).toEqual([
      'web.confirmEmail.codeHint: says a request to the reader (the register) otherwise than "-வும் (செய்யவும், திறக்கவும்)" (the -ங்கள் imperative is a second, warmer register)',
    ]);
  });
});

describe('each check catches a file broken its way', () => {
  it('a missing key, and a key English does not have', () => {
    const missing = withWeb('signUp', 'email', undefined);
    expect(localeProblems(en, missing)).toEqual(['web.signUp.email: missing']);
    const extra = withWeb('signUp', 'fax', 'फ़ैक्स');
    expect(localeProblems(en, extra)).toEqual(['web.signUp.fax: English has no such key']);
  });

  it('a value renamed, dropped or added', () => {
    const renamed = withWeb('invitation', 'pictureAlt', '{{naam}} की प्रोफ़ाइल फ़ोटो');
    expect(localeProblems(en, renamed)).toEqual([
      'web.invitation.pictureAlt: takes {{naam}} where English takes {{name}}',
    ]);
    const dropped = withWeb('invitation', 'pictureAlt', 'प्रोफ़ाइल फ़ोटो');
    expect(localeProblems(en, dropped)).toEqual(['web.invitation.pictureAlt: takes {{}} where English takes {{name}}']);
    const added = withWeb('app', 'retry', '{{name}} फिर से');
    expect(localeProblems(en, added)).toEqual(['web.app.retry: takes {{name}} where English takes {{}}']);
  });

  it('a suffix joined to a value by a bare hyphen, where a line could end', () => {
    const bare = withWeb('invitation', 'pictureAlt', '{{name}}-இன் சுயவிவரப் படம்');
    expect(localeProblems(en, bare)).toEqual([
      'web.invitation.pictureAlt: joins a suffix to a value by a bare hyphen; write "-\\u2060" (a word joiner)',
    ]);
    expect(localeProblems(en, withWeb('invitation', 'pictureAlt', '{{name}}-\u2060இன் சுயவிவரப் படம்'))).toEqual([]);
  });

  it('plural forms that are not the language’s own: one missing, or one it does not have', () => {
    const server = (copy: Locale) => copy.server.push as Record<string, string>;
    const lacking = brokenHindi((copy) => delete server(copy).friendJoinSummary_one);
    expect(localeProblems(en, lacking)).toEqual([
      'server.push.friendJoinSummary: plural forms other, where hi has one, other',
    ]);
    const extra = brokenHindi((copy) => (server(copy).friendJoinSummary_few = '{{name}} और {{count}} अन्य'));
    expect(localeProblems(en, extra)).toEqual([
      'server.push.friendJoinSummary: plural forms few, one, other, where hi has one, other',
    ]);
    // Hindi's two forms in a language of six (Arabic).
    const twoOfSix = { ...hi, code: 'ar', dir: 'rtl', ogLocale: 'ar_EG' } as const;
    expect(localeProblems(en, twoOfSix)).toEqual([
      'server.push.friendJoinSummary: plural forms one, other, where ar has few, many, one, other, two, zero',
    ]);
  });

  it('a direction that is not the script’s, and a code that is not a language tag', () => {
    expect(localeProblems(en, { ...hi, dir: 'rtl' })).toEqual(['dir: rtl, where hi is written ltr']);
    expect(localeProblems(en, { ...hi, code: 'ar', ogLocale: 'ar_EG' })).toContain('dir: ltr, where ar is written rtl');
    expect(localeProblems(en, { ...hi, code: 'HI_in' })[0]).toMatch(/^code "HI_in" is not a canonical language tag/);
    expect(localeProblems(en, { ...hi, ogLocale: 'hindi' })).toEqual(['ogLocale: hindi is not language_TERRITORY']);
  });
});
