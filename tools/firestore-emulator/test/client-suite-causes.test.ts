/**
 * One regression case for each cause of the Node client's system tests that failed against
 * the emulator this one replaced (tools/firestore-emulator/README.md, "Conformance"), driven
 * through firebase-admin as the client suite drives production.
 */
import { AggregateField, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestContext, uniqueCollection, type TestContext } from './support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('listing', () => {
  it("lists a collection's documents, those with only subcollections included", async () => {
    const collection = ctx.db.collection(uniqueCollection('list'));
    await collection.doc('a').set({ v: 1 });
    await collection.doc('b').collection('sub').doc('x').set({ v: 2 });
    const listed = await collection.listDocuments();
    expect(listed.map((ref) => ref.id).sort()).toEqual(['a', 'b']);
  });

  it('lists the collections below a document and at the root', async () => {
    const root = uniqueCollection('root');
    const parent = ctx.db.collection(root).doc('p');
    await parent.collection('one').doc('x').set({});
    await parent.collection('two').doc('y').collection('deeper').doc('z').set({});
    expect((await parent.listCollections()).map((c) => c.id).sort()).toEqual(['one', 'two']);
    expect((await ctx.db.listCollections()).map((c) => c.id)).toContain(root);
  });

  it('deletes a document with everything below it', async () => {
    const parent = ctx.db.collection(uniqueCollection('tree')).doc('p');
    await parent.set({ v: 0 });
    await parent.collection('c').doc('x').set({ v: 1 });
    await parent.collection('c').doc('x').collection('d').doc('y').set({ v: 2 });
    await ctx.db.recursiveDelete(parent);
    expect((await parent.get()).exists).toBe(false);
    expect(await parent.listCollections()).toEqual([]);
  });
});

describe('filters on null and missing fields', () => {
  it('`!=` and `not-in` match neither null nor a missing field', async () => {
    const collection = ctx.db.collection(uniqueCollection('neq'));
    await Promise.all([
      collection.doc('one').set({ x: 1 }),
      collection.doc('two').set({ x: 2 }),
      collection.doc('null').set({ x: null }),
      collection.doc('nan').set({ x: Number.NaN }),
      collection.doc('missing').set({ y: 1 }),
    ]);
    const ids = async (query: FirebaseFirestore.Query) => (await query.get()).docs.map((d) => d.id);
    expect(await ids(collection.where('x', '!=', 1))).toEqual(['nan', 'two']);
    expect(await ids(collection.where('x', 'not-in', [1]))).toEqual(['nan', 'two']);
    expect(await ids(collection.where('x', '!=', null))).toEqual(['nan', 'one', 'two']);
    expect(await ids(collection.where('x', '==', null))).toEqual(['null']);
  });
});

describe('order', () => {
  it('orders a query with several inequality filters by those fields, in field-path order, then the name', async () => {
    const collection = ctx.db.collection(uniqueCollection('ineq'));
    await Promise.all([
      collection.doc('a').set({ b: 3, a: 2 }),
      collection.doc('b').set({ b: 1, a: 2 }),
      collection.doc('c').set({ b: 2, a: 1 }),
      collection.doc('d').set({ b: 2, a: 5 }),
    ]);
    const snapshot = await collection.where('b', '>', 0).where('a', '<', 5).get();
    // By a, then b, then name.
    expect(snapshot.docs.map((d) => d.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('reads in the past', () => {
  it('a read-only transaction at a read time sees the data of then', async () => {
    const ref = ctx.db.collection(uniqueCollection('past')).doc('a');
    const first = await ref.set({ v: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ref.set({ v: 2 });
    const then = await ctx.db.runTransaction((tx) => tx.get(ref), { readOnly: true, readTime: first.writeTime });
    expect(then.data()).toEqual({ v: 1 });
    expect((await ref.get()).data()).toEqual({ v: 2 });
  });
});

describe('numbers', () => {
  it('keeps integers beyond 2^53 exact', async () => {
    const db = ctx.newClient();
    db.settings({ useBigInt: true });
    const ref = db.collection(uniqueCollection('bigint')).doc('a');
    const big = 9_007_199_254_740_993n; // 2^53 + 1
    await ref.set({ big, max: 9_223_372_036_854_775_807n });
    const data = (await ref.get()).data();
    expect(data?.['big']).toBe(big);
    expect(data?.['max']).toBe(9_223_372_036_854_775_807n);
    expect((await db.collection(ref.parent.id).where('big', '>', 9_007_199_254_740_992n).get()).size).toBe(1);
  });

  it('aggregates leave out documents without an aggregated field, count included', async () => {
    const collection = ctx.db.collection(uniqueCollection('agg'));
    await Promise.all([
      collection.doc('a').set({ pages: 10 }),
      collection.doc('b').set({ pages: 20 }),
      collection.doc('c').set({ title: 'no pages' }),
      collection.doc('d').set({ pages: 'many' }),
    ]);
    const snapshot = await collection
      .aggregate({
        count: AggregateField.count(),
        sum: AggregateField.sum('pages'),
        avg: AggregateField.average('pages'),
      })
      .get();
    // c has no pages: production's aggregations read the field's index, which c is not in.
    expect(snapshot.data()).toEqual({ count: 3, sum: 30, avg: 15 });
  });
});

describe('zeros, which the wire leaves out', () => {
  it("stores a timestamp in the epoch's first second, and answers a limit of 0 with nothing", async () => {
    const collection = ctx.db.collection(uniqueCollection('zero'));
    await collection.doc('a').set({ at: new Timestamp(0, 5000), n: 0 });
    const data = (await collection.doc('a').get()).data();
    expect((data?.['at'] as Timestamp).toMillis()).toBe(0);
    expect((data?.['at'] as Timestamp).nanoseconds).toBe(5000);
    expect(data?.['n']).toBe(0);
    expect((await collection.limit(0).get()).size).toBe(0);
    expect((await collection.where('n', '==', 0).get()).size).toBe(1);
  });
});

describe('the end of a query stream', () => {
  // Google's emulator marks the last document `done`; a separate last answer with no document
  // stalled the client's explainStream() (its transform waits for a document or metrics in each
  // answer), so three tests of the client suite each ran into its 30 s timeout.
  it('ends a streamed query after its last document, with nothing after it', async () => {
    const collection = ctx.db.collection(uniqueCollection('stream-end'));
    await Promise.all([collection.doc('a').set({ v: 1 }), collection.doc('b').set({ v: 2 })]);
    const stream = collection.explainStream({ analyze: true });
    const documents: string[] = [];
    const ended = new Promise<void>((resolve, reject) => {
      stream.on('data', (chunk: { document?: { id: string } }) => {
        if (chunk.document) documents.push(chunk.document.id);
      });
      stream.on('end', resolve);
      stream.on('error', reject);
    });
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the stream did not end within 5 s (read: ${documents.join(', ')})`)),
        5_000,
      );
    });
    await Promise.race([ended, stalled]).finally(() => clearTimeout(timer));
    expect(documents).toEqual(['a', 'b']);
  });
});
