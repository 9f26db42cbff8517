/**
 * The shape every callable shares: validate with the request's schema, check the caller,
 * run the flow, and turn failures into HttpsError. Nothing is written for rejected input,
 * because validation happens before the flow runs.
 */
import { HttpsError, onCall, type CallableOptions, type CallableRequest } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import type { Schema } from 'yup';
import { requestSchemaOf, type AnswerOf, type CallableName, type RequestOf } from '@dayfocus/contracts/callables';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { HANDOFF_CLAIM } from '@dayfocus/contracts/sign-in-handoff';
import { describeProblems, validateRequest } from '@dayfocus/contracts/requests';
import { consumeCallToken } from '../adapters/token-consumption.js';
import { withWriteGate } from '../adapters/write-gate.js';
import { environment } from '../environment.js';
import {
  appCheckAction,
  appCheckEnforcement,
  appCheckVerdict,
  callableAppCheckMode,
  type AppCheckEnforcement,
  type AppCheckVerdict,
} from '../domain/app-check.js';
import { FlowError } from '../domain/errors.js';
import type { Caller } from '../domain/caller.js';
import { specOf, type FunctionSpec } from './capacity.js';

export function callerOf(request: CallableRequest): Caller | null {
  if (!request.auth) return null;
  const token = request.auth.token;
  return {
    uid: request.auth.uid,
    email: typeof token.email === 'string' ? token.email : undefined,
    signInProvider: token.firebase?.sign_in_provider,
    name: typeof token.name === 'string' ? token.name : undefined,
    emailVerified: token.email_verified === true,
    authTime: typeof token.auth_time === 'number' ? token.auth_time : undefined,
    ...(token[HANDOFF_CLAIM] === true ? { handoff: true as const } : {}),
  };
}

export function requireCaller(request: CallableRequest): Caller {
  const caller = callerOf(request);
  if (!caller) throw new FlowError('unauthenticated', 'Sign in first');
  return caller;
}

export function toHttpsError(name: string, error: unknown): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof FlowError) return new HttpsError(error.code, error.message, error.details);
  logger.error(`${name} failed unexpectedly`, {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return new HttpsError('internal', 'Something went wrong; please try again');
}

/** App Check's mode for every callable, from functions/.env (see domain/app-check.ts). */
export const appCheckMode = appCheckEnforcement(process.env.APP_CHECK_ENFORCEMENT);

export interface CallableSettings extends Pick<CallableOptions, 'secrets'> {
  /**
   * A replay-protected callable whose writes all go through gated ports (write-gate.ts): its
   * token is consumed beside the handler's reads, not before the handler starts. Every other
   * replay-protected handler starts once its token is consumed.
   */
  consumesBesideReads?: boolean;
}

/**
 * Settles once a replay-protected call may write: its App Check token consumed for the first
 * time. A replay is refused (enforce mode) or logged (monitor mode); a consumption that fails
 * is refused as unavailable, since trying again may work.
 */
async function admit(request: CallableRequest, name: string, mode: AppCheckEnforcement): Promise<void> {
  let fresh: boolean;
  try {
    fresh = await consumeCallToken(request);
  } catch (error) {
    logger.warn('Could not consume the App Check token', { callable: name, error: String(error) });
    if (mode === 'monitor') return;
    throw new HttpsError('unavailable', 'This app could not be verified just now; please try again');
  }
  if (!fresh) actOn('replayed', name, mode);
}

function actOn(verdict: AppCheckVerdict, name: string, mode: AppCheckEnforcement): void {
  const action = appCheckAction(verdict, mode);
  if (action === 'refuse') throw new HttpsError('unauthenticated', appCheckRefusal(verdict));
  if (action === 'log') logger.warn('App Check would refuse this call (monitor mode)', { callable: name, verdict });
}

/**
 * A callable of the functions' manifest (@dayfocus/contracts/functions): its row gives its cap,
 * its App Check rules and its request's schema, and its name types its request and answer.
 */
export function callable<N extends CallableName>(
  name: N,
  handler: (input: RequestOf<N>, request: CallableRequest) => Promise<AnswerOf<N>>,
  settings: CallableSettings = {},
) {
  return defineCallable(specOf(name), requestSchemaOf(name) as Schema<RequestOf<N>>, handler, settings);
}

/** The local stack's own callables too, which no client is typed against. */
export function defineCallable<Req, Res>(
  {
    name,
    maxInstances,
    replayProtected = false,
    appCheckAlways = false,
    attestsItself = false,
    serviceAccount,
  }: FunctionSpec,
  schema: Schema<Req>,
  handler: (input: Req, request: CallableRequest) => Promise<Res>,
  { consumesBesideReads = false, ...options }: CallableSettings = {},
) {
  const consume = replayProtected;
  const mode = callableAppCheckMode(appCheckMode, appCheckAlways);

  async function respond(request: CallableRequest, beforeWrites: Promise<void>): Promise<Res> {
    const validation = validateRequest(schema, request.data);
    if (!validation.ok) {
      throw new HttpsError('invalid-argument', describeProblems(validation.problems), {
        problems: validation.problems,
      });
    }
    if (!consumesBesideReads) await beforeWrites;
    try {
      // The ports' writes wait for the consumption (write-gate.ts); the handler reads beside it.
      return await withWriteGate(beforeWrites, () => handler(validation.value, request));
    } catch (error) {
      throw toHttpsError(name, error);
    }
  }

  return onCall(
    {
      ...options,
      region: FUNCTIONS_REGION,
      // No cross-origin browser calls: the web app reaches the callables on its own origin,
      // through Hosting's /api rewrites (config.json's callablesPath). Another site's page gets
      // no CORS answer, so its visitors' browsers cannot call on their behalf.
      cors: false,
      maxInstances,
      // Its own service account, for a callable that signs through IAM (the manifest's row):
      // firebase-tools completes `name@` with `{project}.iam.gserviceaccount.com`. Every other
      // callable runs as the compute default account, which may sign nothing (docs/deploying.md).
      ...(serviceAccount ? { serviceAccount: `${serviceAccount}@` } : {}),
      // Missing and invalid tokens are refused by the framework before the handler runs. The
      // App Check fallback takes none: it is called because its caller could get none.
      enforceAppCheck: mode === 'enforce' && !attestsItself,
      // Replay-protected calls consume their token themselves (admit), when the handler can
      // wait for it: beside its reads rather than before them.
      consumeAppCheckToken: false,
    },
    async (request: CallableRequest): Promise<Res> => {
      const verdict = attestsItself ? 'ok' : appCheckVerdict(request.app, environment().countsAppCheckToken);
      actOn(verdict, name, mode);
      // Replay protection: the token is consumed while the call validates and, when the
      // handler waits for `beforeWrites`, reads. A replay is refused whatever the call found;
      // its reads (one round at most) are the price of not waiting for App Check before them.
      const beforeWrites = consume && verdict === 'ok' ? admit(request, name, mode) : Promise.resolve();
      beforeWrites.catch(() => undefined); // awaited below; never an unhandled rejection
      const outcome = respond(request, beforeWrites);
      outcome.catch(() => undefined); // awaited below; never an unhandled rejection
      try {
        await beforeWrites;
      } catch (refusal) {
        // The handler may still be reading in an open transaction: the answer waits until it
        // has ended (it writes nothing, its `beforeWrites` refused), so that no work of this
        // call runs on after it, where an instance without a request may get no CPU.
        await outcome.catch(() => undefined);
        throw refusal;
      }
      return outcome;
    },
  );
}

function appCheckRefusal(verdict: AppCheckVerdict): string {
  return verdict === 'replayed'
    ? 'This request was already made once; reload the page and try again'
    : 'This app could not be verified; reload the page and try again';
}
