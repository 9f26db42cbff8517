/**
 * Arranging and reading back the local stack's data from page and browser tests, as an
 * operator would (Admin SDK). Ids are unique per test: the stack is shared with other suites,
 * so nothing here clears it.
 */
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { inviterRecord } from '@dayfocus/functions/testing';
import type { UserRecord } from '@dayfocus/functions/domain/records';

process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
process.env.METADATA_SERVER_DETECTION ??= 'none';

const admin = getApps().find((app) => app.name === 'web-tests') ?? initializeApp({ projectId: 'demo-dayfocus' }, 'web-tests');
export const adminDb = getFirestore(admin);
export const adminAuth = getAuth(admin);
// A fixture override of `undefined` means "without this field" (an inviter with no picture).
adminDb.settings({ ignoreUndefinedProperties: true });

export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/** An inviter as the mobile app leaves one (name, picture, push token). */
export async function createInviter(overrides: Partial<UserRecord> = {}): Promise<UserRecord> {
  const record = inviterRecord({ ...overrides, userId: overrides.userId ?? uniqueId('inviter') });
  await adminDb.collection('Users').doc(record.userId).set(record);
  return record;
}

export async function userRecord(uid: string) {
  return (await adminDb.collection('Users').doc(uid).get()).data();
}
