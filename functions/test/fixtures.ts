/**
 * The one fixture factory of the project: a user as the mobile app leaves one (active,
 * verified, with push token and picture). Stack tests, the demo seed and the benchmark use it.
 */
import type { FriendJoin } from '../src/domain/joins.js';
import { defaultTaskCategories, type UserRecord } from '../src/domain/records.js';

export function inviterRecord(overrides: Partial<UserRecord> & { userId: string }): UserRecord {
  const now = new Date().toISOString();
  return {
    appVersion: '1.0.0',
    email: `${overrides.userId}@dayfocus.test`,
    name: 'Asha Verma',
    isActive: true,
    isDeleted: false,
    isVerified: true,
    language: 'en',
    country: 'asia',
    typeOfTask: defaultTaskCategories(),
    fcmToken: `dev-token-${overrides.userId}`,
    profileImage: 'https://images.dayfocus.test/asha.png',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** Asha's join record for Mira after a first push attempt failed: the push still owed, due at `pushDueAt`. */
export function owedJoin(times: { pushDueAt: string; createdAt: string }): FriendJoin {
  return {
    inviterId: 'asha',
    inviteeId: 'mira',
    inviteeName: 'Mira',
    friendship: 'created',
    history: 'written',
    push: 'pending',
    pushAttempts: 1,
    pushDueAt: times.pushDueAt,
    createdAt: times.createdAt,
    updatedAt: times.createdAt,
  };
}
