/**
 * The callable functions, with the Firebase SDK loaded on the first call rather than with the
 * app: the invitation page (server-rendered, see docs/invitation-page.md) never calls one, so
 * it never downloads Firebase or starts App Check's reCAPTCHA. The pages that do call load it
 * alongside their own chunk.
 */
import type { RuntimeConfig } from '@/config/runtime-config';

let registered: RuntimeConfig | undefined;

/** The configuration Firebase is started with when it is first needed (set once at startup). */
export function setFirebaseConfig(config: RuntimeConfig): void {
  registered = config;
}

export function firebaseConfig(): RuntimeConfig {
  if (!registered) throw new Error('setFirebaseConfig() has not run');
  return registered;
}

/** Calls a callable function and gives its data; errors are FunctionsError (`functions/not-found`, ...). */
export async function callFunction<Request, Response>(name: string, request: Request): Promise<Response> {
  const { callFunction: call } = await import('./firebase');
  return call<Request, Response>(name, request);
}
