/**
 * Replay protection: consumes a call's App Check token, as the framework's
 * `consumeAppCheckToken` would, but when the callable asks, so that it can run beside the
 * call's reads instead of before them (functions/callable.ts). In production App Check itself
 * consumes the token; in the emulator, which has no App Check, the local stand-in does.
 */
import { getAppCheck } from 'firebase-admin/app-check';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { consumeStandInToken } from './dev-app-check.js';
import { firebaseApp, isEmulator } from './firebase.js';
import { withinTime } from './time-limit.js';

/**
 * How long a consumption may take. The call waits for it before its first write, inside an open
 * transaction for some calls, and the Admin SDK sets no limit of its own on App Check's request.
 */
const CONSUMPTION_TIMEOUT_MS = 5_000;

/**
 * True the first time the call's token is consumed, false on a replay (or with no token). Throws
 * when the consumption fails or takes over CONSUMPTION_TIMEOUT_MS.
 */
export function consumeCallToken(request: CallableRequest): Promise<boolean> {
  return withinTime(consume(request), CONSUMPTION_TIMEOUT_MS, "The App Check token's consumption");
}

async function consume(request: CallableRequest): Promise<boolean> {
  if (isEmulator) return consumeStandInToken(request.app?.token);
  const token = request.rawRequest.header('X-Firebase-AppCheck');
  if (!token) return false;
  const verified = await getAppCheck(firebaseApp).verifyToken(token, { consume: true });
  return verified.alreadyConsumed !== true;
}
