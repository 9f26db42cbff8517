/**
 * The callables only the mobile apps may call (the inviter's levers on her own invitation): a
 * token of the web app's App Check is refused, whatever the rollout's mode, so that a page in a
 * browser signed in as her (a shared computer, a script of the web app's origin) cannot pause,
 * limit or renew her invitation. A call with no token is refused too, even while App Check is only
 * monitored for the other callables.
 */
import type { CallableRequest } from 'firebase-functions/v2/https';
import { FlowError } from '../domain/errors.js';

/** Firebase's app IDs, `1:{project number}:{platform}:{hash}`: only an Android or iOS app's pass. */
const MOBILE_APP_ID = /^1:\d{1,20}:(android|ios):[0-9a-f]{1,40}$/;

/** The app App Check names: `app_id` when verified, the token's subject as the local stand-in has it. */
function appIdOf(request: CallableRequest): string | undefined {
  const app = request.app as { appId?: unknown; token?: { sub?: unknown } } | undefined;
  const id = app?.appId ?? app?.token?.sub;
  return typeof id === 'string' ? id : undefined;
}

export function requireMobileApp(request: CallableRequest): void {
  const appId = appIdOf(request);
  if (!appId || !MOBILE_APP_ID.test(appId)) {
    throw new FlowError('permission-denied', 'Only the Dayfocus app can change an invitation');
  }
}
