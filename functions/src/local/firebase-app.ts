/**
 * The Admin SDK's app in the Functions emulator, made before anything else loads
 * (platform/adapters/firebase.ts then takes it).
 */
import { applicationDefault, getApps, initializeApp, type AppOptions } from 'firebase-admin/app';

function emulatorOptions(): AppOptions {
  // The Functions emulator sets FIREBASE_CONFIG as JSON (projectId, storageBucket); the file
  // path that the Admin SDK also accepts is never used there.
  const raw = process.env.FIREBASE_CONFIG?.trim() ?? '';
  const config = raw.startsWith('{') ? (JSON.parse(raw) as AppOptions) : {};
  return { ...config, credential: applicationDefault() };
}

if (process.env.FUNCTIONS_EMULATOR !== 'true') {
  throw new Error("local/ is the local stack's: it loads only in the Functions emulator (a deploy loads src/index.ts)");
}
if (getApps().length === 0) initializeApp(emulatorOptions());
