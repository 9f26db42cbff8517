/**
 * The functions' manifest's rows (functions.ts joins them) of the invites: the inviter's card, the
 * sign-up and each way of proving its address, and Auth's events of an account.
 */
import type { EmailSignUpAnswer, InviterCard } from './answers.js';
import { answer } from './function-answer.js';
import type { FunctionRow } from './function-row.js';
import type { WriteResult } from './write-result.js';

export const inviteRows = {
  getInviter: {
    trigger: 'callable',
    maxInstances: 20,
    why: 'one call per visitor of a sign-up page (the invitation page comes from the server with the inviter)',
    caller: 'web',
    // `link`: the link whose page this is, when it came through one (invite-links.ts).
    request: (fields) => fields.object({ inviterId: fields.userId(), link: fields.inviteLink() }),
    answer: answer<InviterCard>(),
  },
  signUpWithEmail: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'one call per e-mail sign-up: the account, its record and its mail in one round trip',
    caller: 'web',
    replayProtected: true,
    // Nobody signed in: the account is made here, within 100 new accounts an hour per client
    // address (Auth's own limit, which no longer sees her). A taken address is refused as Auth's
    // sign-up refuses it; the page then resumes its own half-made sign-up through Auth.
    request: (fields) =>
      fields.object({
        inviterId: fields.userId(),
        name: fields.userName(),
        email: fields.emailAddress(),
        password: fields.newPassword(),
        language: fields.pageLanguage(),
        way: fields.inviteWay(),
        link: fields.inviteLink(),
        mail: fields.sendsMail(),
      }),
    answer: answer<EmailSignUpAnswer>(),
  },
  registerInvitee: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'one call per new account, each of which needs a new Firebase Auth account first',
    caller: 'web',
    replayProtected: true,
    // `way`: how she came to the invitation, as the page says (invite-ways.ts), recorded once.
    request: (fields) =>
      fields.object({
        inviterId: fields.userId(),
        name: fields.userName(),
        way: fields.inviteWay(),
        link: fields.inviteLink(),
      }),
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
  onAccountCreated: { trigger: 'auth', maxInstances: 10, why: 'one event per sign-up' },
  onAccountDeleted: { trigger: 'auth', maxInstances: 5, why: 'one event per deletion' },
} as const satisfies Record<string, FunctionRow>;
