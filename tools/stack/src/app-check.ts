/**
 * App Check on the local stack: the stand-in's tokens (functions/src/domain/app-check.ts),
 * for the tools and tests that call a callable without the web app's Firebase SDK.
 */
import { randomUUID } from 'node:crypto';
import { mintLocalAppCheckToken } from '@dayfocus/functions/domain/app-check';
import { stack } from './config.js';

/** The web app id of the local stack's configuration (apps/web/public/config.json). */
export const LOCAL_WEB_APP_ID = '1:000000000000:web:0000000000000000000000';

/** A fresh token of the local App Check stand-in (domain/app-check.ts), as the web app mints one. */
export function localAppCheckToken(): string {
  return mintLocalAppCheckToken({
    appId: LOCAL_WEB_APP_ID,
    projectId: stack.projectId,
    id: randomUUID(),
    nowMs: Date.now(),
  }).token;
}

/** Headers of a raw callable request (`POST {urls.functions}/{name}`) that App Check lets through. */
export function callableHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', 'x-firebase-appcheck': localAppCheckToken() };
}
