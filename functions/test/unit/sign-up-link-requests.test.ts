/**
 * What a request for a finishing link holds, what the mailbox's limits make of it
 * (domain/sign-up-link-requests.ts), and that the call writes it down alone (flows/sign-up-link-flow.ts).
 */
import { describe, expect, it } from 'vitest';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import { RESEND_MIN_GAP_MS, type MailLog } from '../../src/invites/domain/mail-limits.js';
import {
  requestStep,
  signUpLinkRequest,
  type SignUpLinkRequest,
} from '../../src/invites/domain/sign-up-link-requests.js';
import { SignUpLinkFlow } from '../../src/invites/flows/sign-up-link-flow.js';

const start = Date.parse('2025-03-01T08:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(start + ms);
/** A log of mails to the plain address alone, by offset from `start`. */
const logOf = (...offsets: number[]): MailLog => {
  const stamps = offsets.map((ms) => at(ms).toISOString());
  return { sentAt: stamps, plainSentAt: stamps };
};

describe('signUpLinkRequest', () => {
  it('holds the same fields whoever asks, by address or by account, and nothing looked up', () => {
    const now = at(0);
    const byEmail = signUpLinkRequest({ email: 'mira@example.com', language: 'hi' }, now);
    const byAccount = signUpLinkRequest({ uid: 'uid-1', language: 'en' }, now);
    expect(byEmail).toEqual({ email: 'mira@example.com', uid: null, language: 'hi', expireAt: at(HOUR) });
    expect(byAccount).toEqual({ email: null, uid: 'uid-1', language: 'en', expireAt: at(HOUR) });
    expect(Object.keys(byEmail)).toEqual(Object.keys(byAccount));
  });
});

describe('requestStep', () => {
  it('mails at once what the limits allow', () => {
    expect(requestStep(null, at(0), 'plain')).toEqual({ kind: 'send' });
    expect(requestStep(logOf(0), at(RESEND_MIN_GAP_MS), 'plain')).toEqual({ kind: 'send' });
  });

  it('waits out the minute behind the newest mail', () => {
    expect(requestStep(logOf(-HOUR, 0), at(15_000), 'plain')).toEqual({
      kind: 'wait',
      ms: RESEND_MIN_GAP_MS - 15_000,
      behind: at(0).toISOString(),
    });
  });

  it("waits for a day's mail that leaves the window within the minute, and turns down a longer wait", () => {
    const day = 24 * HOUR;
    // Five mails, the oldest leaving the day's window 20 s from now.
    const full = logOf(-day + 20_000, -4 * HOUR, -3 * HOUR, -2 * HOUR, -HOUR);
    expect(requestStep(full, at(0), 'plain')).toEqual({ kind: 'wait', ms: 20_000, behind: at(-HOUR).toISOString() });
    // The oldest leaves in two hours: nobody waits that long for the link.
    const spent = logOf(-day + 2 * HOUR, -4 * HOUR, -3 * HOUR, -2 * HOUR, -HOUR);
    expect(requestStep(spent, at(0), 'plain')).toEqual({ kind: 'drop' });
  });
});

describe('SignUpLinkFlow.requestLink', () => {
  /** Deps whose every part but the request's write throws when touched: the call may look nothing up. */
  function flowWritingTo(written: SignUpLinkRequest[]) {
    const untouchable = new Proxy({} as never, {
      get: (_target, name) => {
        throw new Error(`requestLink touched ${String(name)}`);
      },
    });
    return new SignUpLinkFlow({
      resets: untouchable,
      outbox: untouchable,
      users: untouchable,
      requests: {
        ...(untouchable as object),
        add: async (request: SignUpLinkRequest) => void written.push(request),
      } as never,
      textIn: untouchable,
      productDomain: untouchable,
      now: () => at(0),
      sleep: untouchable,
    });
  }

  it('writes the request down and answers, the same one write for every address, looking nothing up', async () => {
    const written: SignUpLinkRequest[] = [];
    const flow = flowWritingTo(written);
    for (const asked of [
      { email: 'half-made@example.com', language: 'en' },
      { email: 'nobody@example.com', language: 'en' },
      { uid: 'uid-1', language: 'hi' },
    ]) {
      expect(await flow.requestLink(asked)).toEqual(writeSucceeded);
    }
    expect(written).toEqual([
      signUpLinkRequest({ email: 'half-made@example.com', language: 'en' }, at(0)),
      signUpLinkRequest({ email: 'nobody@example.com', language: 'en' }, at(0)),
      signUpLinkRequest({ uid: 'uid-1', language: 'hi' }, at(0)),
    ]);
  });
});
