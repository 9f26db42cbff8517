/**
 * The Admin SDK's app in the Functions emulator, made before anything else loads
 * (platform/adapters/firebase.ts then takes it).
 */
import { applicationDefault, getApps, initializeApp, type AppOptions } from 'firebase-admin/app';

/**
 * The service account tasks are sent as, named up front in the emulator: the Admin SDK
 * otherwise looks it up on every enqueue there (the lookup fails, a failure is not kept, and
 * it falls back to this same name), about 1.3 ms of each activation. In production the
 * lookup succeeds once and is kept, so the app is made from the environment alone.
 */
const EMULATED_TASK_SERVICE_ACCOUNT = 'emulated-service-acct@email.com'; // firebase-admin's EMULATED_SERVICE_ACCOUNT_DEFAULT

function emulatorOptions(): AppOptions {
  // The Functions emulator sets FIREBASE_CONFIG as JSON (projectId, storageBucket); the file
  // path that the Admin SDK also accepts is never used there.
  const raw = process.env.FIREBASE_CONFIG?.trim() ?? '';
  const config = raw.startsWith('{') ? (JSON.parse(raw) as AppOptions) : {};
  return { ...config, credential: applicationDefault(), serviceAccountId: EMULATED_TASK_SERVICE_ACCOUNT };
}

if (process.env.FUNCTIONS_EMULATOR !== 'true') {
  throw new Error("local/ is the local stack's: it loads only in the Functions emulator (a deploy loads src/index.ts)");
}
if (getApps().length === 0) initializeApp(emulatorOptions());
