/**
 * Text that fits its box, for a drawer that has no layout of its own: a width function in, the
 * text to draw out. Lines break between words (Intl.Segmenter's word boundaries, in the text's
 * language) and a text that still does not fit ends with an ellipsis, cut between graphemes, so
 * that no conjunct (क्ष), vowel sign or emoji is ever split.
 */

export type Measure = (text: string) => number;

export const ELLIPSIS = '…';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The bidi embeddings and overrides that a line may leave open (LRE, RLE, LRO, RLO), and their end (PDF). */
const OPENERS = '\u202a\u202b\u202d\u202e';
const POP = '\u202c';

/** `text` as it is when it fits in `maxWidth`; else its longest start that fits with an ellipsis. */
export function fitOneLine(text: string, maxWidth: number, measure: Measure): string {
  if (measure(text) <= maxWidth) return text;
  const parts = Array.from(graphemes.segment(text), (part) => part.segment);
  const withEllipsis = (count: number) => `${parts.slice(0, count).join('').trimEnd()}${ELLIPSIS}`;
  // The widest count that fits, by halving: widths grow with the count.
  let fits = 0;
  let fails = parts.length;
  while (fails - fits > 1) {
    const middle = Math.floor((fits + fails) / 2);
    if (measure(withEllipsis(middle)) <= maxWidth) fits = middle;
    else fails = middle;
  }
  return withEllipsis(fits);
}

/**
 * The words of `text` with the spaces after each (and the invisible bidi marks beside them): a
 * line may break only after a space.
 */
function breakableChunks(text: string, language: string): string[] {
  const chunks: string[] = [];
  for (const { segment } of new Intl.Segmenter(language, { granularity: 'word' }).segment(text)) {
    const last = chunks.at(-1);
    const spaceOnly = /^[\s\p{Cf}]+$/u.test(segment);
    if (last !== undefined && (spaceOnly || !/\s\p{Cf}*$/u.test(last))) chunks[chunks.length - 1] = last + segment;
    else chunks.push(segment);
  }
  return chunks;
}

/**
 * `text` in at most `maxLines` lines of `maxWidth`, broken between words; what the last line cannot
 * hold is cut with an ellipsis (a word longer than a line, too). Each line is drawn as a paragraph
 * of its own, so a bidi override still open at a line's end opens the next line again.
 */
export function wrapLines(
  text: string,
  maxWidth: number,
  maxLines: number,
  measure: Measure,
  language: string,
): string[] {
  const chunks = breakableChunks(text, language);
  const lines: string[] = [];
  let current = '';
  for (const [index, chunk] of chunks.entries()) {
    if (lines.length === maxLines - 1) {
      // The last line takes the rest, to be cut below.
      current += chunks.slice(index).join('');
      break;
    }
    if (current === '' || measure((current + chunk).trimEnd()) <= maxWidth) current += chunk;
    else {
      lines.push(current.trimEnd());
      current = chunk;
    }
  }
  lines.push(current.trimEnd());
  const fitted = lines.map((line) => fitOneLine(line, maxWidth, measure));
  return carryEmbeddings(fitted);
}

/** Each line with the embeddings the lines before it left open, opened again at its start. */
function carryEmbeddings(lines: string[]): string[] {
  const open: string[] = [];
  return lines.map((line) => {
    const carried = open.join('') + line;
    for (const char of line) {
      if (OPENERS.includes(char)) open.push(char);
      else if (char === POP) open.pop();
    }
    return carried;
  });
}
