/**
 * The local stand-in for App Check's token consumption (replay protection). In the emulator
 * the framework decodes tokens without asking App Check, so it never reports one as already
 * consumed; this records each consumed token's id instead, once. Never used in a deploy.
 */
import { randomUUID } from 'node:crypto';
import { db } from '../platform/adapters/firebase.js';
import { grpcCodeOf, GrpcStatus } from '../platform/adapters/grpc-status.js';
import { localCollections } from './collections.js';

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
