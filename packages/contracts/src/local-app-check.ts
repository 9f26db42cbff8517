/**
 * The local stack's App Check stand-in: tokens shaped like App Check's but unsigned, which only
 * the Functions emulator accepts (functions/src/platform/domain/app-check.ts). Only the local
 * stack's code imports this module (functions/src/local, tools/stack): the browser asks the local
 * stack for a token (app-check.ts, LOCAL_APP_CHECK_TOKEN_PATH), so no production bundle holds it.
 */

import { base64Url } from './base64url.js';

/** The issuer of the local stand-in's tokens; production tokens come from Google's App Check service. */
export const LOCAL_APP_CHECK_ISSUER = 'dayfocus-local-app-check-stand-in';

/** Text as URL-safe base64 of its UTF-8 bytes: a JWT's parts. */
const base64UrlOf = (text: string) => base64Url(new TextEncoder().encode(text));

/**
 * A token of the local stand-in: shaped like an App Check token (a JWT) but unsigned, which
 * only the Functions emulator accepts. `id` makes each one distinct, for consumption.
 */
export function mintLocalAppCheckToken(input: {
  appId: string;
  projectId: string;
  id: string;
  nowMs: number;
  /** Its life: an hour unless said (the App Check fallback's are shorter). */
  lifeMs?: number;
}): {
  token: string;
  expireTimeMillis: number;
} {
  const expireTimeMillis = input.nowMs + (input.lifeMs ?? 60 * 60 * 1000);
  const header = base64UrlOf(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64UrlOf(
    JSON.stringify({
      iss: LOCAL_APP_CHECK_ISSUER,
      sub: input.appId,
      aud: [`projects/${input.projectId}`],
      iat: Math.floor(input.nowMs / 1000),
      exp: Math.floor(expireTimeMillis / 1000),
      jti: input.id,
    }),
  );
  return { token: `${header}.${payload}.stand-in`, expireTimeMillis };
}
