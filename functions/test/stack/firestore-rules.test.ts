/**
 * firestore.rules as the stack's Firestore enforces it (it loads LOCAL_RULES_FILE, tools/stack/src/config.ts):
 * no client, signed in or not, reads or writes any collection the product writes, not even the
 * signed-in person's own record; the Admin SDK, which the functions use, is not judged by them.
 * Driven with @firebase/rules-unit-testing, as the Firebase docs show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertFails,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { collections } from '@dayfocus/contracts/records';
import { stack } from '@dayfocus/stack/testing';
import { adminDb, createInviter, uniqueId } from './support.js';

let env: RulesTestEnvironment;
beforeAll(async () => {
  // No `rules`: the stack's own (firestore.rules) stay loaded.
  env = await initializeTestEnvironment({
    projectId: stack.projectId,
    firestore: { host: stack.host, port: stack.ports.firestore },
  });
});
afterAll(async () => {
  await env?.cleanup();
});

/** Every collection the product writes, and the subcollections below them. */
const paths = (id: string): string[] => [
  ...Object.values(collections).map((name) => `${name}/${id}`),
  `${collections.appLinks}/${id}/openShards/0`,
  `${collections.inviteFunnels}/${id}/shards/2026-11-24_0`,
];

async function expectDeniedEverything(context: RulesTestContext, id: string): Promise<void> {
  const db = context.firestore();
  for (const path of paths(id)) {
    await assertFails(getDoc(doc(db, path)));
    await assertFails(setDoc(doc(db, path), { planted: true }));
    await assertFails(updateDoc(doc(db, path), { planted: true }));
    await assertFails(deleteDoc(doc(db, path)));
    await assertFails(getDocs(collection(db, path.slice(0, path.lastIndexOf('/')))));
  }
}

describe('firestore.rules in the stack', () => {
  it('deny an anonymous client every collection the product writes', async () => {
    const inviter = await createInviter();
    await expectDeniedEverything(env.unauthenticatedContext(), inviter.userId);
  });

  it('deny a signed-in person their own record (its e-mail and push token) and everything else', async () => {
    const inviter = await createInviter();
    const context = env.authenticatedContext(inviter.userId, { email: inviter.email, email_verified: true });
    await assertFails(getDoc(doc(context.firestore(), collections.users, inviter.userId)));
    await expectDeniedEverything(context, inviter.userId);
  });

  it('judge not the Admin SDK: what the clients were refused is there and readable, unchanged', async () => {
    const inviter = await createInviter();
    await expectDeniedEverything(env.authenticatedContext(inviter.userId), inviter.userId);
    const record = (await adminDb.collection(collections.users).doc(inviter.userId).get()).data();
    expect(record).toMatchObject({ userId: inviter.userId, fcmToken: inviter.fcmToken });
    expect(record?.['planted']).toBeUndefined();
    const id = uniqueId('rules');
    await adminDb.collection(collections.appLinks).doc(id).set({ written: 'by the admin' });
    expect((await adminDb.collection(collections.appLinks).doc(id).get()).data()).toEqual({ written: 'by the admin' });
  });
});
