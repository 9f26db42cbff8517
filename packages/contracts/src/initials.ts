let graphemes: Intl.Segmenter | undefined;

/**
 * The first letter of the first and of the last word, as the reader sees letters (a Devanagari
 * letter with its vowel sign is one: "आशा वर्मा" gives "आव"), capitalised where the script has
 * capitals. A word without a letter (an emoji, a dash) is no word here, nor a mark before a word's
 * first letter: "ज्ञानेश त्रिपाठी 🙂" gives "ज्ञात्रि", "(Asha) Verma" "AV". The segmenter is made on
 * the first call: in a browser, the first one loads the grapheme data, a long task on a slow phone.
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
  const first = (word: string | undefined) => {
    if (!word) return '';
    graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (const { segment } of graphemes.segment(word)) if (/\p{L}/u.test(segment)) return segment;
    return '';
  };
  const letters = words.length > 1 ? first(words[0]) + first(words.at(-1)) : first(words[0]);
  return letters.toLocaleUpperCase();
}
