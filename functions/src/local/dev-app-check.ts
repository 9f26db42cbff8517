/**
 * The local stand-in for App Check: its tokens, which the web app fetches from the local stack's
 * Hosting (LOCAL_APP_CHECK_TOKEN_PATH), and their consumption (replay protection). In the
 * emulator the framework decodes tokens without asking App Check, so it never reports one as
 * already consumed; this records each consumed token's id instead, once. Never used in a deploy.
 */
import { randomUUID } from 'node:crypto';
import { mintLocalAppCheckToken } from '@dayfocus/contracts/local-app-check';
import { db, firebaseApp } from '../platform/adapters/firebase.js';
import { grpcCodeOf, GrpcStatus } from '../platform/adapters/grpc-status.js';
import { httpFunction } from '../platform/functions/http-function.js';
import { localCollections } from './collections.js';
import { localFunctions } from './manifest.js';

const noStore = { 'cache-control': 'no-store' };

/** What the web app's App Check provider asks for on the local stack (apps/web/src/lib/firebase.ts). */
export const devAppCheckToken = httpFunction(localFunctions.devAppCheckToken, (_, req) => {
  const appId = typeof req.query['appId'] === 'string' ? req.query['appId'] : '';
  if (appId === '' || appId.length > 200) {
    return { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', ...noStore }, body: 'appId?' };
  }
  const projectId = firebaseApp.options.projectId ?? process.env.GCLOUD_PROJECT ?? '';
  const token = mintLocalAppCheckToken({ appId, projectId, id: randomUUID(), nowMs: Date.now() });
  return { status: 200, headers: { 'content-type': 'application/json', ...noStore }, body: JSON.stringify(token) };
});

/** The App Check fallback's tokens on the local stack. */
export function mintStandInToken(appId: string, lifeMs: number): { token: string; expireTimeMillis: number } {
  const projectId = firebaseApp.options.projectId ?? process.env.GCLOUD_PROJECT ?? '';
  return mintLocalAppCheckToken({ appId, projectId, id: randomUUID(), nowMs: Date.now(), lifeMs });
}

/**
 * True the first time a token is consumed, false on every replay (or when it has no id). The
 * record names this consumption, so that a create whose answer was lost, and which the client
 * library tried again, is known for this call's own and not taken for a replay.
 */
export async function consumeStandInToken(token: Record<string, unknown> | undefined): Promise<boolean> {
  const id = token?.jti;
  if (typeof id !== 'string' || id === '' || id.includes('/') || id.length > 200) return false;
  const ref = db.collection(localCollections.appCheckTokens).doc(id);
  const consumption = randomUUID();
  try {
    await ref.create({ consumedAt: new Date().toISOString(), consumption });
    return true;
  } catch (error) {
    if (grpcCodeOf(error) !== GrpcStatus.ALREADY_EXISTS) throw error;
    return (await ref.get()).data()?.['consumption'] === consumption;
  }
}
