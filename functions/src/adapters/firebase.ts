/** Admin SDK clients, made once per instance. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getFunctions } from 'firebase-admin/functions';
import { getMessaging } from 'firebase-admin/messaging';
import { getStorage } from 'firebase-admin/storage';

const app = getApps()[0] ?? initializeApp();

export const db = getFirestore(app);
export const auth = getAuth(app);
export const messaging = () => getMessaging(app);
export const storage = () => getStorage(app);
export const taskQueues = () => getFunctions(app);

/** True inside the Functions emulator (the local stack), where no FCM exists. */
export const isEmulator = process.env.FUNCTIONS_EMULATOR === 'true';
