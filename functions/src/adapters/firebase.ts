/** Admin SDK clients, made once per instance. */
import { applicationDefault, getApps, initializeApp, type AppOptions } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getFunctions } from 'firebase-admin/functions';
import { getMessaging } from 'firebase-admin/messaging';
import { getStorage } from 'firebase-admin/storage';

/** True inside the Functions emulator (the local stack), where no FCM exists. */
export const isEmulator = process.env.FUNCTIONS_EMULATOR === 'true';

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

export const firebaseApp = getApps()[0] ?? initializeApp(isEmulator ? emulatorOptions() : undefined);

export const db = getFirestore(firebaseApp);
export const auth = getAuth(firebaseApp);
export const messaging = () => getMessaging(firebaseApp);
export const storage = () => getStorage(firebaseApp);
export const taskQueues = () => getFunctions(firebaseApp);
