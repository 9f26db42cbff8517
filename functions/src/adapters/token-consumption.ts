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

/** True the first time the call's token is consumed, false on a replay (or with no token). */
export async function consumeCallToken(request: CallableRequest): Promise<boolean> {
  if (isEmulator) return consumeStandInToken(request.app?.token);
  const token = request.rawRequest.header('X-Firebase-AppCheck');
  if (!token) return false;
  const verified = await getAppCheck(firebaseApp).verifyToken(token, { consume: true });
  return verified.alreadyConsumed !== true;
}
