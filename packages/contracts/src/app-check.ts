/**
 * App Check as the browser, the tests and the server share it: which callables consume their
 * token, and where the local stack serves its stand-in's tokens (functions/src/platform/domain/app-check.ts
 * has the server's rules and why). The stand-in itself is local-app-check.ts, which only the
 * local stack's code imports, so that it never reaches the browser's production bundle.
 */

export { REPLAY_PROTECTED_CALLABLES } from './functions.js';

/**
 * Where the local stack's Hosting serves a fresh stand-in token (`?appId=`) as JSON
 * `{ token, expireTimeMillis }`: the web app's provider on the local stack fetches it there.
 */
export const LOCAL_APP_CHECK_TOKEN_PATH = '/dev/app-check-token';
