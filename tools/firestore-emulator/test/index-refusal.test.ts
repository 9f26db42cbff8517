/**
 * Composite indexes through the server: with a `firestore.indexes.json`, a query production
 * would refuse for want of an index is refused with FAILED_PRECONDITION naming the index; the
 * rules themselves are unit-tested in indexes.test.ts.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { REFUSED_READS_AT_ONCE } from './support.js';

const FAILED_PRECONDITION = 9;

let emulator: FirestoreEmulator;
let db: Firestore;
const app = initializeApp({ projectId: 'demo-indexes' }, 'index-refusal');
beforeAll(async () => {
  emulator = await startFirestoreEmulator({
    port: 0,
    indexes: {
      indexes: [
        {
          collectionGroup: 'tasks',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'owner', order: 'ASCENDING' },
            { fieldPath: 'due', order: 'ASCENDING' },
          ],
        },
      ],
      fieldOverrides: [],
    },
  });
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  db = getFirestore(app);
  db.settings(REFUSED_READS_AT_ONCE);
  await db.collection('tasks').doc('a').set({ owner: 'asha', due: 2, done: false });
});
afterAll(async () => {
  await db?.terminate();
  await deleteApp(app);
  await emulator?.stop();
});

describe('queries and the indexes file', () => {
  it('runs a query its declared composite index serves, and equality-only queries', async () => {
    expect((await db.collection('tasks').where('owner', '==', 'asha').orderBy('due').get()).size).toBe(1);
    expect((await db.collection('tasks').where('owner', '==', 'asha').where('done', '==', false).get()).size).toBe(1);
    expect((await db.collection('tasks').where('due', '>', 1).get()).size).toBe(1);
  });

  it('refuses one that needs an index the file lacks, naming the index to add', async () => {
    const query = db.collection('tasks').where('done', '==', false).orderBy('due', 'desc');
    const refusal = await query.get().then(
      () => undefined,
      (error: { code?: number; message: string }) => error,
    );
    expect(refusal?.code).toBe(FAILED_PRECONDITION);
    expect(refusal?.message).toMatch(/The query requires an index\./);
    expect(refusal?.message).toContain(
      '{"fieldPath":"done","order":"ASCENDING"},{"fieldPath":"due","order":"DESCENDING"}',
    );
  });
});
