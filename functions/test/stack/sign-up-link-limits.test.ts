// mailSignUpLink says only what is so: a request that the mailbox's minute holds back is mailed once
// the minute has passed, within the day's five (its answer before any lookup: sign-up-link.test.ts).
// No fault plan here: the file runs beside the others, its minute's wait with them.
import { describe, expect, it } from 'vitest';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import { mailLogKey, RESEND_DAILY_LIMIT, RESEND_MIN_GAP_MS } from '../../src/invites/domain/mail-limits.js';
import {
  adminDb,
  callAnonymously,
  createInviter,
  eventually,
  halfMadeSignUp,
  outboxIds,
  signUpLinkRequestsOf,
  signUpLinkRequestsSettled,
  verificationMail,
} from './support.js';

/** A mailbox's log as if `times` (ms before now, oldest first) had each seen a mail to its plain address. */
async function mailedBefore(email: string, times: number[]) {
  const now = Date.now();
  const sentAt = times.map((ago) => new Date(now - ago).toISOString());
  await adminDb.collection('_mailLogs').doc(mailLogKey(email)).set({ sentAt, plainSentAt: sentAt });
  return sentAt.map((at) => Date.parse(at));
}

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
      () => signUpLinkRequestsOf({ email }),
      (waiting) => waiting === 1,
      { what: 'one request left waiting for the minute', timeoutMs: 30_000 },
    );

    const second = await verificationMail(email, { after: [first.id], timeoutMs: RESEND_MIN_GAP_MS + 30_000 });
    // The minute is kept between the server's decisions to send (the mailbox's log); each mail's
    // createdAt is its commit's, a moment after its decision, so two of them may stand closer by
    // the first commit's delay (23 ms seen with the machine busy).
    const log = (await adminDb.collection('_mailLogs').doc(mailLogKey(email)).get()).data() as { sentAt: string[] };
    const [firstSent, secondSent] = log.sentAt.map((at) => Date.parse(at));
    expect(log.sentAt).toHaveLength(2);
    expect((secondSent ?? 0) - (firstSent ?? 0)).toBeGreaterThanOrEqual(RESEND_MIN_GAP_MS);
    expect(second.createdAt).toBeGreaterThanOrEqual(secondSent ?? Infinity);
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
