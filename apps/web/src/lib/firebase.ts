/**
 * The Firebase app and the callable functions client, made once from the runtime
 * configuration. Firebase Auth lives in `auth.ts` and is loaded only by pages that sign in,
 * so the invitation page never downloads it.
 */
import { FUNCTIONS_REGION } from '@dayfocus/functions/domain/brand';
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import type { RuntimeConfig } from '@/config/runtime-config';

let configured: { app: FirebaseApp; functions: Functions; config: RuntimeConfig } | undefined;

export function initFirebase(config: RuntimeConfig): void {
  if (configured) return;
  const app = getApps().length > 0 ? getApp() : initializeApp(config.firebase);
  if (config.callablesPath) {
    // Same origin: Hosting (or the Hosting emulator) passes /api/{name} on to the function.
    configured = {
      app,
      functions: getFunctions(app, new URL(config.callablesPath, window.location.origin).href),
      config,
    };
    return;
  }
  const functions = getFunctions(app, FUNCTIONS_REGION);
  if (config.emulators)
    connectFunctionsEmulator(functions, config.emulators.functionsHost, config.emulators.functionsPort);
  configured = { app, functions, config };
}

export function firebase() {
  if (!configured) throw new Error('initFirebase() has not run');
  return configured;
}

/** Calls a callable function and gives its data; errors are FunctionsError (`functions/not-found`, ...). */
export async function callFunction<Request, Response>(name: string, request: Request): Promise<Response> {
  const callable = httpsCallable<Request, Response>(firebase().functions, name, { timeout: 30_000 });
  return (await callable(request)).data;
}

/** The code of a Firebase error without its service prefix ("not-found", "email-already-in-use"), or undefined. */
export function firebaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code.replace(/^(functions|auth)\//, '') : undefined;
}
