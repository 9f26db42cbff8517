/**
 * Whether two spellings name one mailbox for a proof of it. Domains are case-insensitive, and the
 * addresses Auth keeps are lower-cased ASCII; a local part is the mail server's to read, so only
 * ASCII letters fold. Unicode's folding would make a token for `\u212Ap@x` (KELVIN SIGN) prove `kp@x`:
 * a non-ASCII character proves only itself.
 */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return asciiLower(a) === asciiLower(b);
}

const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
