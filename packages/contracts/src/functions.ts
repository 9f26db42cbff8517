/**
 * Every function a deploy creates, one row each: the one list from which the rest (caps, App
 * Check's consumption, firebase.json's rewrites and headers) is made or checked, so that a function
 * cannot be added in one place only. docs/first-change.md shows a new row.
 */
import type { AnyObject, ObjectSchema } from 'yup';
import type { ActivationAnswer, AppLinkAnswer, AttestationAnswer, InviterCard, ResolvedAppLink } from './answers.js';
import { deployRows } from './deploy-functions.js';
import { emailProofRows } from './email-proof-functions.js';
import { finishSignUpRows } from './finish-sign-up-functions.js';
import { answer, type Answer } from './function-answer.js';
import { INVITE_CARD_PREFIX } from './invite-card.js';
import { hostingSourcesOf, pagePatterns } from './page-paths.js';
import type { RequestFields } from './requests.js';
import { ACCOUNT_RECOVERY_PATH } from './sign-in-handoff.js';
import type { WriteResult } from './write-result.js';

export type { Answer } from './function-answer.js';

export interface FunctionRow {
  trigger: 'callable' | 'http' | 'auth' | 'firestore' | 'schedule';
  /**
   * The most instances it may run at once: a cap on a runaway bill (a bot loop, an app that
   * calls in a loop), not a capacity plan. A 2nd-gen instance serves up to 80 requests at once;
   * beyond the cap, requests queue briefly and then get 429, which the callables' clients retry.
   */
  maxInstances: number;
  /**
   * Who starts it and how often: why its cap is what it is. docs/architecture.md's capacity list
   * is written from these (`tsx scripts/check-docs.mjs --write`; `npm run lint` fails when it differs).
   */
  why: string;
  /** A callable's caller: the web app, through Hosting's `/api/{name}` rewrite, or the mobile app. */
  caller?: 'web' | 'app';
  /** A callable whose App Check token is consumed: a replay would repeat a join, an inviter named, a mail or a mint. */
  replayProtected?: boolean;
  /**
   * A callable that enforces App Check and refuses a replay even while `APP_CHECK_ENFORCEMENT=monitor`
   * rolls App Check out for the others: one that mints a session.
   */
  appCheckAlways?: boolean;
  /**
   * A callable that takes no App Check token: the fallback that mints one when the first
   * attestation fails (functions/src/attestation/), which proves its caller by its own challenge.
   */
  attestsItself?: boolean;
  /** An HTTP function's Hosting paths (firebase.json's rewrites), in the order Hosting tries them. */
  hosting?: readonly string[];
  /**
   * A callable that runs as a service account of its own (`{serviceAccount}@{project}.iam.gserviceaccount.com`)
   * rather than the project's compute default account, which every other 2nd-gen function runs as.
   * Only the functions that sign through IAM, each with the account of what it signs: a sign-in
   * (HANDOFF_SIGNER) or an App Check token (APP_CHECK_MINTER).
   */
  serviceAccount?: SigningAccount;
  /**
   * A callable's request, written with the fields of requests.ts: its schema, which the server
   * validates each call with, and its type (`RequestOf`, callables.ts). A function of the fields
   * rather than a schema, so that the web app, which reads this manifest, bundles no schema.
   */
  request?: (fields: RequestFields) => ObjectSchema<AnyObject>;
  /** A callable's answer: `answer<T>()`, a type only. */
  answer?: Answer<unknown>;
}

/**
 * The service account of the functions that mint custom tokens (a sign-in as any uid), and the one
 * account that holds the Service Account Token Creator role, granted on itself only: the Admin SDK
 * signs through IAM's signBlob as the account its function runs as. No other function can sign
 * (docs/deploying.md, step 3; the deploy's preflight checks the grants).
 */
export const HANDOFF_SIGNER = 'dayfocus-handoff-signer';

/**
 * The service account of the App Check fallback (`attestByChallenge`), whose `createToken` signs a
 * custom token for App Check's exchange through signBlob as its function's account: the Token
 * Creator role on itself too. Never the handoff's signer: a bug or a dependency of the fallback,
 * the one callable without App Check, would then mint a sign-in as anyone.
 */
export const APP_CHECK_MINTER = 'dayfocus-app-check-minter';

export type SigningAccount = typeof HANDOFF_SIGNER | typeof APP_CHECK_MINTER;

/** A service account's address in a project: what firebase-tools makes of `{account}@`. */
export const serviceAccountEmail = (account: string, projectId: string) =>
  `${account}@${projectId}.iam.gserviceaccount.com`;

const pageSources = Object.values(pagePatterns).flatMap(hostingSourcesOf);

export const functionManifest = {
  openAppLink: {
    trigger: 'http',
    maxInstances: 30,
    why: 'every open of a short link: what a viral link or a crawler storm hits',
    hosting: ['/l/**'],
  },
  appSiteAssociation: {
    trigger: 'http',
    maxInstances: 5,
    why: "fetched now and then by the phones' OS, cached by Hosting",
    hosting: ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json'],
  },
  getInviter: {
    trigger: 'callable',
    maxInstances: 20,
    why: 'one call per visitor of a sign-up page (the invitation page comes from the server with the inviter)',
    caller: 'web',
    request: (fields) => fields.object({ inviterId: fields.userId() }),
    answer: answer<InviterCard>(),
  },
  createAppLink: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'once per visitor who taps "I already have an account"',
    caller: 'web',
    request: (fields) => fields.object({ inviterId: fields.userId() }),
    answer: answer<AppLinkAnswer>(),
  },
  registerInvitee: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'one call per new account, each of which needs a new Firebase Auth account first',
    caller: 'web',
    replayProtected: true,
    request: (fields) => fields.object({ inviterId: fields.userId(), name: fields.userName() }),
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
  ...finishSignUpRows,
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
  ...emailProofRows,
  completeSocialSignUp: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'one call per new account signed in with Apple or Google',
    caller: 'web',
    replayProtected: true,
    request: (fields) => fields.object({ inviterId: fields.userId() }),
    answer: answer<ActivationAnswer>(),
  },
  invitationPage: {
    trigger: 'http',
    maxInstances: 20,
    why: 'every page of the journey the CDN has not cached (one a minute per page and CDN location), and the welcome page',
    hosting: pageSources,
  },
  resolveAppLink: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'the app, once per invite it picks up, before sign-in',
    caller: 'app',
    request: (fields) => fields.object({ code: fields.linkCode() }),
    answer: answer<ResolvedAppLink>(),
  },
  acceptInvite: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'the app, once per acceptance ("Add Asha as a friend?")',
    caller: 'app',
    replayProtected: true,
    request: (fields) => fields.object({ code: fields.linkCode() }),
    answer: answer<{ inviter: InviterCard }>(),
  },
  createSignInHandoff: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'a tap on "Get the app" by a person signed in on the welcome page (docs/app-contract.md, section 6)',
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
  attestByChallenge: {
    trigger: 'callable',
    maxInstances: 5,
    why: 'a visitor whose App Check attestation failed: a challenge, then a token per solved one, within limits per client and address',
    caller: 'web',
    attestsItself: true,
    // It mints App Check tokens: it alone runs as the minter.
    serviceAccount: APP_CHECK_MINTER,
    // Without `solution`: a challenge to solve. With it: an App Check token for `appId`, once per
    // challenge, of limited use when `limitedUse` (a replay-protected call's, which it consumes).
    request: (fields) =>
      fields.object({
        appId: fields.webAppId(),
        client: fields.installationId(),
        context: fields.arrivalContext(),
        solution: fields.attestationSolution(),
        limitedUse: fields.limitedUse(),
      }),
    answer: answer<AttestationAnswer>(),
  },
  inviteCard: {
    trigger: 'http',
    maxInstances: 10,
    why: "the first fetch of each card, by a link preview's crawler or a chat app; the CDN keeps every card a year",
    hosting: [`${INVITE_CARD_PREFIX}**`],
  },
  accountRecovery: {
    trigger: 'http',
    maxInstances: 5,
    why: "the recovery page of an account a reused handoff code locked: its owner, once, from the lock's mail",
    hosting: [ACCOUNT_RECOVERY_PATH],
  },
  ...deployRows,
  onAccountCreated: { trigger: 'auth', maxInstances: 10, why: 'one event per sign-up' },
  onAccountDeleted: { trigger: 'auth', maxInstances: 5, why: 'one event per deletion' },
  sendJoinPush: {
    trigger: 'firestore',
    maxInstances: 10,
    why: "every write of a join's record: the inviter's batch, and one FCM send per push it claims",
  },
  sweepOwedPushes: { trigger: 'schedule', maxInstances: 1, why: 'one sweep at a time, by design (docs/joins.md)' },
} as const satisfies Record<string, FunctionRow>;

export type FunctionName = keyof typeof functionManifest;

export function functionRows(): (FunctionRow & { name: FunctionName })[] {
  return (Object.keys(functionManifest) as FunctionName[]).map((name) => ({ name, ...functionManifest[name] }));
}

export const APP_CHECK_ALWAYS_CALLABLES: readonly string[] = functionRows()
  .filter((row) => row.appCheckAlways)
  .map((row) => row.name);

export const REPLAY_PROTECTED_CALLABLES: ReadonlySet<string> = new Set(
  functionRows()
    .filter((row) => row.replayProtected)
    .map((row) => row.name),
);
