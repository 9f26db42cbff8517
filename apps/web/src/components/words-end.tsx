/**
 * Ends the words of a box that centres a mark with them (class `mark-and-words`). A busy phone
 * draws what its parser has of a page: a box drawn with its mark alone put the mark in the middle,
 * then moved it aside as the words came (61 and 70 px, seen in fresh runs). Until this marker has
 * been parsed, such a box draws its own outline and nothing of its content (styles.css).
 */
export function WordsEnd() {
  return <span className="words-end" />;
}
