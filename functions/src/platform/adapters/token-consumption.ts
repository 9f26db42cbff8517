/**
 * Replay protection: consumes a call's App Check token as the framework's `consumeAppCheckToken`
 * would, but when the callable asks, so that it can run beside the call's reads instead of before
 * them. App Check itself consumes it in a deployment, the stand-in in the local stack.
 */
import type { CallableRequest } from 'firebase-functions/v2/https';
import { environment } from '../environment.js';
import { withinTime } from './time-limit.js';

/**
 * How long a consumption may take. The call waits for it before its first write, inside an open
 * transaction for some calls, and the Admin SDK sets no limit of its own on App Check's request.
 */
const CONSUMPTION_TIMEOUT_MS = 5_000;

/** False on a replay (or with no token); throws when the consumption fails or takes too long. */
export function consumeCallToken(request: CallableRequest): Promise<boolean> {
  return withinTime(
    environment().consumeAppCheckToken(request),
    CONSUMPTION_TIMEOUT_MS,
    "The App Check token's consumption",
  );
}
