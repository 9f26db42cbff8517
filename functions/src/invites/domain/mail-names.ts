/**
 * Whether our verification mail may name the inviter. The mail goes out from our domain to an
 * address the invitee typed, and the inviter's name is whatever their record holds, so a name
 * such as "Refund held, call 0800 123" would put a stranger's message in a mail we sign. The page
 * and the push show names as cleanDisplayName leaves them; the mail is stricter: it names only
 * what reads as a person's name, and otherwise says "A friend" (the caller's words). Pure.
 */
import { brand } from '@dayfocus/contracts/brand';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import unhomoglyph from 'unhomoglyph';
import type { ServerText } from '../../platform/domain/server-text.js';

/**
 * The longest name the mail gives, in characters as a reader counts them (grapheme clusters, so
 * that a Tamil or Devanagari syllable of several code points counts once). Forty holds a given
 * name and a family name or two, keeps the subject line within what a phone shows, and leaves
 * little room for a sentence.
 */
export const MAIL_NAME_MAX_LENGTH = 40;

// A number of any kind and any script (ASCII, Devanagari, Bengali, Tamil digits, Roman numeral
// signs, fractions): a name has none, and a phone number or an amount is made of them.
const NUMBER = /\p{N}/u;
// A currency sign of any kind ($, ₹, €, ৳, ...): a name has none, a promise of money does.
const CURRENCY = /\p{Sc}/u;
// An address or a link: an at sign, a scheme, `www.`.
const ADDRESS = /@|:\/\/|www\./iu;
// A dotted domain-like token (`x.com`, `refund.zz`), whether or not its ending is a real
// top-level domain: a letter, a dot, then two letters. Initials (`J.R.R. Tolkien`) and a dot
// before a space (`Dr. Rao`) pass.
const DOMAIN_LIKE = /[\p{L}\p{M}\p{N}]\.[\p{L}\p{M}]{2}/u;
// The ideographic full stop and its full-width and half-width forms, which phones and browsers
// read as a domain's dot.
const DOMAIN_DOTS = /[\u3002\uff0e\uff61]/g;
// A dot drawn as a middle dot (the skeleton draws the bullet, the hyphenation point and the
// katakana middle dot so) before a Latin ending, as a reader takes `paypal·com`. Before the letters
// of another script it parts a given name from a family name (ジョン・スミス).
const MIDDLE_DOT_DOMAIN = /[\p{L}\p{M}\p{N}]\u00b7\p{Script=Latin}{2}/u;
// A dot written so that no link detector sees it: `[.]`, `(.)`, `[dot]`, `{dot}` (a word in
// parentheses may be a nickname: Dorothy (Dot) Smith).
const HIDDEN_DOT = /[[({<]\s*[.\u00b7]\s*[\])}>]|[[{]\s*dot\s*[\]}]/iu;

const RULES = [NUMBER, CURRENCY, ADDRESS, DOMAIN_LIKE, MIDDLE_DOT_DOMAIN, HIDDEN_DOT];

/**
 * The text as it is drawn: its skeleton (Unicode TS #39: decomposed, each character replaced by
 * the one it looks like in Unicode's confusables list, decomposed again). A reader sees `Ƽ` as a
 * 5, a Cyrillic `о` as an o, `∕` as a slash, whatever they are. The rules read the name both ways:
 * the skeleton draws a 0 and a 1 as the letters O and l. In the scripts of the product's languages
 * it turns signs and letters into other letters, marks or a colon (the visarga), none of which a
 * rule refuses in a name. Letters of other scripts drawn as digits (Cyrillic б and З, Latin ezh Ʒ)
 * give a name such as Глеб a digit, and the mail says "A friend" (the page and the push still name
 * her). The list is unhomoglyph's, Unicode 13's: characters added since are read as themselves.
 */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function readerLength(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/**
 * Null: the mail says "A friend". The rules read the name NFKC-folded (full-width `０８００` and `＠`,
 * circled `①`) and as its skeleton, so that lookalikes are caught as what they look like.
 */
export function inviterNameForMail(stored: string | null): string | null {
  const name = stored === null ? '' : cleanDisplayName(stored);
  // cleanDisplayName falls back to the product's generic name, which names nobody in a mail.
  if (name === '' || name === brand.genericDisplayName) return null;
  const folded = name.normalize('NFKC').replace(DOMAIN_DOTS, '.');
  const drawn = skeleton(folded);
  const messageLike = RULES.some((rule) => rule.test(folded) || rule.test(drawn));
  return messageLike || readerLength(name) > MAIL_NAME_MAX_LENGTH ? null : name;
}

/** Who invited, as a mail of the invites says it: her name when it may be given, else "A friend". */
export function inviterForMail(stored: string | null, text: ServerText): string {
  return inviterNameForMail(stored) ?? text.t('verificationMail.someone');
}
