/**
 * The functions' manifest's rows (functions.ts joins them) of the e-mail proof: no mail where the
 * browser can prove the address (functions/src/email-proof/).
 */
import type { EmailProofNonce } from './answers.js';
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
} as const satisfies Record<string, FunctionRow>;
