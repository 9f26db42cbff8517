/**
 * What a row of the functions' manifest (functions.ts) says of a function, and the service
 * accounts a row may name: below the slices' row files, which each hold their rows to it.
 */
import type { AnyObject, ObjectSchema } from 'yup';
import type { Answer } from './function-answer.js';
import type { RequestFields } from './requests.js';

export interface FunctionRow {
  trigger: 'callable' | 'http' | 'auth' | 'firestore' | 'schedule';
  /**
   * The most instances it may run at once: a cap on a runaway bill (a bot loop, an app that
   * calls in a loop), not a capacity plan. A 2nd-gen instance serves up to 80 requests at once;
   * beyond the cap, requests queue briefly and then get 429, which the callables' clients retry.
   */
  maxInstances: number;
  /**
   * Who starts it and how often: why its cap is what it is. docs/callables.md's capacity list
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
