/** How often "send the e-mail again" may mail one address (domain/mail-limits.ts). */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  RESEND_DAILY_LIMIT,
  RESEND_MIN_GAP_MS,
  mailLogKey,
  mailboxOf,
  resendDecision,
  type MailLog,
} from '../../src/invites/domain/mail-limits.js';

const start = Date.parse('2025-03-01T08:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(start + ms);
const logOf = (...offsets: number[]): MailLog => ({ sentAt: offsets.map((ms) => at(ms).toISOString()) });

describe('resendDecision', () => {
  it('sends the first mail to an address and starts its log', () => {
    expect(resendDecision(null, at(0))).toEqual({ send: true, log: { sentAt: ['2025-03-01T08:00:00.000Z'] } });
    expect(resendDecision({ sentAt: [] }, at(0))).toEqual({ send: true, log: logOf(0) });
  });

  it('refuses a second mail within the minute, saying when the next may go', () => {
    expect(resendDecision(logOf(0), at(59_000))).toEqual({ send: false, retryAfterMs: 1_000 });
    expect(resendDecision(logOf(0), at(1))).toEqual({ send: false, retryAfterMs: RESEND_MIN_GAP_MS - 1 });
  });

  it('sends again once the minute has passed', () => {
    expect(resendDecision(logOf(0), at(RESEND_MIN_GAP_MS))).toEqual({ send: true, log: logOf(0, 60_000) });
  });

  it('refuses a sixth mail within 24 hours until the first leaves the window', () => {
    const five = logOf(0, 1 * HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR);
    expect(five.sentAt).toHaveLength(RESEND_DAILY_LIMIT);
    expect(resendDecision(five, at(5 * HOUR))).toEqual({ send: false, retryAfterMs: 19 * HOUR });
    expect(resendDecision(five, at(24 * HOUR - 1))).toEqual({ send: false, retryAfterMs: 1 });
    expect(resendDecision(five, at(24 * HOUR))).toEqual({
      send: true,
      log: logOf(1 * HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 24 * HOUR),
    });
  });

  it('waits for whichever limit frees up later', () => {
    const five = logOf(0, 1 * HOUR, 2 * HOUR, 3 * HOUR, 24 * HOUR - 30_000);
    // The first entry leaves the window at 24 h, but the last mail went 30 s before.
    expect(resendDecision(five, at(24 * HOUR))).toEqual({ send: false, retryAfterMs: 30_000 });
  });

  it('drops the entries older than 24 hours from the log it keeps', () => {
    const decision = resendDecision(logOf(0, 2 * HOUR, 29 * HOUR), at(30 * HOUR));
    expect(decision).toEqual({ send: true, log: logOf(29 * HOUR, 30 * HOUR) });
  });

  it('does not let an unreadable time block the address', () => {
    expect(resendDecision({ sentAt: ['not a time'] }, at(0))).toEqual({ send: true, log: logOf(0) });
  });
});

describe('mailLogKey', () => {
  it('is one SHA-256 hex for an address however it is spaced or cased', () => {
    const key = mailLogKey('a@b.com');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(mailLogKey(' A@B.com ')).toBe(key);
    expect(key).not.toContain('a@b.com');
    expect(mailLogKey('c@b.com')).not.toBe(key);
  });
});

describe('the mailbox an address reaches (one budget for one inbox)', () => {
  it.each([
    ['v+1@gmail.com', 'v@gmail.com'],
    ['v+2@gmail.com', 'v@gmail.com'],
    ['V.1@gmail.com', 'v1@gmail.com'],
    [' v.1+news@GoogleMail.com ', 'v1@gmail.com'],
    ['a.b+tag+more@example.com', 'a.b@example.com'],
    ['Ravi+x@Outlook.com', 'ravi@outlook.com'],
    ['+only@example.com', '@example.com'],
  ])('reads %j as the mailbox %j', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it("keeps dots outside Gmail, where they may name another person's mailbox", () => {
    expect(mailboxOf('a.b@example.com')).toBe('a.b@example.com');
    expect(mailLogKey('a.b@example.com')).not.toBe(mailLogKey('ab@example.com'));
  });

  it('gives every spelling of one inbox the same key, the SHA-256 of its mailbox', () => {
    const key = createHash('sha256').update('v1@gmail.com').digest('hex');
    for (const spelling of ['v1@gmail.com', 'V.1@gmail.com', 'v.1+2@googlemail.com', 'v1+a@gmail.com']) {
      expect(mailLogKey(spelling)).toBe(key);
    }
    expect(mailLogKey('v+1@gmail.com')).toBe(mailLogKey('v+2@gmail.com'));
    expect(mailLogKey('v2@gmail.com')).not.toBe(key);
  });
});
