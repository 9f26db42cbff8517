/**
 * How often "send the e-mail again" may mail one address: at most one mail a minute and
 * RESEND_DAILY_LIMIT in any 24 hours. The limits are per address, not per caller, so that
 * nobody can turn the sign-up into a way of flooding someone else's inbox. Pure.
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

/**
 * The id of an address's log: the SHA-256 (hex) of the address trimmed and lower-cased, so that
 * `A@b.com` and `a@b.com` share one log and no address is stored in clear as a document id.
 */
export function mailLogKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
