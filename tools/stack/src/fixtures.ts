/**
 * The one fixture factory of the project: a user as the mobile app leaves one (active,
 * verified, with push token and picture). Unit tests, stack tests, the demo seed and the
 * benchmarks use it. No side effects: importing it starts or reaches nothing.
 */
import { defaultTaskCategories, type UserRecord } from '@dayfocus/contracts/records';

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
