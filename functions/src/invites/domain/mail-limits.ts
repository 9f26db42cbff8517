/**
 * How often "send the e-mail again" may mail one address: at most one mail a minute and
 * RESEND_DAILY_LIMIT in any 24 hours. The limits are per mailbox, not per caller nor per spelling
 * of the address, so that nobody can turn the sign-up into a way of flooding someone else's inbox.
 * Of the day's mails, PLAIN_ADDRESS_RESERVE are kept for the mailbox's plain address (mailboxOf),
 * so that a stranger signing up with other spellings of it cannot spend the day before its owner
 * signs up with her own. Pure.
 */
import { createHash } from 'node:crypto';
import { RESEND_DAILY_LIMIT, RESEND_MIN_GAP_MS } from '@dayfocus/contracts/limits';
import { nextAllowedAt, stampsInWindow, type RollingWindow } from '../../platform/domain/rolling-window.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const DAY: RollingWindow = { limit: RESEND_DAILY_LIMIT, windowMs: DAY_MS };

/**
 * The day's mails no other spelling may take. Two: her own sign-up's mail and one "send it again"
 * (the first lost to a spam folder, or opened too late). The other spellings keep three, so that
 * a person who signs up with a `+tag` of her own still has her mail and two more.
 */
export const PLAIN_ADDRESS_RESERVE = 2;

const OTHER_SPELLINGS_DAY: RollingWindow = { limit: RESEND_DAILY_LIMIT - PLAIN_ADDRESS_RESERVE, windowMs: DAY_MS };

export { RESEND_DAILY_LIMIT, RESEND_MIN_GAP_MS };

/**
 * The mails sent to one mailbox: their ISO times, newest last, kept for 24 hours. `plainSentAt`
 * holds those of them that went to the plain address; a log stored before the reserve has none,
 * and its mails count as other spellings' (whose they were is unknown, so maybe a stranger's).
 */
export interface MailLog {
  sentAt: string[];
  plainSentAt?: string[];
}

export type Spelling = 'plain' | 'variant';

export type ResendDecision = { send: true; log: MailLog } | { send: false; retryAfterMs: number };

/**
 * If sent, the log to store (entries older than a day dropped); if not, the later of the minute's
 * and the day's wait. A log stored before the reserve may hold more variant mails than their share:
 * they count only up to it against the plain address, so her own mails still go.
 */
export function resendDecision(log: MailLog | null, now: Date, spelling: Spelling): ResendDecision {
  const all = stampsInWindow(log?.sentAt, DAY, now);
  const plainSet = new Set(stampsInWindow(log?.plainSentAt, DAY, now));
  const plain = all.filter((stamp) => plainSet.has(stamp));
  const others = all.filter((stamp) => !plainSet.has(stamp));
  const last = all.at(-1);
  const gapWait = last ? Date.parse(last) + RESEND_MIN_GAP_MS - now.getTime() : 0;
  const freeAt =
    spelling === 'plain'
      ? [nextAllowedAt([...plain, ...others.slice(-OTHER_SPELLINGS_DAY.limit)], DAY, now)]
      : [nextAllowedAt(all, DAY, now), nextAllowedAt(others, OTHER_SPELLINGS_DAY, now)];
  const dailyWait = Math.max(...freeAt.map((at) => at.getTime())) - now.getTime();
  const retryAfterMs = Math.max(gapWait, dailyWait);
  if (retryAfterMs > 0) return { send: false, retryAfterMs };
  const sent = now.toISOString();
  return { send: true, log: { sentAt: [...all, sent], plainSentAt: spelling === 'plain' ? [...plain, sent] : plain } };
}

// Gmail ignores the dots of the local part, and googlemail.com is the same mailbox as gmail.com.
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as far as the limits can tell: trimmed and lower-cased, a `+tag`
 * in the local part dropped for every domain (Gmail, Outlook, iCloud, Fastmail and most hosts
 * deliver `v+1@` to `v@`; where a host does not, two people merely share one budget, the safe
 * side), and for Gmail its dots dropped and googlemail.com read as gmail.com. Split at the last
 * `@`, since a quoted local part may hold one.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at).replace(/\+.*$/s, '');
  let domain = address.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * Whether `email` is its mailbox's plain address (mailboxOf: no `+tag`, and for Gmail no dots) or
 * another spelling. A Gmail address typed with its dots is another spelling too: any dotted
 * spelling is a stranger's to sign up with, so only the dotless one can keep a reserve.
 */
export function spellingOf(email: string): Spelling {
  return email.trim().toLowerCase() === mailboxOf(email) ? 'plain' : 'variant';
}

/** Hashed from the mailbox so that every spelling shares one log and no address is stored in clear as an id. */
export function mailLogKey(email: string): string {
  return createHash('sha256').update(mailboxOf(email)).digest('hex');
}
