/**
 * A code she can say (docs/inviter-view.md, "A code she can say"): every invite link has one of 8
 * characters from Crockford's base32 alphabet (digits and capitals without I, L, O and U), shown in
 * two groups of four (`K7QX-4M2P`). Typed back, it is read as a person would mean it: in any case,
 * O for 0, I or L for 1, with or without the hyphen or spaces. 8 characters are 40 random bits:
 * 1,099,511,627,776 codes.
 */
import { base32crockford } from '@scure/base';

/** The characters of a code, without the hyphen. */
export const SPOKEN_CODE_LENGTH = 8;
/** The random bytes of a code: 5 bytes are 40 bits, 8 characters of 5 bits. */
const SPOKEN_CODE_BYTES = 5;
/** What a person may type: the code's characters in any case, hyphens and spaces between them. */
const TYPED_MAX_LENGTH = 24;
const SEPARATORS = /[\s-]+/g;

/** A new code, canonical (capitals, no hyphen): the key it is stored under. */
export function newSpokenCode(randomBytes: (size: number) => Uint8Array): string {
  return base32crockford.encode(randomBytes(SPOKEN_CODE_BYTES));
}

/** The code as shown and said: `K7QX-4M2P`. */
export function groupedSpokenCode(code: string): string {
  return `${code.slice(0, SPOKEN_CODE_LENGTH / 2)}-${code.slice(SPOKEN_CODE_LENGTH / 2)}`;
}

/**
 * What a person typed, as the canonical code, or null when it cannot be one (a wrong length, a
 * character outside the alphabet, such as U).
 */
export function spokenCodeOf(typed: string): string | null {
  if (typed.length > TYPED_MAX_LENGTH) return null;
  const bare = typed.replace(SEPARATORS, '');
  if (bare.length !== SPOKEN_CODE_LENGTH) return null;
  try {
    return base32crockford.encode(base32crockford.decode(bare));
  } catch {
    return null;
  }
}
