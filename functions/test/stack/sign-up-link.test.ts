// mailSignUpLink tells nothing by its timing and says only what is so: it answers before it looks
// anything up (the account, its sign-up, the mailbox's log), and a request that the mailbox's
// minute holds back is mailed once the minute has passed, within the day's five.
import { describe, expect, it } from 'vitest';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import { mailLogKey, RESEND_DAILY_LIMIT, RESEND_MIN_GAP_MS } from '../../src/invites/domain/mail-limits.js';
import {
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  eventually,
  firestoreFaults,
  halfMadeSignUp,
  OUR_EMULATOR,
  outboxIds,
  signUpLinkRequestsSettled,
  uniqueId,
  verificationMail,
} from './support.js';

/** How long one call of mailSignUpLink takes, from a browser already made, and what it answered. */
async function timedCall(email: string): Promise<{ ms: number; answer: unknown }> {
  const browser = new Browser();
  try {
    const started = performance.now();
    const answer = await browser.call('mailSignUpLink', { email, language: 'en' });
    return { ms: performance.now() - started, answer };
  } finally {
    await browser.close();
  }
}

const middleOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A mailbox's log as if `times` (ms before now, oldest first) had each seen a mail to its plain address. */
async function mailedBefore(email: string, times: number[]) {
  const now = Date.now();
  const sentAt = times.map((ago) => new Date(now - ago).toISOString());
  await adminDb.collection('_mailLogs').doc(mailLogKey(email)).set({ sentAt, plainSentAt: sentAt });
  return sentAt.map((at) => Date.parse(at));
}

describe('mailSignUpLink answers before it looks anything up', () => {
  it(
    "answers a half-made sign-up while its sign-up's record cannot be read yet, and mails her after",
    OUR_EMULATOR,
    async () => {
      const inviter = await createInviter();
      const { uid, email } = await halfMadeSignUp(inviter.userId);
      // Every read of her sign-up's record waits: whatever the answer waited for, it would come after it.
      await firestoreFaults({
        faults: [{ rpc: 'BatchGetDocuments', delayMs: 10_000, count: 5, match: `_signUps/${uid}` }],
      });
      try {
        expect(await callAnonymously('mailSignUpLink', { email, language: 'en' })).toEqual(writeSucceeded);
        // Answered, and her mail not made yet: the answer did not wait for the lookups that choose it.
        expect(await outboxIds(email)).toEqual([]);
        await verificationMail(email, { timeoutMs: 30_000 });
      } finally {
        await firestoreFaults(null);
      }
    },
  );

  it('takes as long for a half-made sign-up as for an unknown address, call for call', async () => {
    const inviter = await createInviter();
    const rounds = 7;
    const halfMade = [];
    for (let round = 0; round < rounds; round++) halfMade.push(await halfMadeSignUp(inviter.userId));
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so that whatever else the machine does weighs on both alike.
    for (const { email } of halfMade) {
      const mailed = await timedCall(email);
      const nobody = await timedCall(`${uniqueId('nobody')}@example.com`);
      expect([mailed.answer, nobody.answer]).toEqual([writeSucceeded, writeSucceeded]);
      known.push(mailed.ms);
      unknown.push(nobody.ms);
    }
    const ratio = middleOf(known) / middleOf(unknown);
    const figures = `medians of ${rounds}: half-made ${middleOf(known).toFixed(0)} ms, unknown ${middleOf(unknown).toFixed(0)} ms`;
    expect(ratio, figures).toBeLessThan(1.5);
    expect(ratio, figures).toBeGreaterThan(1 / 1.5);
    // Each of them was mailed all the same.
    for (const { email } of halfMade) await verificationMail(email, { timeoutMs: 30_000 });
  });
});

describe("mailSignUpLink within the mailbox's limits", () => {
  it('mails a request made within the minute of a mail once the minute has passed, and never two inside it', async () => {
    const inviter = await createInviter();
    const { email } = await halfMadeSignUp(inviter.userId);
    expect(await callAnonymously('mailSignUpLink', { email, language: 'en' })).toEqual(writeSucceeded);
    const first = await verificationMail(email);
    // Three more within the minute: one mail owed, not three.
    for (let call = 0; call < 3; call++)
      expect(await callAnonymously('mailSignUpLink', { email, language: 'en' })).toEqual(writeSucceeded);
    expect(await outboxIds(email)).toEqual([first.id]);
    // One of them waits out the minute; the others are done with already.
    await eventually(
      async () => (await adminDb.collection('_signUpLinkRequests').where('email', '==', email).get()).size,
      (waiting) => waiting === 1,
      { what: 'one request left waiting for the minute', timeoutMs: 30_000 },
    );

    const second = await verificationMail(email, { after: [first.id], timeoutMs: RESEND_MIN_GAP_MS + 30_000 });
    expect(second.createdAt - first.createdAt).toBeGreaterThanOrEqual(RESEND_MIN_GAP_MS);
    expect(new URLSearchParams(new URL(second.link).hash.slice(1)).get('oobCode')).toBeTruthy();
    await signUpLinkRequestsSettled({ email });
    expect(await outboxIds(email)).toEqual([first.id, second.id]);
  }, 150_000);

  it("mails the day's fifth once its minute has passed, and no sixth: five a day per mailbox", async () => {
    const inviter = await createInviter();
    const { email } = await halfMadeSignUp(inviter.userId);
    // Four mails today, the last 45 seconds ago.
    const sent = await mailedBefore(email, [5 * 3_600_000, 4 * 3_600_000, 3 * 3_600_000, 45_000]);
    expect(await callAnonymously('mailSignUpLink', { email, language: 'en' })).toEqual(writeSucceeded);
    expect(await outboxIds(email)).toEqual([]);
    const fifth = await verificationMail(email, { timeoutMs: RESEND_MIN_GAP_MS });
    expect(fifth.createdAt - (sent.at(-1) ?? 0)).toBeGreaterThanOrEqual(RESEND_MIN_GAP_MS);
    await signUpLinkRequestsSettled({ email });
    const log = (await adminDb.collection('_mailLogs').doc(mailLogKey(email)).get()).data();
    expect(log?.sentAt).toHaveLength(RESEND_DAILY_LIMIT);

    // The day is spent: a request past the minute is turned down, not kept for tomorrow.
    await mailedBefore(email, [5 * 3_600_000, 4 * 3_600_000, 3 * 3_600_000, 2 * 3_600_000, RESEND_MIN_GAP_MS + 1_000]);
    expect(await callAnonymously('mailSignUpLink', { email, language: 'en' })).toEqual(writeSucceeded);
    await signUpLinkRequestsSettled({ email });
    expect(await outboxIds(email)).toEqual([fifth.id]);
  }, 120_000);
});
