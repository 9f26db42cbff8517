/**
 * `onCommit`, the in-process stand-in for a trigger: one call per commit that changed documents,
 * in commit order, naming the documents and the commit's time, at which a read sees what the
 * commit left and a microsecond before which a read sees what was there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import type { CommittedChange } from '../src/index.js';
import { PROJECT_ID, startTestContext, uniqueCollection, type TestContext } from './support.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestContext();
});
afterAll(async () => {
  await t.close();
});

/** What a read at `time` finds of `path`, in a read-only transaction. */
async function dataAt(path: string, time: Timestamp) {
  const snapshot = await t.db.runTransaction((tx) => tx.get(t.db.doc(path)), { readOnly: true, readTime: time });
  return snapshot.data();
}

describe('onCommit', () => {
  it('reports each commit that changed documents, in order, with the times to read them before and after', async () => {
    const collection = uniqueCollection('on-commit');
    const seen: CommittedChange[] = [];
    const stop = t.emulator.onCommit((commit) => seen.push(commit));
    const ref = t.db.collection(collection).doc('a');
    await ref.set({ n: 1 });
    await ref.set({ n: 1 }); // changes nothing: production sends no event for it, and neither does this
    await t.db.runTransaction(async (tx) => {
      const n = ((await tx.get(ref)).data()?.['n'] as number) + 1;
      tx.set(ref, { n });
      tx.set(t.db.collection(collection).doc('b'), { n });
    });
    await ref.delete();
    stop();
    await ref.set({ n: 9 }); // after stop(): not reported

    expect(seen.map((commit) => commit.paths.sort())).toEqual([
      [`${collection}/a`],
      [`${collection}/a`, `${collection}/b`],
      [`${collection}/a`],
    ]);
    expect(seen.every((commit) => commit.projectId === PROJECT_ID && commit.databaseId === '(default)')).toBe(true);
    const [created, updated, deleted] = seen as [CommittedChange, CommittedChange, CommittedChange];
    const at = (time: CommittedChange['time']) => new Timestamp(time.seconds, time.nanos);
    expect(await dataAt(`${collection}/a`, at(created.before))).toBeUndefined();
    expect(await dataAt(`${collection}/a`, at(created.time))).toEqual({ n: 1 });
    expect(await dataAt(`${collection}/a`, at(updated.before))).toEqual({ n: 1 });
    expect(await dataAt(`${collection}/b`, at(updated.time))).toEqual({ n: 2 });
    expect(await dataAt(`${collection}/a`, at(deleted.time))).toBeUndefined();
  });
});
