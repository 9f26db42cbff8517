/**
 * How often "send the e-mail again" may mail one address: at most one mail a minute and
 * RESEND_DAILY_LIMIT in any 24 hours. The limits are per mailbox, not per caller nor per spelling
 * of the address, so that nobody can turn the sign-up into a way of flooding someone else's inbox.
 * Pure.
 */
import { RESEND_DAILY_LIMIT, RESEND_MIN_GAP_MS } from '@dayfocus/contracts/limits';
import { createHash } from 'node:crypto';
import {
  nextAllowedAt,
  stampsInWindow,
  withEventCounted,
  type RollingWindow,
} from '../../platform/domain/rolling-window.js';

/** The day's mails: RESEND_DAILY_LIMIT in any 24 hours. */
const DAY: RollingWindow = { limit: RESEND_DAILY_LIMIT, windowMs: 24 * 60 * 60 * 1000 };

export { RESEND_DAILY_LIMIT, RESEND_MIN_GAP_MS };

/** The mails sent to one address: their ISO times, newest last, kept for 24 hours. */
export interface MailLog {
  sentAt: string[];
}

export type ResendDecision = { send: true; log: MailLog } | { send: false; retryAfterMs: number };

/**
 * Whether a mail may go to the address whose log is `log` (null: none sent yet) at `now`. If so,
 * the log to store: this send appended, entries older than 24 hours dropped. If not, how long
 * until one may: the minute since the last mail, or until the oldest of the day's mails leaves
 * the 24-hour window, whichever is later.
 */
export function resendDecision(log: MailLog | null, now: Date): ResendDecision {
  const recent = stampsInWindow(log?.sentAt, DAY, now);
  const last = recent.at(-1);
  const gapWait = last ? Date.parse(last) + RESEND_MIN_GAP_MS - now.getTime() : 0;
  const dailyWait = nextAllowedAt(recent, DAY, now).getTime() - now.getTime();
  const retryAfterMs = Math.max(gapWait, dailyWait);
  if (retryAfterMs > 0) return { send: false, retryAfterMs };
  return { send: true, log: { sentAt: withEventCounted(recent, DAY, now) } };
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
 * The id of an address's log: the SHA-256 (hex) of its mailbox (mailboxOf), so that `v+1@gmail.com`,
 * `V.1@gmail.com` and `v1@googlemail.com` share one log with `v1@gmail.com`, and no address is
 * stored in clear as a document id.
 */
export function mailLogKey(email: string): string {
  return createHash('sha256').update(mailboxOf(email)).digest('hex');
}
