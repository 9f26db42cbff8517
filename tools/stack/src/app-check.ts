/**
 * App Check on the local stack: the stand-in's tokens (functions/src/platform/domain/app-check.ts),
 * for the tools and tests that call a callable without the web app's Firebase SDK.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mintLocalAppCheckToken } from '@dayfocus/contracts/local-app-check';
import { repoRoot, stack } from './config.js';

/** The web app id of the local stack's configuration, read from apps/web/public/config.json. */
export const LOCAL_WEB_APP_ID = (
  JSON.parse(readFileSync(join(repoRoot, 'apps/web/public/config.json'), 'utf8')) as { firebase: { appId: string } }
).firebase.appId;

/**
 * The app IDs of the mobile apps the tests play (Firebase's form `1:{project number}:{platform}:{hash}`):
 * App Check names the calling app by it, as it does the real apps.
 */
export const LOCAL_ANDROID_APP_ID = '1:123456789012:android:0a1b2c3d4e5f60718293a4';
export const LOCAL_IOS_APP_ID = '1:123456789012:ios:0a1b2c3d4e5f60718293a4';

/**
 * A fresh token of the local App Check stand-in (domain/app-check.ts) with its expiry, as the web
 * app mints one; `appId` another app's (a mobile app's, above).
 */
export function mintLocalToken(appId = LOCAL_WEB_APP_ID): { token: string; expireTimeMillis: number } {
  return mintLocalAppCheckToken({
    appId,
    projectId: stack.projectId,
    id: randomUUID(),
    nowMs: Date.now(),
  });
}

/** A fresh token of the local App Check stand-in. */
export function localAppCheckToken(): string {
  return mintLocalToken().token;
}

/** Headers of a raw callable request (`POST {urls.functions}/{name}`) that App Check lets through. */
export function callableHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', 'x-firebase-appcheck': localAppCheckToken() };
}
