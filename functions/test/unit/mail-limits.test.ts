/** How often "send the e-mail again" may mail one address (domain/mail-limits.ts). */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  PLAIN_ADDRESS_RESERVE,
  RESEND_DAILY_LIMIT,
  RESEND_MIN_GAP_MS,
  mailLogKey,
  mailboxOf,
  resendDecision,
  spellingOf,
  type MailLog,
} from '../../src/invites/domain/mail-limits.js';

const start = Date.parse('2025-03-01T08:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(start + ms);
const stamps = (offsets: number[]) => offsets.map((ms) => at(ms).toISOString());
/** A log of mails to the plain address alone. */
const logOf = (...offsets: number[]): MailLog => ({ sentAt: stamps(offsets), plainSentAt: stamps(offsets) });
/** A log of mails to other spellings (`other`) and to the plain address (`plain`), by offset. */
const mixedLog = (other: number[], plain: number[]): MailLog => ({
  sentAt: stamps([...other, ...plain].sort((a, b) => a - b)),
  plainSentAt: stamps(plain),
});

describe('resendDecision', () => {
  it('sends the first mail to an address and starts its log', () => {
    expect(resendDecision(null, at(0), 'plain')).toEqual({
      send: true,
      log: { sentAt: ['2025-03-01T08:00:00.000Z'], plainSentAt: ['2025-03-01T08:00:00.000Z'] },
    });
    expect(resendDecision({ sentAt: [], plainSentAt: [] }, at(0), 'plain')).toEqual({ send: true, log: logOf(0) });
    expect(resendDecision(null, at(0), 'variant')).toEqual({ send: true, log: mixedLog([0], []) });
  });

  it('refuses a second mail within the minute, saying when the next may go', () => {
    expect(resendDecision(logOf(0), at(59_000), 'plain')).toEqual({ send: false, retryAfterMs: 1_000 });
    expect(resendDecision(logOf(0), at(1), 'plain')).toEqual({ send: false, retryAfterMs: RESEND_MIN_GAP_MS - 1 });
  });

  it('sends again once the minute has passed', () => {
    expect(resendDecision(logOf(0), at(RESEND_MIN_GAP_MS), 'plain')).toEqual({ send: true, log: logOf(0, 60_000) });
  });

  it('refuses a sixth mail within 24 hours until the first leaves the window', () => {
    const five = logOf(0, 1 * HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR);
    expect(five.sentAt).toHaveLength(RESEND_DAILY_LIMIT);
    expect(resendDecision(five, at(5 * HOUR), 'plain')).toEqual({ send: false, retryAfterMs: 19 * HOUR });
    expect(resendDecision(five, at(24 * HOUR - 1), 'plain')).toEqual({ send: false, retryAfterMs: 1 });
    expect(resendDecision(five, at(24 * HOUR), 'plain')).toEqual({
      send: true,
      log: logOf(1 * HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 24 * HOUR),
    });
  });

  it('waits for whichever limit frees up later', () => {
    const five = logOf(0, 1 * HOUR, 2 * HOUR, 3 * HOUR, 24 * HOUR - 30_000);
    // The first entry leaves the window at 24 h, but the last mail went 30 s before.
    expect(resendDecision(five, at(24 * HOUR), 'plain')).toEqual({ send: false, retryAfterMs: 30_000 });
  });

  it('drops the entries older than 24 hours from the log it keeps', () => {
    const decision = resendDecision(logOf(0, 2 * HOUR, 29 * HOUR), at(30 * HOUR), 'plain');
    expect(decision).toEqual({ send: true, log: logOf(29 * HOUR, 30 * HOUR) });
  });

  it('does not let an unreadable time block the address', () => {
    expect(resendDecision({ sentAt: ['not a time'], plainSentAt: ['not a time'] }, at(0), 'plain')).toEqual({
      send: true,
      log: logOf(0),
    });
  });
});

describe("the plain address's share of the day", () => {
  it('keeps two of the five for the plain address: other spellings spend at most three', () => {
    expect([RESEND_DAILY_LIMIT, PLAIN_ADDRESS_RESERVE]).toEqual([5, 2]);
    const three = mixedLog([0, 1 * HOUR, 2 * HOUR], []);
    // A fourth spelling waits until the first of the three leaves the day...
    expect(resendDecision(three, at(3 * HOUR), 'variant')).toEqual({ send: false, retryAfterMs: 21 * HOUR });
    // ...while the plain address gets its two.
    const fourth = resendDecision(three, at(3 * HOUR), 'plain');
    expect(fourth).toEqual({ send: true, log: mixedLog([0, 1 * HOUR, 2 * HOUR], [3 * HOUR]) });
    const fifth = resendDecision(mixedLog([0, 1 * HOUR, 2 * HOUR], [3 * HOUR]), at(4 * HOUR), 'plain');
    expect(fifth).toEqual({ send: true, log: mixedLog([0, 1 * HOUR, 2 * HOUR], [3 * HOUR, 4 * HOUR]) });
    // Five in the day: nobody gets a sixth, the plain address included.
    const five = mixedLog([0, 1 * HOUR, 2 * HOUR], [3 * HOUR, 4 * HOUR]);
    expect(resendDecision(five, at(5 * HOUR), 'plain')).toEqual({ send: false, retryAfterMs: 19 * HOUR });
    expect(resendDecision(five, at(5 * HOUR), 'variant')).toEqual({ send: false, retryAfterMs: 19 * HOUR });
  });

  it('lets other spellings use what the plain address left of the day, up to their three', () => {
    const two = mixedLog([], [0, 1 * HOUR]);
    const third = resendDecision(two, at(2 * HOUR), 'variant');
    expect(third).toEqual({ send: true, log: mixedLog([2 * HOUR], [0, 1 * HOUR]) });
    const four = mixedLog([2 * HOUR, 3 * HOUR], [0, 1 * HOUR]);
    expect(resendDecision(four, at(4 * HOUR), 'variant')).toEqual({
      send: true,
      log: mixedLog([2 * HOUR, 3 * HOUR, 4 * HOUR], [0, 1 * HOUR]),
    });
    // Four plain mails leave one, for anyone.
    const plainFour = mixedLog([], [0, 1 * HOUR, 2 * HOUR, 3 * HOUR]);
    expect(resendDecision(plainFour, at(4 * HOUR), 'variant')).toMatchObject({ send: true });
  });

  it(`frees the other spellings' share as their first mail leaves the day`, () => {
    const three = mixedLog([0, 1 * HOUR, 2 * HOUR], []);
    expect(resendDecision(three, at(24 * HOUR - 1), 'variant')).toEqual({ send: false, retryAfterMs: 1 });
    expect(resendDecision(three, at(24 * HOUR), 'variant')).toEqual({
      send: true,
      log: mixedLog([1 * HOUR, 2 * HOUR, 24 * HOUR], []),
    });
  });

  it('keeps the minute between any two mails to the mailbox, whichever spelling', () => {
    expect(resendDecision(mixedLog([0], []), at(30_000), 'plain')).toEqual({ send: false, retryAfterMs: 30_000 });
    expect(resendDecision(logOf(0), at(30_000), 'variant')).toEqual({ send: false, retryAfterMs: 30_000 });
  });

  it('reads a log stored before the reserve as mails to other spellings, and keeps her two', () => {
    // Such a log has no plainSentAt: nothing says whose its mails were, so they count as a
    // stranger's. Five of them (the old limit, all it ever kept) stop other spellings until the
    // third newest leaves the day...
    const old: MailLog = { sentAt: stamps([0, 10 * 60_000, 20 * 60_000, 30 * 60_000, 40 * 60_000]) };
    expect(resendDecision(old, at(HOUR), 'variant')).toEqual({ send: false, retryAfterMs: 23 * HOUR + 20 * 60_000 });
    // ...and leave the plain address its two of the day, counting the three newest as the others' share.
    const first = resendDecision(old, at(HOUR), 'plain');
    expect(first).toEqual({
      send: true,
      log: { sentAt: [...old.sentAt, at(HOUR).toISOString()], plainSentAt: stamps([HOUR]) },
    });
    const second = resendDecision(first.send ? first.log : null, at(2 * HOUR), 'plain');
    expect(second).toMatchObject({ send: true });
    const third = resendDecision(second.send ? second.log : null, at(3 * HOUR), 'plain');
    // Free again when the third newest of the old five leaves (20 minutes past the start of the day).
    expect(third).toEqual({ send: false, retryAfterMs: 21 * HOUR + 20 * 60_000 });
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

  it.each([
    ['v@gmail.com', 'plain'],
    [' V@GMail.com ', 'plain'],
    ['a.b@example.com', 'plain'],
    ['v+1@gmail.com', 'variant'],
    ['v.1@gmail.com', 'variant'],
    ['v1@googlemail.com', 'variant'],
    ['a.b+x@example.com', 'variant'],
  ])('reads %j as a %s spelling of its mailbox', (address, spelling) => {
    expect(spellingOf(address)).toBe(spelling);
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
