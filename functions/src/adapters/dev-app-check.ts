/**
 * The local stand-in for App Check's token consumption (replay protection). In the emulator
 * the framework decodes tokens without asking App Check, so it never reports one as already
 * consumed; this records each consumed token's id instead, once. Never used in a deploy.
 */
import { db } from './firebase.js';
import { grpcCodeOf, GrpcStatus } from './grpc-status.js';

/** True the first time a token is consumed, false on every replay (or when it has no id). */
export async function consumeStandInToken(token: Record<string, unknown> | undefined): Promise<boolean> {
  const id = token?.jti;
  if (typeof id !== 'string' || id === '' || id.includes('/') || id.length > 200) return false;
  try {
    await db.collection('_devAppCheckTokens').doc(id).create({ consumedAt: new Date().toISOString() });
    return true;
  } catch (error) {
    if (grpcCodeOf(error) === GrpcStatus.ALREADY_EXISTS) return false;
    throw error;
  }
}
