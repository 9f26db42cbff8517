// mailSignUpLink tells nothing by its timing: it answers before it looks anything up (the account,
// its sign-up, the mailbox's log), with the same one write for every address (unit:
// sign-up-link-requests.test.ts). Its reads are held through our emulator's fault plan, so the file
// runs alone (vitest.config.mts); the mailbox's limits are sign-up-link-limits.test.ts.
import { describe, expect, it } from 'vitest';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import {
  callAnonymously,
  createInviter,
  firestoreFaults,
  halfMadeSignUp,
  OUR_EMULATOR,
  outboxIds,
  signUpLinkRequestsOf,
  signUpLinkRequestsSettled,
  uniqueId,
  verificationMail,
} from './support.js';

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
          expect(await signUpLinkRequestsOf({ email })).toBe(1);
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
