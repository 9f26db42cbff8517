/**
 * Display names from anywhere (typed, an identity provider's token, an Auth account, a
 * record the app wrote) end up in pages, pushes and history entries. Typed names are
 * validated and refused when they break a rule; names we cannot refuse are cleaned to the
 * same rules: no markup, no control characters, trimmed, at most NAME_MAX_LENGTH, and the
 * generic name when nothing is left.
 */
import { brand } from './brand.js';
import { NAME_MAX_LENGTH } from './limits.js';

const TAG = /<[^<>]*>/g;
const ANGLE_BRACKET = /[<>]/g;
// C0 and C1 control characters and the bidirectional overrides/isolates that can reorder
// the text around a name in a push.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The longest prefix of `text` within `max` UTF-16 units that does not split a character. */
function truncate(text: string, max: number): string {
  let result = '';
  for (const character of text) {
    if (result.length + character.length > max) break;
    result += character;
  }
  return result;
}

/** The name as it may be stored and shown; the generic display name when nothing usable is left. */
export function cleanDisplayName(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : '';
  const cleaned = text.replace(TAG, ' ').replace(ANGLE_BRACKET, ' ').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const short = truncate(cleaned, NAME_MAX_LENGTH).trim();
  return short.length > 0 ? short : brand.genericDisplayName;
}
