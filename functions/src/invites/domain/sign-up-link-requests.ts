/**
 * A request for the link that finishes a sign-up: what mailSignUpLink writes before it looks
 * anything up, so that every address is answered alike and at once, and what the mailbox's limits
 * (mail-limits.ts) then make of it: mailed now, mailed once the minute has passed, or turned down.
 * Pure.
 */
import { RESEND_MIN_GAP_MS, resendDecision, type MailLog, type Spelling } from './mail-limits.js';

/**
 * `_signUpLinkRequests/{id}`: the same fields whoever asks, and nothing any lookup found. The
 * account by the address typed, or by its uid (the page of an expired link, which knows no address).
 */
export interface SignUpLinkRequest {
  email: string | null;
  uid: string | null;
  language: string;
  /** For a TTL policy: its trigger removes it, unless its run died. */
  expireAt: Date;
  /** Set by its trigger while it waits for the minute: the mailbox's log key and the mail it waits behind. */
  waitingBehind?: string;
}

/** Long past any wait of a request's trigger (a minute): whatever is left by then, a run that died left. */
const REQUEST_KEEP_MS = 60 * 60_000;

export function signUpLinkRequest(
  asked: { email: string; language: string } | { uid: string; language: string },
  now: Date,
): SignUpLinkRequest {
  return {
    email: 'email' in asked ? asked.email : null,
    uid: 'uid' in asked ? asked.uid : null,
    language: asked.language,
    expireAt: new Date(now.getTime() + REQUEST_KEEP_MS),
  };
}

export type RequestStep = { kind: 'send' } | { kind: 'wait'; ms: number; behind: string } | { kind: 'drop' };

/**
 * What a request does given the mailbox's log: mailed now when the limits allow; when only the
 * minute holds it (or a day's mail that leaves the window within the minute), mailed once that
 * has passed, behind the newest mail; when the day's mails are spent, turned down rather than kept
 * for hours, when nobody waits for it any more.
 */
export function requestStep(log: MailLog | null, now: Date, spelling: Spelling): RequestStep {
  const decision = resendDecision(log, now, spelling);
  if (decision.send) return { kind: 'send' };
  if (decision.retryAfterMs > RESEND_MIN_GAP_MS) return { kind: 'drop' };
  return { kind: 'wait', ms: decision.retryAfterMs, behind: log?.sentAt.at(-1) ?? '' };
}

/** The mark of requests that wait behind the same mail to the same mailbox: one of them is mailed. */
export function waitingMark(mailLogKey: string, behind: string): string {
  return `${mailLogKey}/${behind}`;
}
