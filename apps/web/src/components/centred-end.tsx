/**
 * Ends a box that centres its content together (class `centred-together`): a button's mark and
 * words, a row of links. A busy phone draws what its parser has of a page, and such a box drawn with
 * part of its content put that part in the middle, then moved it aside as the rest came (61 and 70
 * px, seen in fresh runs). Until this marker, a direct child after the content the server draws, has
 * been parsed, the box draws its own outline and nothing of its content (styles.css).
 */
export function CentredEnd() {
  return <span className="centred-end" />;
}
