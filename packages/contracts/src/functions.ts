/**
 * Every function a deploy creates, one row each: the one list from which the rest is made or
 * checked. The server caps each function's instances with it and consumes the App Check
 * token of the replay-protected callables; the web app and the tests ask limited-use tokens
 * for those; `tools/deploy/src/firebase-json.ts` writes firebase.json's Hosting rewrites (and
 * the pages' headers) from it, and `npm run lint` fails when firebase.json differs; the deploy
 * test (functions/test/unit/deploy-manifest.test.ts) holds what the built functions declare
 * against it. docs/first-change.md shows a new row.
 */
import type { CallableName } from './callables.js';
import { hostingSourcesOf, pagePatterns } from './page-paths.js';
import { ACCOUNT_RECOVERY_PATH } from './sign-in-handoff.js';

export interface FunctionRow {
  /** What starts it: a callable, an HTTP request (through Hosting), an Auth event, a document's change, a schedule. */
  trigger: 'callable' | 'http' | 'auth' | 'firestore' | 'schedule';
  /**
   * The most instances it may run at once: a cap on a runaway bill (a bot loop, an app that
   * calls in a loop), not a capacity plan. A 2nd-gen instance serves up to 80 requests at once;
   * beyond the cap, requests queue briefly and then get 429, which the callables' clients retry.
   */
  maxInstances: number;
  /** A callable's caller: the web app, through Hosting's `/api/{name}` rewrite, or the mobile app. */
  caller?: 'web' | 'app';
  /** A callable whose App Check token is consumed: each call makes a friendship or names an inviter. */
  replayProtected?: boolean;
  /**
   * A callable that enforces App Check and refuses a replay even while `APP_CHECK_ENFORCEMENT=monitor`
   * rolls App Check out for the others: one that mints a session.
   */
  appCheckAlways?: boolean;
  /** An HTTP function's Hosting paths (firebase.json's rewrites), in the order Hosting tries them. */
  hosting?: readonly string[];
  /**
   * A callable that runs as a service account of its own (`{serviceAccount}@{project}.iam.gserviceaccount.com`)
   * rather than the project's compute default account, which every other 2nd-gen function runs as.
   * Only the functions that mint custom tokens: HANDOFF_SIGNER.
   */
  serviceAccount?: typeof HANDOFF_SIGNER;
}

/**
 * The service account of the functions that mint custom tokens (a sign-in as any uid), and the one
 * account that holds the Service Account Token Creator role, granted on itself only: the Admin SDK
 * signs through IAM's signBlob as the account its function runs as. No other function can sign
 * (docs/deploying.md, step 3; the deploy's preflight checks the grants).
 */
export const HANDOFF_SIGNER = 'dayfocus-handoff-signer';

/** A service account's address in a project: what firebase-tools makes of `{account}@`. */
export const serviceAccountEmail = (account: string, projectId: string) =>
  `${account}@${projectId}.iam.gserviceaccount.com`;

/** The paths of the pages the page function answers with a redirect, not a page (no page headers). */
export const redirectPages = [pagePatterns.emailAction, pagePatterns.inviterAppLink] as const;

/** The Hosting paths of every page the page function answers, in pagePatterns' order. */
const pageSources = Object.values(pagePatterns).flatMap(hostingSourcesOf);

export const functionManifest = {
  /** Every open of a short link: the one function a viral link or a crawler storm hits. */
  openAppLink: { trigger: 'http', maxInstances: 30, hosting: ['/l/**'] },
  /** The two association files, fetched by the phones' OS now and then, and cached by Hosting. */
  appSiteAssociation: {
    trigger: 'http',
    maxInstances: 5,
    hosting: ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json'],
  },
  /** The sign-up pages ask for the inviter once per visitor (the invitation page comes from the server with it). */
  getInviter: { trigger: 'callable', maxInstances: 20, caller: 'web' },
  /** "I already have an account": once per visitor who taps it. */
  createAppLink: { trigger: 'callable', maxInstances: 10, caller: 'web' },
  /** One call per new account (each needs a new Firebase Auth account first). */
  registerInvitee: { trigger: 'callable', maxInstances: 10, caller: 'web', replayProtected: true },
  /** One e-mail per sign-up, and "send it again" at most once a minute and five times a day per address. */
  sendVerificationEmail: { trigger: 'callable', maxInstances: 10, caller: 'web' },
  activateAccount: { trigger: 'callable', maxInstances: 10, caller: 'web', replayProtected: true },
  completeSocialSignUp: { trigger: 'callable', maxInstances: 10, caller: 'web', replayProtected: true },
  /**
   * Every page of the journey, server-rendered: the first view of a page Hosting's CDN has not
   * cached (at most one a minute per page and CDN location), and the welcome page.
   */
  invitationPage: { trigger: 'http', maxInstances: 20, hosting: pageSources },
  /** The app, once per invite it picks up (before sign-in) and once per acceptance. */
  resolveAppLink: { trigger: 'callable', maxInstances: 10, caller: 'app' },
  acceptInvite: { trigger: 'callable', maxInstances: 10, caller: 'app', replayProtected: true },
  /** A tap on "Get the app" by a person signed in on the welcome page (docs/app-contract.md, section 6). */
  createSignInHandoff: { trigger: 'callable', maxInstances: 10, caller: 'web' },
  /** The app's first start after an install from the welcome page: once, or twice when an answer was lost. */
  redeemSignInHandoff: {
    trigger: 'callable',
    maxInstances: 10,
    caller: 'app',
    replayProtected: true,
    // A replayed redemption would mint again.
    appCheckAlways: true,
    // It mints a custom token: it alone runs as the signer.
    serviceAccount: HANDOFF_SIGNER,
  },
  /** "Not you?" in an app signed in by a handoff. */
  revokeSignInHandoff: { trigger: 'callable', maxInstances: 5, caller: 'app' },
  /** The recovery page of an account a reused handoff code locked: its owner, once, from the lock's mail. */
  accountRecovery: { trigger: 'http', maxInstances: 5, hosting: [ACCOUNT_RECOVERY_PATH] },
  /** Account events: one per sign-up or deletion. */
  onAccountCreated: { trigger: 'auth', maxInstances: 10 },
  onAccountDeleted: { trigger: 'auth', maxInstances: 5 },
  /** Every write of a join's record; a new claim (one per join that owes a push) is a single FCM send. */
  sendJoinPush: { trigger: 'firestore', maxInstances: 10 },
  /** One sweep at a time, by design (docs/joins.md). */
  sweepOwedPushes: { trigger: 'schedule', maxInstances: 1 },
} as const satisfies Record<string, FunctionRow>;

export type FunctionName = keyof typeof functionManifest;

/** The callables among them: exactly the callable map's names (a type error otherwise). */
type CallableRows = {
  [N in FunctionName]: (typeof functionManifest)[N] extends { trigger: 'callable' } ? N : never;
}[FunctionName];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** True, or this file does not compile: a callable row for every name of the map, and no other. */
export const callableRowsMatchTheMap: Same<CallableRows, CallableName> = true;

/** The manifest's rows as a list (the name with each). */
export function functionRows(): (FunctionRow & { name: FunctionName })[] {
  return (Object.keys(functionManifest) as FunctionName[]).map((name) => ({ name, ...functionManifest[name] }));
}

/** The callables that enforce App Check whatever the rollout's mode. */
export const APP_CHECK_ALWAYS_CALLABLES: readonly string[] = functionRows()
  .filter((row) => row.appCheckAlways)
  .map((row) => row.name);

/** The callables whose App Check token is consumed. */
export const REPLAY_PROTECTED_CALLABLES: ReadonlySet<string> = new Set(
  functionRows()
    .filter((row) => row.replayProtected)
    .map((row) => row.name),
);
