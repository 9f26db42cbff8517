/**
 * The invite card as a list of things to draw: what card-layout.ts places, with the words of the
 * card's language fitted to their boxes and, for a right-to-left language, mirrored. A drawer
 * (adapters/card-drawer.ts) paints it; the fitting measures with the drawer's own fonts.
 */
import { brand } from '@dayfocus/contracts/brand';
import { initialsOf } from '@dayfocus/contracts/initials';
import type { Locale } from '@dayfocus/contracts/locales/en';
import {
  barBox,
  baselineIn,
  CARD_WIDTH,
  cardColours,
  LINE_GAP,
  lineBox,
  markBox,
  nameBox,
  portraitBox,
  productNameBox,
  type TextBox,
} from './card-layout.js';
import { fitOneLine, wrapLines } from './text-fit.js';

export type Direction = 'ltr' | 'rtl';

export interface CardWords {
  name: string;
  /** Her initials as the pages draw them (empty for a name without letters). */
  initials: string;
  /**
   * The invitation's line (the link preview's title, `invitation.previewTitle`) with her name in
   * it: the name as the card shows it, so that a name cut short leaves the rest of the line room.
   */
  line: (shownName: string) => string;
  /**
   * The line's words after her name, when the language starts it with her name ("invited you to
   * Dayfocus", "ने आपको Dayfocus पर आमंत्रित किया है"): the card shows the name in bold and goes on
   * with these, one sentence, the name said once. Null when the name does not start the line.
   */
  rest: string | null;
  /** BCP 47, for its word breaks. */
  language: string;
  direction: Direction;
}

export function cardWords(name: string, locale: Locale): CardWords {
  const shown = name.trim();
  const title = locale.web.invitation.previewTitle;
  const at = title.indexOf('{{name}}');
  const rest = at >= 0 && title.slice(0, at).trim() === '' ? title.slice(at + '{{name}}'.length).trim() : '';
  return {
    name: shown,
    initials: initialsOf(shown),
    line: (shownName) => title.replaceAll('{{name}}', () => shownName),
    rest: rest === '' || rest.includes('{{name}}') ? null : rest,
    language: locale.code,
    direction: locale.dir,
  };
}

/** A line of text to draw: `x` is its start edge in its direction (its centre when centred). */
export interface TextRun {
  text: string;
  x: number;
  baseline: number;
  size: number;
  weight: 400 | 700;
  colour: string;
  direction: Direction;
  align: 'start' | 'center';
  /** Extra space between letters, in em. */
  spacing: number;
}

export interface CardScene {
  direction: Direction;
  background: string;
  /** The logo's square (top left corner and side). */
  logo: { x: number; y: number; size: number };
  /** The picture's circle, its ring, and the initials drawn on the brand's colour when there is no picture. */
  portrait: {
    cx: number;
    cy: number;
    radius: number;
    ring: number;
    ringColour: string;
    fill: string;
    initials: TextRun;
  };
  texts: TextRun[];
  bar: { y: number; height: number; colour: string };
}

export type FontMeasure = (text: string, size: number, weight: 400 | 700) => number;

export function inviteCardScene(words: CardWords, measure: FontMeasure): CardScene {
  const { direction } = words;
  // A box's start edge in the card's direction: its left edge, or its right edge mirrored.
  const start = (x: number) => (direction === 'rtl' ? CARD_WIDTH - x : x);
  const run = (box: TextBox, text: string, colour: string, line = 0): TextRun => ({
    text,
    x: start(box.x),
    baseline: baselineIn(top(box) + line * box.lineHeight, box.lineHeight, box.size),
    size: box.size,
    weight: box.weight,
    colour,
    direction,
    align: 'start',
    spacing: 0,
  });
  const width = (box: TextBox) => (text: string) => measure(text, box.size, box.weight);
  // The name in up to two lines, then the rest of the sentence; or, in a language whose line does
  // not start with the name, the name on one line and the whole line under it.
  const names =
    words.rest === null
      ? [fitOneLine(words.name, nameBox.width, width(nameBox))]
      : wrapLines(words.name, nameBox.width, nameBox.maxLines, width(nameBox), words.language);
  const sentence = words.rest ?? words.line(names[0] ?? '');
  const lines = wrapLines(sentence, lineBox.width, lineBox.maxLines, width(lineBox), words.language);
  // The name and the line together, centred on the picture's circle.
  const height = names.length * nameBox.lineHeight + LINE_GAP + lines.length * lineBox.lineHeight;
  const nameTop = portraitBox.cy - height / 2;
  const top = (box: TextBox) =>
    box === nameBox ? nameTop : box === lineBox ? nameTop + names.length * nameBox.lineHeight + LINE_GAP : box.top;
  const { cx, cy, radius, ring, initialsSize, initialsSpacing } = portraitBox;
  const logoX = direction === 'rtl' ? CARD_WIDTH - markBox.x - markBox.size : markBox.x;
  return {
    direction,
    background: cardColours.page,
    logo: { x: logoX, y: markBox.y, size: markBox.size },
    portrait: {
      cx: direction === 'rtl' ? CARD_WIDTH - cx : cx,
      cy,
      radius,
      ring,
      ringColour: cardColours.brandTint,
      fill: cardColours.brand,
      initials: {
        text: words.initials,
        x: direction === 'rtl' ? CARD_WIDTH - cx : cx,
        // Centred as the page's line-height 1 centres them: the em box's middle on the circle's.
        baseline: cy + initialsSize * (baselineIn(0, 1, 1) - 0.5),
        size: initialsSize,
        weight: 700,
        colour: cardColours.initials,
        direction,
        align: 'center',
        spacing: initialsSpacing,
      },
    },
    texts: [
      run(productNameBox, brand.productName, cardColours.ink),
      ...names.map((text, line) => run(nameBox, text, cardColours.ink, line)),
      ...lines.map((text, line) => run(lineBox, text, cardColours.inkSoft, line)),
    ],
    bar: { y: barBox.y, height: barBox.height, colour: cardColours.brand },
  };
}
