import { describe, expect, it } from 'vitest';
import { choosePageLanguage } from './page-language';

const both = {
  portalLanguages: ['en', 'hi'],
};
const englishOnly = { portalLanguages: ['en'] };

describe('the language of a server-drawn page', () => {
  it('is the one the address asks for, when it is offered', () => {
    expect(choosePageLanguage(both, 'en', 'hi-IN')).toEqual({ language: 'en', negotiated: false });
    expect(choosePageLanguage(both, 'hi', undefined)).toEqual({ language: 'hi', negotiated: false });
  });

  it('else the first offered one the browser accepts, by its q-values, else English', () => {
    expect(choosePageLanguage(both, undefined, 'hi-IN,hi;q=0.9,en;q=0.8').language).toBe('hi');
    expect(choosePageLanguage(both, undefined, 'en-IN,en;q=0.9,hi;q=0.8').language).toBe('en');
    expect(choosePageLanguage(both, undefined, 'fr-FR,hi;q=0.5,en;q=0.4').language).toBe('hi');
    expect(choosePageLanguage(both, undefined, 'en;q=0.4, hi;q=0.8').language).toBe('hi');
    expect(choosePageLanguage(both, undefined, 'hi;q=0, en').language).toBe('en');
    expect(choosePageLanguage(both, 'fr', 'hi-IN')).toEqual({ language: 'hi', negotiated: true });
    expect(choosePageLanguage(both, undefined, undefined)).toEqual({ language: 'en', negotiated: true });
  });

  it('takes the browser tag itself before its primary subtag, and reads a tag as a person writes it', () => {
    const pseudo = { portalLanguages: ['en', 'en-XA', 'hi'] };
    expect(choosePageLanguage(pseudo, undefined, 'en-XA,en;q=0.5').language).toBe('en-XA');
    expect(choosePageLanguage(pseudo, undefined, 'en-GB').language).toBe('en');
    expect(choosePageLanguage(pseudo, undefined, 'hi_IN').language).toBe('hi');
  });

  it('never speaks a language the configuration has switched off, asked or accepted', () => {
    expect(choosePageLanguage(englishOnly, 'hi', 'hi-IN').language).toBe('en');
  });
});
