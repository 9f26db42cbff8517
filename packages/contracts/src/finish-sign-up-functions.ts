/**
 * The functions' manifest's rows (functions.ts joins them) of a sign-up left half-way: the link to
 * finish it, by mail, and the finish itself (docs/threat-model-sign-up.md, row 36).
 */
import { answer } from './function-answer.js';
import type { FunctionRow } from './function-row.js';
import type { WriteResult } from './write-result.js';

export const finishSignUpRows = {
  mailSignUpLink: {
    trigger: 'callable',
    maxInstances: 10,
    why: "a sign-up left half-way and tried again with another password: a link to finish it, within the mailbox's limits",
    caller: 'web',
    replayProtected: true,
    // One answer for every address, before any lookup: only an unconfirmed companion sign-up gets the mail.
    request: (fields) => fields.object({ email: fields.emailAddress(), language: fields.pageLanguage() }),
    answer: answer<WriteResult>(),
  },
  mailSignUpLinkByAccount: {
    trigger: 'callable',
    maxInstances: 5,
    why: 'an expired or cut verification link, whose page knows the account and not its address: the same link to finish',
    caller: 'web',
    replayProtected: true,
    // The same answer for every uid, and the mail goes only to the account's own address.
    request: (fields) => fields.object({ uid: fields.userId(), language: fields.pageLanguage() }),
    answer: answer<WriteResult>(),
  },
  sendSignUpLink: {
    trigger: 'firestore',
    maxInstances: 10,
    why: "each request of the two above: the lookups and the mail, held up to a minute by the mailbox's limit",
  },
} as const satisfies Record<string, FunctionRow>;
