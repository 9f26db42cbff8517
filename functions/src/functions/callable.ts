/**
 * The shape every callable shares: validate with the request's schema, check the caller,
 * run the flow, and turn failures into HttpsError. Nothing is written for rejected input,
 * because validation happens before the flow runs.
 */
import { HttpsError, onCall, type CallableOptions, type CallableRequest } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import type { Schema } from 'yup';
import { FUNCTIONS_REGION } from '../domain/brand.js';
import { FlowError } from '../domain/errors.js';
import { describeProblems, validateRequest } from '../domain/requests.js';
import type { Caller } from '../flows/invite-flow.js';

export function callerOf(request: CallableRequest): Caller | null {
  if (!request.auth) return null;
  const token = request.auth.token;
  return {
    uid: request.auth.uid,
    email: typeof token.email === 'string' ? token.email : undefined,
    emailVerified: token.email_verified === true,
    signInProvider: token.firebase?.sign_in_provider,
    name: typeof token.name === 'string' ? token.name : undefined,
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

export function callable<Req, Res>(
  name: string,
  schema: Schema<Req>,
  handler: (input: Req, request: CallableRequest) => Promise<Res>,
  options: Pick<CallableOptions, 'secrets'> = {},
) {
  return onCall(
    { ...options, region: FUNCTIONS_REGION, cors: true },
    async (request: CallableRequest): Promise<Res> => {
      const validation = validateRequest(schema, request.data);
      if (!validation.ok) {
        throw new HttpsError('invalid-argument', describeProblems(validation.problems), {
          problems: validation.problems,
        });
      }
      try {
        return await handler(validation.value, request);
      } catch (error) {
        throw toHttpsError(name, error);
      }
    },
  );
}
