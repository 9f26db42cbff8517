/**
 * The invite card's own text fitting (no layout engine draws it): lines break between words, an
 * ellipsis cuts between graphemes, a bidi override goes on to the next line. Measured here by a
 * stand-in that gives every visible grapheme 10 units, so each case reads as characters.
 */
import { describe, expect, it } from 'vitest';
import { ELLIPSIS, fitOneLine, wrapLines } from '../../src/invite-cards/domain/text-fit.js';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// The invisible format characters (bidi overrides) take no room, as in a real font.
const count = (text: string) => [...graphemes.segment(text.replace(/\p{Cf}/gu, ''))].length;
const measure = (text: string) => 10 * count(text);

describe('fitting a text to its box', () => {
  it('keeps a text that fits as it is', () => {
    expect(fitOneLine('Asha Verma', 100, measure)).toBe('Asha Verma');
  });

  it('cuts a long one with an ellipsis, within the width', () => {
    const fitted = fitOneLine('Asha Verma Kumari', 100, measure);
    expect(fitted).toBe(`Asha Verm${ELLIPSIS}`);
    expect(measure(fitted)).toBeLessThanOrEqual(100);
  });

  it('drops the space before the ellipsis', () => {
    expect(fitOneLine('Asha Verma Kumari', 60, measure)).toBe(`Asha${ELLIPSIS}`);
  });

  it.each([
    ['conjuncts and vowel signs', 'क्षितिज श्रीवास्तव ज्ञानेश त्रिपाठी'],
    ['emoji sequences', '👩🏽‍💻👨‍👩‍👧🇮🇳🌸👍🏿👩🏽‍💻👨‍👩‍👧🇮🇳'],
  ])('never splits a grapheme: %s', (_, text) => {
    for (let width = 20; width < measure(text); width += 10) {
      const fitted = fitOneLine(text, width, measure);
      const kept = [...graphemes.segment(fitted.slice(0, -ELLIPSIS.length))].map((part) => part.segment);
      expect([...graphemes.segment(text)].map((part) => part.segment).slice(0, kept.length)).toEqual(kept);
    }
  });

  it('breaks lines between words, and cuts only the last', () => {
    expect(wrapLines('Asha Verma invited you to Dayfocus', 120, 2, measure, 'en')).toEqual([
      'Asha Verma',
      `invited you${ELLIPSIS}`,
    ]);
    expect(wrapLines('Asha Verma invited you to Dayfocus', 200, 3, measure, 'en')).toEqual([
      'Asha Verma invited',
      'you to Dayfocus',
    ]);
  });

  it('breaks Hindi between its words too', () => {
    const lines = wrapLines('आशा वर्मा ने आपको Dayfocus पर आमंत्रित किया है', 100, 6, measure, 'hi');
    expect(lines.join(' ')).toBe('आशा वर्मा ने आपको Dayfocus पर आमंत्रित किया है');
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(100);
  });

  it('cuts a word longer than the line', () => {
    expect(wrapLines('Supercalifragilistic is long', 100, 1, measure, 'en')).toEqual([`Supercali${ELLIPSIS}`]);
  });

  it('opens a right-to-left override again on the next line', () => {
    const [first, second] = wrapLines('Asha \u202einvited you\u202c to', 120, 2, measure, 'en');
    expect(first).toBe('Asha \u202einvited');
    expect(second).toBe('\u202eyou\u202c to');
  });
});
