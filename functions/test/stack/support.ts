/**
 * Talking to the running local stack as the web app and an operator would: the Firebase
 * JS SDK for sign-in and callables, the Admin SDK to arrange and read back data.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp as initializeClientApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth as getClientAuth,
  GoogleAuthProvider,
  OAuthProvider,
  signInWithCredential,
  type User,
} from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { emailSignUpRecord, type UserRecord } from '../../src/domain/records.js';
import { inviterRecord } from '../fixtures.js';

export const projectId = 'demo-dayfocus';
export const region = 'asia-south1';
const host = '127.0.0.1';

const adminApp = getApps().find((a) => a.name === 'stack-tests') ?? initializeApp({ projectId }, 'stack-tests');
export const adminDb = getFirestore(adminApp);
export const adminAuth = getAuth(adminApp);

export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().replaceAll('-', '').slice(0, 16)}`;
}

export async function clearStack(): Promise<void> {
  const firestore = await fetch(`http://${host}:8080/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
  const auth = await fetch(`http://${host}:9099/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
  if (!firestore.ok || !auth.ok) throw new Error(`Clearing the stack failed: firestore ${firestore.status}, auth ${auth.status}`);
}

/** An inviter as the mobile app leaves one: an active User record. */
export async function createInviter(overrides: Partial<UserRecord> = {}): Promise<UserRecord> {
  const record = inviterRecord({ ...overrides, userId: overrides.userId ?? uniqueId('inviter') });
  await adminDb.collection('Users').doc(record.userId).set(record);
  return record;
}

/** One browser: its own Firebase app, signed-in user and callables. */
export class Browser {
  readonly app: FirebaseApp;
  constructor() {
    this.app = initializeClientApp({ apiKey: 'demo-api-key', projectId, authDomain: `${projectId}.firebaseapp.com` }, uniqueId('browser'));
    connectAuthEmulator(getClientAuth(this.app), `http://${host}:9099`, { disableWarnings: true });
    connectFunctionsEmulator(getFunctions(this.app, region), host, 5001);
  }

  get auth() {
    return getClientAuth(this.app);
  }

  async call<T = unknown>(name: string, data: unknown, options: { timeoutMs?: number } = {}): Promise<T> {
    const callable = httpsCallable<unknown, T>(getFunctions(this.app, region), name, { timeout: options.timeoutMs ?? 70_000 });
    const result = await callable(data);
    return result.data;
  }

  async signUpWithEmail(email = `${uniqueId('invitee')}@example.com`, password = 'correct-horse'): Promise<User> {
    return (await createUserWithEmailAndPassword(this.auth, email, password)).user;
  }

  /** The Auth emulator takes an unsigned JSON id token for identity providers. */
  async signInWith(provider: 'google.com' | 'apple.com', claims: { sub?: string; email?: string; name?: string } = {}): Promise<User> {
    const sub = claims.sub ?? uniqueId('sub');
    const idToken = JSON.stringify({ sub, email: claims.email ?? `${sub}@example.com`, email_verified: true, name: claims.name });
    const credential =
      provider === 'google.com' ? GoogleAuthProvider.credential(idToken) : new OAuthProvider('apple.com').credential({ idToken });
    return (await signInWithCredential(this.auth, credential)).user;
  }

  async close(): Promise<void> {
    await deleteApp(this.app);
  }
}

/** Calls a callable without any signed-in user (a fresh browser). */
export async function callAnonymously<T = unknown>(name: string, data: unknown, options: { timeoutMs?: number } = {}): Promise<T> {
  const browser = new Browser();
  try {
    return await browser.call<T>(name, data, options);
  } finally {
    await browser.close();
  }
}

/** The error code a callable answered with ("invalid-argument", ...), or "ok". */
export async function outcomeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unknown';
    return code.replace(/^functions\//, '');
  }
}

/** Follows the verification e-mail the Auth emulator recorded for this address. */
export async function verifyEmailThroughEmulator(email: string): Promise<void> {
  const response = await fetch(`http://${host}:9099/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  const code = oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1);
  if (!code) throw new Error(`No verification e-mail was sent to ${email}`);
  const followed = await fetch(code.oobLink, { redirect: 'manual' });
  if (followed.status >= 400) throw new Error(`Following the verification link failed: ${followed.status}`);
}

export async function userDoc(uid: string) {
  return (await adminDb.collection('Users').doc(uid).get()).data();
}

export async function friendsBetween(inviterId: string, inviteeId: string) {
  const snapshot = await adminDb.collection('Friends').where('userId', '==', inviterId).where('friendId', '==', inviteeId).get();
  return snapshot.docs.map((d) => d.data());
}

export async function historyOf(inviterId: string): Promise<Record<string, unknown>[]> {
  const data = (await adminDb.collection('NotificationHistory').doc(inviterId).get()).data();
  return (data?.history as Record<string, unknown>[] | undefined) ?? [];
}

export async function pushesTo(token: string) {
  const snapshot = await adminDb.collection('_devPushOutbox').where('token', '==', token).get();
  return snapshot.docs.map((d) => d.data() as { token: string; message: Record<string, unknown>; sentAt: string });
}

/** Creates an email invitee of `inviterId`, registered and verified, ready to activate. */
export async function verifiedEmailInvitee(inviterId: string, name = 'Mira Nair') {
  const browser = new Browser();
  const user = await browser.signUpWithEmail();
  await browser.call('registerInvitee', { inviterId, name });
  await adminAuth.updateUser(user.uid, { emailVerified: true });
  await browser.close();
  return { uid: user.uid, email: user.email ?? '', name };
}

/**
 * Many invitees at once, in the state registerInvitee and a followed verification link
 * leave behind, made directly (an import fires no account trigger), so that a test of
 * concurrent activation measures activation and not the set-up.
 */
export async function importVerifiedInvitees(inviterId: string, count: number) {
  const now = new Date().toISOString();
  const invitees = Array.from({ length: count }, (_, i) => {
    const uid = uniqueId('invitee');
    return { uid, email: `${uid}@example.com`, name: `Friend ${i + 1}` };
  });
  // With a password, as an email sign-up leaves them (only then does their recorded inviter count).
  const imported = await adminAuth.importUsers(
    invitees.map((i) => ({ uid: i.uid, email: i.email, emailVerified: true, passwordHash: Buffer.from('$2a$10$imported-password-hash') })),
    { hash: { algorithm: 'BCRYPT' } },
  );
  if (imported.failureCount > 0) throw new Error(`Importing invitees failed: ${JSON.stringify(imported.errors[0])}`);
  const batch = adminDb.batch();
  for (const invitee of invitees) {
    batch.set(adminDb.collection('Users').doc(invitee.uid), {
      ...emailSignUpRecord({ userId: invitee.uid, email: invitee.email, name: invitee.name, now }),
      invitedBy: inviterId,
    });
  }
  await batch.commit();
  return invitees;
}

/** Waits for something the Auth trigger does shortly after an account changes. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** The server's memory of one (inviter, invitee) join: friendship made, history and push state. */
export async function joinOf(inviterId: string, inviteeId: string) {
  return (await adminDb.collection('_friendJoins').doc(`${inviterId}_${inviteeId}`).get()).data();
}

/** Runs the owed-push sweep once, as the scheduled function does, at `now` (default: the real time). */
export async function sweepOwedPushes(now?: Date) {
  return callAnonymously<{ examined: number; sent: number; retrying: number; failed: number }>(
    'devSweepOwedPushes',
    now ? { now: now.toISOString() } : {},
  );
}

/**
 * A person who already uses the app with Google or Apple: the account, and the record the
 * app keeps for it, with their own settings and a field this code does not know about.
 */
export async function existingAppUser(provider: 'google.com' | 'apple.com', overrides: Partial<UserRecord> = {}) {
  const sub = uniqueId('sub');
  const email = `${sub}@example.com`;
  const browser = new Browser();
  const user = await browser.signInWith(provider, { sub, email, name: 'Leela Iyer' });
  await browser.close();
  const record = {
    ...inviterRecord({ userId: user.uid, email, name: 'Leela I.' }),
    appVersion: '2.4.1',
    language: 'hi',
    country: 'in',
    typeOfTask: [{ id: 9, category: 'Garden', selected: true, color: '#00AA00' }],
    createdAt: '2024-02-01T09:30:00.000Z',
    updatedAt: '2025-06-01T09:30:00.000Z',
    fcmToken: `dev-token-${user.uid}`,
    profileImage: 'https://images.dayfocus.test/leela.png',
    streak: { days: 41, best: 60 },
    ...overrides,
  };
  // Waits until the account trigger has had its turn, so that the record below is the one left.
  await eventually(() => userDoc(user.uid), (r) => r !== undefined);
  await adminDb.collection('Users').doc(user.uid).set(record);
  return { uid: user.uid, sub, email, record };
}
