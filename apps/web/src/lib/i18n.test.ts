// The language switch's order: what the person chose last is what the page ends in, whichever
// language's strings arrive first.
import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n, LANGUAGE_STORAGE_KEY } from './i18n';

describe('changeLanguage', () => {
  it('lets a later choice win over an earlier one whose strings were still loading', async () => {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    const i18n = await createI18n('en');
    // Hindi is a chunk to load; English is in the bundle and applies at once.
    const hindi = changeLanguage(i18n, 'hi');
    const english = changeLanguage(i18n, 'en');
    expect(await Promise.all([hindi, english])).toEqual([false, true]);
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    // The overtaken bundle is kept: choosing Hindi again needs no second load.
    expect(i18n.hasResourceBundle('hi', 'translation')).toBe(true);
  });

  it('applies each choice made one after the other', async () => {
    const i18n = await createI18n('en');
    expect(await changeLanguage(i18n, 'hi')).toBe(true);
    expect(i18n.language).toBe('hi');
    expect(await changeLanguage(i18n, 'en')).toBe(true);
    expect(i18n.language).toBe('en');
  });
});
