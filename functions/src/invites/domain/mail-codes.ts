/**
 * The short code the verification mail carries beside its link, typed where the person is (the
 * tab she signed up in, often an in-app browser): what it is, how it is kept, and when a try
 * counts. Pure (node:crypto only).
 *
 * - Six digits from the CSPRNG: typed on a phone's number pad, read aloud from a mail without
 *   ambiguity, and one in a million to guess.
 * - Kept only as an HMAC-SHA256 under a server key, over the account and the code: a leaked record
 *   (a backup, an export, a log) cannot be searched offline for its code without the key, and a
 *   digest names one account, so a code is bound to its account.
 * - One per account, the newest mail's: a new mail replaces it (its wrong tries go with it, the
 *   account's hour of wrong tries stays); a code is spent once.
 * - A right code is decided before any window counts: the limits below decide how long a code
 *   survives wrong tries, never whether a right one works. A code dies after WRONG_TRIES_PER_CODE
 *   wrong tries, and sooner when the account's wrong tries of the hour, across its codes, fill
 *   ACCOUNT_WRONG_TRIES: then each wrong try ends the code it was made on, and every further try
 *   needs a new mail, which the mailbox's own limits bound (mail-limits.ts).
 * - Wrong, expired, spent, replaced, void or unknown: one refusal, and a wrong try changes nothing
 *   but the counts. Only the code of one of the last few mails that a newer one replaced is told
 *   apart (`older`), so that the page can say that only the newest mail's code works: it is refused
 *   and counted as any wrong try, and what it tells a guesser, that a guess was a code no longer
 *   good, is worth nothing.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { withEventCounted, type RollingWindow } from '../../platform/domain/rolling-window.js';

export const MAIL_CODE_DIGITS = 6;

/**
 * How long a code works after its mail was made: 15 minutes. A mail reaches her inbox in seconds
 * and the code is typed in the tab she just left, so most codes are typed within two or three
 * minutes; 15 leave room for a slow mailbox or a look in the spam folder, and a code older than
 * that is of no more use to her than the link, which goes on working (and "send the e-mail
 * again" makes a new code). The guesses a code allows are bounded by its tries, not by time: what
 * a short life bounds is a mail left open, forwarded or leaked.
 */
export const MAIL_CODE_LIFE_MS = 15 * 60_000;

/** Wrong tries a code survives: five typos or misreadings, not a search (5 in a million). */
export const WRONG_TRIES_PER_CODE = 5;

/**
 * An account's wrong tries in any hour, across its codes, before each further wrong try ends its
 * code: two codes' worth. With the mailbox's five mails a day, at most 25 guesses a day reach any
 * code of one address, whoever signs up with it.
 */
export const ACCOUNT_WRONG_TRIES: RollingWindow = { limit: 10, windowMs: 60 * 60_000 };

/** The code of the account's newest mail, as stored (never the code itself). */
export interface StoredMailCode {
  /** mailCodeDigest of the account and the code. */
  digest: string;
  /** The address the mail went to: the code proves that one only (proofs.ts). */
  address: string;
  issuedAt: string;
  expiresAt: string;
  wrongTries: number;
  /** When it proved the address; a spent code is refused. */
  spentAt: string | null;
  /** When wrong tries ended it. */
  voidAt: string | null;
}

/**
 * The replaced codes whose digests are kept, newest first: "send the e-mail again" a few times in a
 * row, and the code read from any of those mails is told apart from a typo.
 */
export const EARLIER_CODES_KEPT = 4;

/** `_mailCodes/{uid}`. */
export interface MailCodeRecord {
  code?: StoredMailCode;
  /** The digests of the codes newer mails replaced, newest first (at most EARLIER_CODES_KEPT). */
  earlier?: string[];
  /** The account's wrong tries of the last hour, across its codes (ISO, oldest first). */
  wrongAt?: string[];
}

/** A new code for a new mail: six digits, the first may be 0. */
export function newMailCode(): string {
  return String(randomInt(0, 10 ** MAIL_CODE_DIGITS)).padStart(MAIL_CODE_DIGITS, '0');
}

/**
 * The keyed digest of a code for one account. The input separates its parts with a NUL, which
 * neither a uid nor a code holds, behind a label, so that no other use of the key digests the same
 * bytes.
 */
export function mailCodeDigest(key: Uint8Array, uid: string, code: string): string {
  return createHmac('sha256', key).update(`dayfocus mail code\u0000${uid}\u0000${code}`).digest('base64url');
}

/** The code a new mail carries, as stored: it replaces the account's earlier one. */
export function issuedMailCode(digest: string, address: string, now: Date): StoredMailCode {
  return {
    digest,
    address,
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + MAIL_CODE_LIFE_MS).toISOString(),
    wrongTries: 0,
    spentAt: null,
    voidAt: null,
  };
}

/** A new mail's code, replacing the account's earlier one, whose digest is kept among the earlier. */
export function replacingMailCode(
  record: MailCodeRecord | undefined,
  code: StoredMailCode,
): Required<Pick<MailCodeRecord, 'code' | 'earlier'>> {
  const earlier = [...(record?.code ? [record.code.digest] : []), ...(record?.earlier ?? [])];
  return { code, earlier: earlier.slice(0, EARLIER_CODES_KEPT) };
}

/** The zero of each script's digits a person may type the code in here (our languages' own). */
const DIGIT_ZEROS = [
  0x0966, // Devanagari (Hindi, Marathi)
  0x09e6, // Bengali
  0x0be6, // Tamil
  0x0c66, // Telugu
  0x0660, // Arabic-Indic
  0x06f0, // Extended Arabic-Indic
];

/**
 * The code as typed, read as six ASCII digits, or null: white space, hyphens and dots between
 * the digits are dropped (a pasted "123 456"), full-width digits folded (NFKC), and the digits of
 * the scripts above read as their values, since a keyboard set to Hindi or Bengali types its own.
 */
export function typedMailCode(typed: string): string | null {
  let digits = '';
  for (const char of typed.normalize('NFKC')) {
    const point = char.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((z) => point >= z && point <= z + 9);
    if (zero !== undefined) digits += String(point - zero);
    else if (/^[0-9]$/.test(char)) digits += char;
    else if (!/^[\s\-.\u00b7]$/u.test(char)) return null;
  }
  return digits.length === MAIL_CODE_DIGITS ? digits : null;
}

function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The code still works: not spent, not ended by wrong tries, not expired. */
export function liveMailCode(code: StoredMailCode | undefined, now: Date): code is StoredMailCode {
  return !!code && !code.spentAt && !code.voidAt && now.getTime() < Date.parse(code.expiresAt);
}

/**
 * A try of a code: `right` spends it; otherwise `refused`, with the record to store (the counts)
 * or null when nothing is to be written (a typed code that is no code, an account with no record).
 */
export type MailCodeTry =
  { kind: 'right'; record: MailCodeRecord } | { kind: 'refused'; record: MailCodeRecord | null; older?: true };

/** `typedDigest`: the digest of what was typed, null when it was no code (typedMailCode). */
export function triedMailCode(record: MailCodeRecord | undefined, typedDigest: string | null, now: Date): MailCodeTry {
  if (!record || typedDigest === null) return { kind: 'refused', record: null };
  const code = record.code;
  const at = now.toISOString();
  // The right code first: no count stands between it and the proof.
  if (liveMailCode(code, now) && sameDigest(code.digest, typedDigest)) {
    return { kind: 'right', record: { ...record, code: { ...code, spentAt: at } } };
  }
  const wrongAt = withEventCounted(record.wrongAt, ACCOUNT_WRONG_TRIES, now);
  const older = (record.earlier ?? []).some((digest) => sameDigest(digest, typedDigest))
    ? { older: true as const }
    : {};
  if (!liveMailCode(code, now)) return { kind: 'refused', record: { ...record, wrongAt }, ...older };
  const wrongTries = code.wrongTries + 1;
  const ends = wrongTries >= WRONG_TRIES_PER_CODE || wrongAt.length >= ACCOUNT_WRONG_TRIES.limit;
  const counted = { ...record, wrongAt, code: { ...code, wrongTries, voidAt: ends ? at : null } };
  return { kind: 'refused', record: counted, ...older };
}
