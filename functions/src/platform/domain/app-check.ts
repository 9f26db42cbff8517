/**
 * Firebase App Check on the callables: the rules, free of Firebase so that the web app and
 * the tests share them.
 *
 * - Every callable requires a valid App Check token (`enforceAppCheck`). For the first days
 *   of a rollout, `APP_CHECK_ENFORCEMENT=monitor` (functions/.env) lets calls without one
 *   through and logs each ("App Check would refuse"), so that the share of real visitors
 *   without a token can be watched before enforcing.
 * - The calls whose replay does harm also consume their token (replay protection): each
 *   of them makes a friendship and sends the inviter a push, or names an inviter on a new
 *   account. A script that captured one token could otherwise repeat the call at will. The
 *   web client asks for a limited-use token for these calls. The read-only or idempotent
 *   ones (getInviter, createAppLink) keep ordinary tokens: consuming costs a round trip to
 *   App Check on every call, and replaying them gains nothing but what a visitor sees anyway.
 *   The same for the mobile app's calls: acceptInvite consumes (the app asks for a
 *   limited-use token), resolveAppLink does not.
 * - The local stack has no App Check backend (no emulator exists, and the debug provider
 *   needs Google's servers), and the Functions emulator decodes tokens without verifying
 *   them. So the local stack uses a stand-in (contracts' local-app-check.ts): unsigned tokens
 *   naming LOCAL_APP_CHECK_ISSUER, which the tests mint and the web app asks the local stack for
 *   (local/dev-app-check.ts), so the browser's bundle never holds the stand-in. The functions
 *   accept only such tokens in the local stack (local/environment.ts), and consume them through
 *   a local record. The web configuration that a deploy ships cannot name the stand-in
 *   (@dayfocus/contracts/runtime-config).
 */

export type AppCheckEnforcement = 'enforce' | 'monitor';

/** `APP_CHECK_ENFORCEMENT`: absent or "enforce" enforces; "monitor" logs only. Anything else fails the load (and so the deploy). */
export function appCheckEnforcement(value: string | undefined): AppCheckEnforcement {
  const mode = (value ?? '').trim();
  if (mode === '' || mode === 'enforce') return 'enforce';
  if (mode === 'monitor') return 'monitor';
  throw new Error(`APP_CHECK_ENFORCEMENT must be "enforce" or "monitor", not "${value}"`);
}

/** What the framework hands a callable about the App Check token (`request.app`). */
export interface AppCheckData {
  appId?: string;
  token: Record<string, unknown>;
}

/** `replayed`: a replay-protected call's token was consumed before (platform/functions/callable.ts). */
export type AppCheckVerdict = 'ok' | 'missing' | 'not-stand-in' | 'replayed';

/**
 * The verdict on a call's App Check token. `counts`: whether the environment takes this token
 * (in the local stack, where tokens are not verified, only the stand-in's count).
 */
export function appCheckVerdict(
  app: AppCheckData | undefined,
  counts: (token: Record<string, unknown>) => boolean,
): AppCheckVerdict {
  if (!app) return 'missing';
  if (!counts(app.token)) return 'not-stand-in';
  return 'ok';
}

/** What the callable does with a verdict in the given mode. */
export function appCheckAction(verdict: AppCheckVerdict, mode: AppCheckEnforcement): 'proceed' | 'log' | 'refuse' {
  if (verdict === 'ok') return 'proceed';
  return mode === 'enforce' ? 'refuse' : 'log';
}

/** A callable's own mode: the rollout's, or `enforce` for one that must never run unverified. */
export function callableAppCheckMode(rollout: AppCheckEnforcement, alwaysEnforced: boolean): AppCheckEnforcement {
  return alwaysEnforced ? 'enforce' : rollout;
}
