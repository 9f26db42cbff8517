/**
 * The Listen stream (src/streams.ts) through firebase-admin's onSnapshot: the first snapshot,
 * then each change as added, modified or removed, whether a document was deleted or stopped
 * matching; and PartitionQuery's single partition.
 */
import type { DocumentChangeType, QuerySnapshot } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestContext, uniqueCollection, type TestContext } from './support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** The snapshots a listener receives, each as its changes, until stopped. */
function listen(query: FirebaseFirestore.Query) {
  const snapshots: { ids: string[]; changes: [DocumentChangeType, string][] }[] = [];
  const waiters: (() => void)[] = [];
  const stop = query.onSnapshot((snapshot: QuerySnapshot) => {
    snapshots.push({
      ids: snapshot.docs.map((doc) => doc.id),
      changes: snapshot.docChanges().map((change) => [change.type, change.doc.id]),
    });
    waiters.splice(0).forEach((wake) => wake());
  });
  /** Waits for snapshot number `n` (1-based), failing loudly if it never comes. */
  const snapshot = async (n: number) => {
    const deadline = Date.now() + 20_000;
    while (snapshots.length < n) {
      if (Date.now() > deadline) throw new Error(`snapshot ${n} never came (got ${snapshots.length})`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return snapshots[n - 1];
  };
  return { snapshot, stop };
}

describe('snapshot listeners', () => {
  it('see additions, changes, deletions and documents that stop matching, in order', async () => {
    const collection = ctx.db.collection(uniqueCollection('listen'));
    await collection.doc('a').set({ open: true, n: 1 });
    const listener = listen(collection.where('open', '==', true).orderBy('n'));
    expect(await listener.snapshot(1)).toEqual({ ids: ['a'], changes: [['added', 'a']] });

    await collection.doc('b').set({ open: true, n: 0 });
    expect(await listener.snapshot(2)).toEqual({ ids: ['b', 'a'], changes: [['added', 'b']] });
    await collection.doc('a').update({ n: 5 });
    expect(await listener.snapshot(3)).toEqual({ ids: ['b', 'a'], changes: [['modified', 'a']] });
    await collection.doc('a').update({ open: false });
    expect(await listener.snapshot(4)).toEqual({ ids: ['b'], changes: [['removed', 'a']] });
    await collection.doc('b').delete();
    expect(await listener.snapshot(5)).toEqual({ ids: [], changes: [['removed', 'b']] });
    // A write elsewhere sends nothing to this listener.
    await ctx.db.collection(uniqueCollection('elsewhere')).doc('x').set({ open: true });
    await collection.doc('c').set({ open: false, n: 1 });
    await collection.doc('d').set({ open: true, n: 1 });
    expect(await listener.snapshot(6)).toEqual({ ids: ['d'], changes: [['added', 'd']] });
    listener.stop();
  });

  it('listen to one document', async () => {
    const ref = ctx.db.collection(uniqueCollection('listen')).doc('one');
    const seen: (Record<string, unknown> | undefined)[] = [];
    const stop = ref.onSnapshot((snapshot) => seen.push(snapshot.data()));
    const waitFor = async (n: number) => {
      const deadline = Date.now() + 20_000;
      while (seen.length < n) {
        if (Date.now() > deadline) throw new Error(`snapshot ${n} never came`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await waitFor(1);
    await ref.set({ v: 1 });
    await waitFor(2);
    await ref.delete();
    await waitFor(3);
    stop();
    expect(seen).toEqual([undefined, { v: 1 }, undefined]);
  });
});

describe('partitions', () => {
  it('answer a collection group as one partition', async () => {
    const group = uniqueCollection('parts');
    await ctx.db.collection('a').doc('x').collection(group).doc('1').set({ v: 1 });
    const partitions = [];
    for await (const partition of ctx.db.collectionGroup(group).getPartitions(4)) partitions.push(partition);
    expect(partitions).toHaveLength(1);
    expect((await partitions[0]?.toQuery().get())?.size).toBe(1);
  });
});
