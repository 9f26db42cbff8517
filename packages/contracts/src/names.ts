/**
 * Display names from anywhere (typed, an identity provider's token, an Auth account, a
 * record the app wrote) end up in pages, pushes and history entries. Typed names are
 * validated and refused when they break a rule; names we cannot refuse are cleaned to the
 * same rules: no markup, no control characters, no links, trimmed, at most NAME_MAX_LENGTH,
 * and the generic name when nothing is left.
 */
import { LinkifyIt } from 'linkify-it';
import tlds from 'tlds';
import { brand } from './brand.js';
import { NAME_MAX_LENGTH } from './limits.js';

const TAG = /<[^<>]*>/g;
const ANGLE_BRACKET = /[<>]/g;
// C0 and C1 control characters.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// Every invisible format character (Unicode's Cf: the bidirectional overrides and isolates that
// can reorder the text around a name in a push, the marks LRM and RLM, the zero-width space,
// joiners and word joiner, the byte-order mark, the soft hyphen), and every other character
// Unicode lists as Default_Ignorable_Code_Point, which shows nothing: the combining grapheme
// joiner (U+034F), the variation selectors (U+FE00-FE0F, U+E0100-E01EF), the Khmer inherent vowels
// (U+17B4, U+17B5), the Mongolian free variation selectors (U+180B-180F), the tags. Joiners shape
// a few Devanagari conjuncts and emoji sequences; without them the same letters show, a little
// differently, and a name cannot be made of nothing visible.
const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
// The same, except the emoji and text presentation selectors right after a character that has
// both forms (`❤️`): there they choose how it shows, and alone they are dropped with the rest.
const INVISIBLE = /(?<!\p{Emoji})[\ufe0e\ufe0f]|(?![\ufe0e\ufe0f])[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
// Blank letters that show as nothing: the Hangul fillers and the blank Braille pattern.
const BLANK = /[\u115f\u1160\u3164\uffa0\u2800]/g;

// Links as people and phones recognise them: with a scheme, `www.`, any top-level domain IANA
// lists (`evil.com`, `pay.in`, `win.app`), an e-mail address or an IP address.
const links = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true }).tlds(tlds, true);

// The ideographic full stop, its full-width and half-width forms: IDNA (UTS #46) reads each as a
// domain's dot, and so do browsers and the link detection of phones (`evil。com` opens evil.com).
const DOMAIN_DOTS = /[\u3002\uff0e\uff61]/g;

/**
 * The text as an address bar would read it: compatibility forms folded (NFKC turns full-width
 * letters and digits into ASCII ones), every invisible character gone, every dot a dot.
 */
function asAddressBarReadsIt(text: string): string {
  return text.normalize('NFKC').replace(IGNORABLE, '').replace(DOMAIN_DOTS, '.');
}

/**
 * Whether a name carries a link or link-like text. A name goes into the inviter's push and
 * history ("Asha has accepted your invitation"), so a link there would put a stranger's address
 * in front of someone who trusts the sender (docs/joins.md, G).
 */
export function carriesLink(name: string): boolean {
  return links.test(asAddressBarReadsIt(name));
}

/** The longest prefix of `text` within `max` UTF-16 units that does not split a character. */
function truncate(text: string, max: number): string {
  let result = '';
  for (const character of text) {
    if (result.length + character.length > max) break;
    result += character;
  }
  return result;
}

/**
 * What a name shows, cleaned (no markup, no control or invisible characters, white
 * space folded and trimmed) but not shortened; empty when nothing visible is left. The typed
 * name's rules (requests.ts) measure this.
 */
export function visibleName(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : '';
  return text
    .replace(TAG, ' ')
    .replace(ANGLE_BRACKET, ' ')
    .replace(CONTROL, ' ')
    .replace(BLANK, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The name as it may be stored and shown; the generic display name when nothing usable is left,
 * or when the name carries a link (typed names with one are refused instead).
 */
export function cleanDisplayName(raw: unknown): string {
  const short = truncate(visibleName(raw), NAME_MAX_LENGTH).trim();
  return short.length > 0 && !carriesLink(short) ? short : brand.genericDisplayName;
}

/**
 * What a name a person gives may not hold: angle brackets would let it carry markup into pages,
 * e-mails and pushes; control characters break push and log lines.
 */
// eslint-disable-next-line no-control-regex
export const NAME_FORBIDDEN = /[<>\u0000-\u001f\u007f]/;
