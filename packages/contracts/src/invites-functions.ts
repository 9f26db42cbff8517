/**
 * The functions' manifest's rows (functions.ts joins them) of the invites: the inviter's card, the
 * sign-up and each way of proving its address, and Auth's events of an account.
 */
import type { ActivationAnswer, InviterCard } from './answers.js';
import { answer } from './function-answer.js';
import type { FunctionRow } from './function-row.js';
import type { WriteResult } from './write-result.js';

export const inviteRows = {
  getInviter: {
    trigger: 'callable',
    maxInstances: 20,
    why: 'one call per visitor of a sign-up page (the invitation page comes from the server with the inviter)',
    caller: 'web',
    request: (fields) => fields.object({ inviterId: fields.userId() }),
    answer: answer<InviterCard>(),
  },
  registerInvitee: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'one call per new account, each of which needs a new Firebase Auth account first',
    caller: 'web',
    replayProtected: true,
    // `way`: how she came to the invitation, as the page says (invite-ways.ts), recorded once.
    request: (fields) =>
      fields.object({ inviterId: fields.userId(), name: fields.userName(), way: fields.inviteWay() }),
    answer: answer<WriteResult>(),
  },
  sendVerificationEmail: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'one e-mail per sign-up, and "send it again" at most once a minute and five times a day per address',
    caller: 'web',
    // The address, the inviter and the link are the server's own (the signed-in account, its
    // sign-up record). One answer whatever the address's state: when the next one may be asked for.
    request: (fields) => fields.object({ language: fields.pageLanguage() }),
    answer: answer<{ retryAfterMs: number }>(),
  },
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
    request: (fields) => fields.object({ inviterId: fields.userId(), way: fields.inviteWay() }),
    answer: answer<ActivationAnswer>(),
  },
  onAccountCreated: { trigger: 'auth', maxInstances: 10, why: 'one event per sign-up' },
  onAccountDeleted: { trigger: 'auth', maxInstances: 5, why: 'one event per deletion' },
} as const satisfies Record<string, FunctionRow>;
