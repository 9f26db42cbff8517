/**
 * The functions' manifest's rows (functions.ts joins them) of the e-mail proof: no mail where the
 * browser can prove the address (functions/src/email-proof/).
 */
import type { ActivationAnswer, EmailProofNonce } from './answers.js';
import { answer } from './function-answer.js';
import type { FunctionRow } from './function-row.js';

export const emailProofRows = {
  issueEmailProofNonce: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'one call per sign-up form shown where the e-mail proof is on, within limits per tab and address',
    caller: 'web',
    // Before the account exists: the form needs its nonce before she picks her address.
    request: (fields) => fields.object({ holder: fields.proofHolder() }),
    answer: answer<EmailProofNonce>(),
  },
  proveEmail: {
    trigger: 'callable',
    maxInstances: 10,
    why: "one call per e-mail sign-up whose browser filled the form's hidden proof field",
    caller: 'web',
    // A proof joins the inviter, as activation does.
    replayProtected: true,
    // Signed in with email and password, just created: the browser's token for the account's
    // address, with the nonce it was bound to and the tab that asked for it. The platform and
    // language as activateAccount's, for the sign-in code a first proof mints.
    request: (fields) =>
      fields.object({
        token: fields.emailProofToken(),
        nonce: fields.proofNonce(),
        holder: fields.proofHolder(),
        platform: fields.phone().optional().default(undefined),
        language: fields.languageTag(),
      }),
    answer: answer<ActivationAnswer>(),
  },
} as const satisfies Record<string, FunctionRow>;
