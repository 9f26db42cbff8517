/** Admin SDK clients, made once per instance. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getMessaging } from 'firebase-admin/messaging';
import { getStorage } from 'firebase-admin/storage';

/** The app the entry point made (the local stack's, local/firebase-app.ts), else the deployment's own. */
export const firebaseApp = getApps()[0] ?? initializeApp();

export const db = getFirestore(firebaseApp);
export const auth = getAuth(firebaseApp);
export const messaging = () => getMessaging(firebaseApp);
export const storage = () => getStorage(firebaseApp);
