/**
 * The functions' manifest's rows (functions.ts joins them) of the sign-in handoffs: the code the
 * welcome page gives the app, its redemption and revocation, and the locked account's recovery.
 */
import { answer } from './function-answer.js';
import { HANDOFF_SIGNER, type FunctionRow } from './function-row.js';
import { ACCOUNT_RECOVERY_PATH } from './sign-in-handoff.js';

export const signInHandoffRows = {
  createSignInHandoff: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'a tap on "Get the app" by a person signed in on the welcome page (docs/signed-in-on-arrival.md, section 6)',
    caller: 'web',
    // The code signs the app in once, until `expiresAt` (ISO); the language is the one a
    // recovery mail speaks if the code is ever reused.
    request: (fields) => fields.object({ platform: fields.phone(), language: fields.languageTag() }),
    answer: answer<{ code: string; expiresAt: string }>(),
  },
  redeemSignInHandoff: {
    trigger: 'callable',
    maxInstances: 10,
    why: "the app's first start after an install from the welcome page: once, or twice when an answer was lost",
    caller: 'app',
    replayProtected: true,
    // A replayed redemption would mint again.
    appCheckAlways: true,
    // It mints a custom token: it alone runs as the signer.
    serviceAccount: HANDOFF_SIGNER,
    request: (fields) =>
      fields.object({
        code: fields.handoffCode(),
        installationId: fields.installationId(),
        retryKey: fields.retryKey(),
      }),
    answer: answer<{ customToken: string }>(),
  },
  revokeSignInHandoff: {
    trigger: 'callable',
    maxInstances: 5,
    why: '"Not you?" in an app a handoff signed in, which ends every session of the account: rare',
    caller: 'app',
    request: (fields) => fields.object({}),
    answer: answer<{ revoked: true }>(),
  },
  accountRecovery: {
    trigger: 'http',
    maxInstances: 5,
    why: "the recovery page of an account a reused handoff code locked: its owner, once, from the lock's mail",
    hosting: [ACCOUNT_RECOVERY_PATH],
  },
} as const satisfies Record<string, FunctionRow>;
