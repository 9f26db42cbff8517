/**
 * Firebase App Check on the callables: the rules, free of Firebase so that the web app and
 * the tests share them.
 *
 * - Every callable requires a valid App Check token (`enforceAppCheck`). For the first days
 *   of a rollout, `APP_CHECK_ENFORCEMENT=monitor` (functions/.env) lets calls without one
 *   through and logs each ("App Check would refuse"), so that the share of real visitors
 *   without a token can be watched before enforcing.
 * - The calls whose replay does harm (a join, an inviter named, a mail, a mint: the manifest's
 *   `replayProtected` rows) also consume their token, for which their clients ask a limited-use
 *   one: a script that captured one token could otherwise repeat the call at will. The others keep
 *   ordinary tokens: consuming costs a round trip to App Check on every call, and replaying a read
 *   gains nothing but what a visitor sees anyway.
 * - The local stack has no App Check backend (no emulator exists, and the debug provider
 *   needs Google's servers), and the Functions emulator decodes tokens without verifying
 *   them. So the local stack uses a stand-in (contracts' local-app-check.ts): unsigned tokens
 *   naming LOCAL_APP_CHECK_ISSUER, which the tests mint and the web app asks the local stack for,
 *   so the browser's bundle never holds the stand-in. The functions accept only such tokens in the
 *   local stack, and consume them through a local record. The web configuration that a deploy
 *   ships cannot name the stand-in (@dayfocus/contracts/runtime-config).
 */

export type AppCheckEnforcement = 'enforce' | 'monitor';

/** `APP_CHECK_ENFORCEMENT`: absent or "enforce" enforces; "monitor" logs only. Anything else fails the load (and so the deploy). */
export function appCheckEnforcement(value: string | undefined): AppCheckEnforcement {
  const mode = (value ?? '').trim();
  if (mode === '' || mode === 'enforce') return 'enforce';
  if (mode === 'monitor') return 'monitor';
  throw new Error(`APP_CHECK_ENFORCEMENT must be "enforce" or "monitor", not "${value}"`);
}

/** `request.app`, as the framework hands it to a callable. */
export interface AppCheckData {
  appId?: string;
  token: Record<string, unknown>;
}

/** `replayed`: a replay-protected call's token was consumed before (platform/functions/callable.ts). */
export type AppCheckVerdict = 'ok' | 'missing' | 'not-stand-in' | 'replayed';

/** `counts`: in the local stack, where tokens are not verified, only the stand-in's count. */
export function appCheckVerdict(
  app: AppCheckData | undefined,
  counts: (token: Record<string, unknown>) => boolean,
): AppCheckVerdict {
  if (!app) return 'missing';
  if (!counts(app.token)) return 'not-stand-in';
  return 'ok';
}

export function appCheckAction(verdict: AppCheckVerdict, mode: AppCheckEnforcement): 'proceed' | 'log' | 'refuse' {
  if (verdict === 'ok') return 'proceed';
  return mode === 'enforce' ? 'refuse' : 'log';
}

/** `alwaysEnforced`: a callable that must never run unverified. */
export function callableAppCheckMode(rollout: AppCheckEnforcement, alwaysEnforced: boolean): AppCheckEnforcement {
  return alwaysEnforced ? 'enforce' : rollout;
}
