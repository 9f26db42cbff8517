/**
 * The functions' manifest's rows (functions.ts joins them) of activation: the five callables of the
 * one door (functions/src/activation/flows/door.ts), one per way of proving the address, each
 * answering as activation does.
 */
import type { ActivationAnswer } from './answers.js';
import { answer } from './function-answer.js';
import type { FunctionRow } from './function-row.js';

/** What finishSignUp answers: the welcome's activation, and the account to sign in to with the new password. */
export type FinishSignUpAnswer = ActivationAnswer & { uid: string; email: string };

export const activationRows = {
  activateAccount: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'one call per new account, from its verification link, signed in or not',
    caller: 'web',
    replayProtected: true,
    request: (fields) =>
      fields.object({
        uid: fields.userId(),
        inviterId: fields.userId().optional().default(undefined),
        verificationCode: fields.verificationCode(),
        // The phone's store, for the sign-in code the code's first application mints (a desktop
        // names none), and the language its recovery mail would speak.
        platform: fields.phone().optional().default(undefined),
        language: fields.languageTag(),
      }),
    answer: answer<ActivationAnswer>(),
  },
  confirmEmailWithCode: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'one call per e-mail sign-up that types the code from its mail, and a few mistyped tries',
    caller: 'web',
    // A right code joins the inviter, as activation does.
    replayProtected: true,
    // Signed in with email and password: the code of the account's newest mail. The platform and
    // language as activateAccount's, for the sign-in code a first proof mints.
    request: (fields) =>
      fields.object({
        code: fields.mailCode(),
        platform: fields.phone().optional().default(undefined),
        language: fields.languageTag(),
      }),
    answer: answer<ActivationAnswer>(),
  },
  completeSocialSignUp: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'one call per new account signed in with Apple or Google',
    caller: 'web',
    replayProtected: true,
    request: (fields) =>
      fields.object({ inviterId: fields.userId(), way: fields.inviteWay(), link: fields.inviteLink() }),
    answer: answer<ActivationAnswer>(),
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
  finishSignUp: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'once per link of mailSignUpLink: the new password, the address confirmed, the inviter joined',
    caller: 'web',
    replayProtected: true,
    // Without a password: the link opened again once she finished, answered as done (nothing set, nothing minted).
    request: (fields) =>
      fields.object({
        resetCode: fields.verificationCode().required(),
        password: fields.newPasswordIfAny(),
        // The phone's store, for the sign-in code the welcome's activation mints (none on a desktop).
        platform: fields.phone().optional().default(undefined),
        language: fields.languageTag(),
      }),
    answer: answer<FinishSignUpAnswer>(),
  },
} as const satisfies Record<string, FunctionRow>;
