// mailSignUpLink tells nothing by its timing and says only what is so: it answers before it looks
// anything up (the account, its sign-up, the mailbox's log), with the same one write for every
// address (unit: sign-up-link-requests.test.ts), and a request that the mailbox's minute holds back
// is mailed once the minute has passed, within the day's five.
import { describe, expect, it } from 'vitest';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import { mailLogKey, RESEND_DAILY_LIMIT, RESEND_MIN_GAP_MS } from '../../src/invites/domain/mail-limits.js';
import {
  adminDb,
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

/** The requests of this address still written down (not yet mailed, held or turned down). */
async function requestsFor(email: string): Promise<number> {
  return (await adminDb.collection('_signUpLinkRequests').where('email', '==', email).get()).size;
}

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

  it(
    'answers a half-made sign-up and an unknown address alike, each before its lookups have run',
    OUR_EMULATOR,
    async () => {
      const inviter = await createInviter();
      const halfMade = await halfMadeSignUp(inviter.userId);
      const nobody = `${uniqueId('nobody')}@example.com`;
      // Every read of a sign-up's record or of a request (each trigger's first) is held back: the
      // answers cannot have waited for one, and the requests stay written down meanwhile.
      const held = (match: string) => ({ rpc: 'BatchGetDocuments', delayMs: 20_000, count: 20, match });
      await firestoreFaults({ faults: [held('_signUps/'), held('_signUpLinkRequests/')] });
      try {
        for (const email of [halfMade.email, nobody]) {
          // A call that read one first would not answer within half the hold.
          const answer = callAnonymously('mailSignUpLink', { email, language: 'en' }, { timeoutMs: 10_000 });
          expect(await answer).toEqual(writeSucceeded);
          // Answered with its request written down and not yet done with: the same for both.
          expect(await requestsFor(email)).toBe(1);
        }
        expect(await outboxIds(halfMade.email)).toEqual([]);
      } finally {
        await firestoreFaults(null);
      }
      // Then the half-made sign-up is mailed, and the unknown address is not.
      await verificationMail(halfMade.email, { timeoutMs: 45_000 });
      await signUpLinkRequestsSettled({ email: nobody }, { timeoutMs: 45_000 });
      expect(await outboxIds(nobody)).toEqual([]);
    },
  );
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
