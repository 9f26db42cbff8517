import { AggregateField, FieldPath, FieldValue, Filter, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestContext, uniqueCollection, type TestContext } from './support.js';

const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
const FAILED_PRECONDITION = 9;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('documents', () => {
  it('gets, sets, creates, updates and deletes', async () => {
    const ref = ctx.db.collection(uniqueCollection('docs')).doc('a');
    expect((await ref.get()).exists).toBe(false);

    await ref.create({ name: 'Ada', tags: ['x'] });
    expect((await ref.get()).data()).toEqual({ name: 'Ada', tags: ['x'] });
    expect(await errorCode(ref.create({ name: 'again' }))).toBe(ALREADY_EXISTS);

    await ref.update({ name: 'Grace', 'profile.city': 'Paris' });
    expect((await ref.get()).data()).toEqual({ name: 'Grace', tags: ['x'], profile: { city: 'Paris' } });

    await ref.delete();
    expect((await ref.get()).exists).toBe(false);
    expect(await errorCode(ref.update({ name: 'nobody' }))).toBe(NOT_FOUND);
    expect((await ref.get()).exists).toBe(false);
  });

  it('set() without merge replaces the document, set() with merge merges', async () => {
    const ref = ctx.db.collection(uniqueCollection('set')).doc('a');
    await ref.set({ a: 1, b: 2, nested: { x: 1, y: 2 } });
    await ref.set({ a: 10 });
    expect((await ref.get()).data()).toEqual({ a: 10 });

    await ref.set({ b: 20, nested: { y: 3 } }, { merge: true });
    await ref.set({ nested: { z: 4 } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 10, b: 20, nested: { y: 3, z: 4 } });

    await ref.set({ c: 1, b: 99 }, { mergeFields: ['c'] });
    expect((await ref.get()).data()).toEqual({ a: 10, b: 20, c: 1, nested: { y: 3, z: 4 } });
  });

  it('FieldValue.delete() removes fields in update() and set(merge)', async () => {
    const ref = ctx.db.collection(uniqueCollection('delete')).doc('a');
    await ref.set({ keep: 1, drop: 2, nested: { keep: 3, drop: 4 } });
    await ref.update({ drop: FieldValue.delete(), 'nested.drop': FieldValue.delete() });
    expect((await ref.get()).data()).toEqual({ keep: 1, nested: { keep: 3 } });

    await ref.set({ keep: FieldValue.delete(), added: true }, { merge: true });
    expect((await ref.get()).data()).toEqual({ added: true, nested: { keep: 3 } });
  });

  it('getAll returns existing and missing documents in order', async () => {
    const col = ctx.db.collection(uniqueCollection('getall'));
    await col.doc('one').set({ n: 1 });
    await col.doc('three').set({ n: 3 });
    const snapshots = await ctx.db.getAll(col.doc('one'), col.doc('two'), col.doc('three'));
    expect(snapshots.map((s) => [s.id, s.exists, s.data()?.n])).toEqual([
      ['one', true, 1],
      ['two', false, undefined],
      ['three', true, 3],
    ]);
  });

  it('honours update-time preconditions', async () => {
    const ref = ctx.db.collection(uniqueCollection('precondition')).doc('a');
    const first = await ref.set({ v: 1 });
    await ref.set({ v: 2 });
    expect(await errorCode(ref.update({ v: 3 }, { lastUpdateTime: first.writeTime }))).toBe(FAILED_PRECONDITION);
    const current = await ref.get();
    await ref.update({ v: 3 }, { lastUpdateTime: current.updateTime as Timestamp });
    expect((await ref.get()).data()).toEqual({ v: 3 });
  });
});

describe('batches are atomic', () => {
  it('a failed precondition in a later write leaves the earlier writes unapplied', async () => {
    const col = ctx.db.collection(uniqueCollection('atomic'));
    await col.doc('existing').set({ v: 'old' });

    const batch = ctx.db.batch();
    batch.set(col.doc('first'), { v: 'new' });
    batch.update(col.doc('existing'), { v: 'new' });
    batch.create(col.doc('existing'), { v: 'duplicate' });
    expect(await errorCode(batch.commit())).toBe(ALREADY_EXISTS);

    expect((await col.doc('first').get()).exists).toBe(false);
    expect((await col.doc('existing').get()).data()).toEqual({ v: 'old' });

    const second = ctx.db.batch();
    second.set(col.doc('first'), { v: 'new' });
    second.update(col.doc('missing'), { v: 'new' });
    expect(await errorCode(second.commit())).toBe(NOT_FOUND);
    expect((await col.doc('first').get()).exists).toBe(false);
  });

  it('applies all writes of a valid batch, in order', async () => {
    const col = ctx.db.collection(uniqueCollection('batch'));
    const batch = ctx.db.batch();
    batch.create(col.doc('a'), { v: 1 });
    batch.update(col.doc('a'), { w: 2 });
    batch.set(col.doc('b'), { v: 3 });
    batch.delete(col.doc('b'));
    await batch.commit();
    expect((await col.doc('a').get()).data()).toEqual({ v: 1, w: 2 });
    expect((await col.doc('b').get()).exists).toBe(false);
  });
});

describe('field transforms', () => {
  it('arrayUnion on a missing document and on a missing field', async () => {
    const col = ctx.db.collection(uniqueCollection('array'));
    await col.doc('new').set({ list: FieldValue.arrayUnion('a', 'b') }, { merge: true });
    expect((await col.doc('new').get()).data()).toEqual({ list: ['a', 'b'] });

    await col.doc('new').set({ list: FieldValue.arrayUnion('b', 'c') }, { merge: true });
    expect((await col.doc('new').get()).data()).toEqual({ list: ['a', 'b', 'c'] });

    await col.doc('plain').set({ other: 1 });
    await col.doc('plain').update({ list: FieldValue.arrayUnion('x'), 'nested.list': FieldValue.arrayUnion(1) });
    expect((await col.doc('plain').get()).data()).toEqual({ other: 1, list: ['x'], nested: { list: [1] } });

    await col.doc('plain').update({ list: FieldValue.arrayRemove('x'), gone: FieldValue.arrayRemove('y') });
    expect((await col.doc('plain').get()).data()).toEqual({ other: 1, list: [], gone: [], nested: { list: [1] } });
  });

  it('increment, serverTimestamp and several transforms in one write', async () => {
    const ref = ctx.db.collection(uniqueCollection('transforms')).doc('a');
    const before = Date.now();
    await ref.set(
      {
        count: FieldValue.increment(2),
        ratio: FieldValue.increment(0.5),
        tags: FieldValue.arrayUnion('t'),
        at: FieldValue.serverTimestamp(),
      },
      { merge: true },
    );
    await ref.update({ count: FieldValue.increment(3), ratio: FieldValue.increment(1) });
    const data = (await ref.get()).data() ?? {};
    expect(data).toMatchObject({ count: 5, ratio: 1.5, tags: ['t'] });
    expect(data.at).toBeInstanceOf(Timestamp);
    expect((data.at as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('does not lose concurrent increments', async () => {
    const ref = ctx.db.collection(uniqueCollection('counter')).doc('c');
    await ref.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? ctx.db : ctx.otherDb).doc(ref.path).update({ n: FieldValue.increment(1) }),
      ),
    );
    expect((await ref.get()).data()).toEqual({ n: 50 });
  });
});

describe('queries', () => {
  it('where with two equality filters, count() and ordering', async () => {
    const col = ctx.db.collection(uniqueCollection('query'));
    await Promise.all([
      col.doc('d').set({ team: 'red', role: 'admin', score: 4 }),
      col.doc('b').set({ team: 'red', role: 'admin', score: 2.5 }),
      col.doc('c').set({ team: 'red', role: 'member', score: 3 }),
      col.doc('a').set({ team: 'blue', role: 'admin', score: 1 }),
    ]);
    const admins = await col.where('team', '==', 'red').where('role', '==', 'admin').get();
    expect(admins.docs.map((d) => d.id)).toEqual(['b', 'd']);

    expect((await col.where('team', '==', 'red').count().get()).data().count).toBe(3);
    expect((await col.count().get()).data().count).toBe(4);

    const ordered = await col.orderBy('score', 'desc').limit(3).get();
    expect(ordered.docs.map((d) => d.id)).toEqual(['d', 'c', 'b']);
    // Integers and doubles compare as numbers.
    expect((await col.where('score', '>', 2).get()).docs.map((d) => d.id)).toEqual(['b', 'c', 'd']);

    const page = await col.orderBy('score').startAfter(2.5).get();
    expect(page.docs.map((d) => d.id)).toEqual(['c', 'd']);
    const byId = await col.orderBy(FieldPath.documentId()).startAt('b').endBefore('d').get();
    expect(byId.docs.map((d) => d.id)).toEqual(['b', 'c']);
  });

  it('null filters, in / array-contains and nested fields', async () => {
    const col = ctx.db.collection(uniqueCollection('filters'));
    await Promise.all([
      col.doc('a').set({ owner: null, tags: ['x', 'y'], meta: { level: 1 } }),
      col.doc('b').set({ owner: 'u1', tags: ['y'], meta: { level: 2 } }),
      col.doc('c').set({ tags: [] }),
    ]);
    const ids = async (query: FirebaseFirestore.Query): Promise<string[]> => (await query.get()).docs.map((d) => d.id);
    expect(await ids(col.where('owner', '==', null))).toEqual(['a']);
    expect(await ids(col.where('owner', '!=', null))).toEqual(['b']);
    expect(await ids(col.where('tags', 'array-contains', 'x'))).toEqual(['a']);
    expect(await ids(col.where('owner', 'in', ['u1', 'u2']))).toEqual(['b']);
    expect(await ids(col.where('meta.level', '>=', 2))).toEqual(['b']);
  });
});

describe('OR filters, NaN, aggregates and field masks', () => {
  it('nested AND / OR filters select what production selects', async () => {
    const col = ctx.db.collection(uniqueCollection('or'));
    await Promise.all([
      col.doc('a').set({ x: 1, y: 'p' }),
      col.doc('b').set({ x: 2, y: 'q' }),
      col.doc('c').set({ x: 3, y: 'p' }),
      col.doc('d').set({ x: Number.NaN, y: 'q' }),
    ]);
    const ids = async (query: FirebaseFirestore.Query): Promise<string[]> => (await query.get()).docs.map((d) => d.id);
    expect(await ids(col.where(Filter.or(Filter.where('x', '==', 1), Filter.where('y', '==', 'q'))))).toEqual([
      'a',
      'b',
      'd',
    ]);
    expect(
      await ids(
        col.where(
          Filter.or(Filter.and(Filter.where('y', '==', 'p'), Filter.where('x', '>', 1)), Filter.where('x', '==', 2)),
        ),
      ),
    ).toEqual(['b', 'c']);
    expect(await ids(col.where('x', '==', Number.NaN))).toEqual(['d']);
  });

  it('averages ignore values that are not numbers', async () => {
    const col = ctx.db.collection(uniqueCollection('avg'));
    await Promise.all([col.doc('a').set({ n: 2 }), col.doc('b').set({ n: 4.5 }), col.doc('c').set({ n: 'many' })]);
    const result = await col.aggregate({ average: AggregateField.average('n'), count: AggregateField.count() }).get();
    expect(result.data()).toEqual({ average: 3.25, count: 3 });
  });

  it('getAll applies a field mask', async () => {
    const col = ctx.db.collection(uniqueCollection('mask'));
    await Promise.all([col.doc('a').set({ keep: 1, drop: 2 }), col.doc('b').set({ keep: 3, drop: 4 })]);
    const docs = await ctx.db.getAll(col.doc('a'), col.doc('b'), { fieldMask: ['keep'] });
    expect(docs.map((d) => d.data())).toEqual([{ keep: 1 }, { keep: 3 }]);
  });
});

describe('more queries and bulk operations', () => {
  it('collection group queries, select(), offset() and limitToLast()', async () => {
    const group = uniqueCollection('group');
    const root = ctx.db.collection(uniqueCollection('root'));
    await Promise.all([
      root.doc('p1').collection(group).doc('x').set({ n: 1, secret: 's' }),
      root.doc('p2').collection(group).doc('y').set({ n: 2, secret: 's' }),
      ctx.db.collection(group).doc('z').set({ n: 3, secret: 's' }),
    ]);
    const all = await ctx.db.collectionGroup(group).orderBy('n').get();
    expect(all.docs.map((d) => d.id)).toEqual(['x', 'y', 'z']);

    const projected = await ctx.db.collectionGroup(group).orderBy('n').select('n').offset(1).get();
    expect(projected.docs.map((d) => d.data())).toEqual([{ n: 2 }, { n: 3 }]);

    const last = await ctx.db.collectionGroup(group).orderBy('n').limitToLast(2).get();
    expect(last.docs.map((d) => d.id)).toEqual(['y', 'z']);
  });

  it('recursiveDelete() and bulkWriter() work', async () => {
    const col = ctx.db.collection(uniqueCollection('recursive'));
    const writer = ctx.db.bulkWriter();
    for (const id of ['a', 'b', 'c']) {
      void writer.set(col.doc(id), { id });
      void writer.set(col.doc(id).collection('children').doc('child'), { id });
    }
    await writer.close();
    expect((await col.get()).size).toBe(3);
    expect((await col.doc('b').collection('children').get()).size).toBe(1);

    const other = ctx.db.collection(uniqueCollection('untouched')).doc('keep');
    await other.set({ keep: true });
    await ctx.db.recursiveDelete(col);
    expect((await col.get()).size).toBe(0);
    expect((await col.doc('b').collection('children').get()).size).toBe(0);
    expect((await other.get()).exists).toBe(true);
  });

  it('onSnapshot delivers the current documents and later changes', async () => {
    const col = ctx.db.collection(uniqueCollection('listen'));
    await col.doc('a').set({ v: 1 });
    const snapshots: string[][] = [];
    const waiters: { count: number; resolve: () => void }[] = [];
    const waitFor = (count: number): Promise<void> =>
      new Promise((resolve) => {
        if (snapshots.length >= count) resolve();
        else waiters.push({ count, resolve });
      });
    const unsubscribe = col.onSnapshot((snapshot) => {
      snapshots.push(snapshot.docs.map((d) => d.id));
      for (const waiter of waiters) if (snapshots.length >= waiter.count) waiter.resolve();
    });
    await waitFor(1);
    await col.doc('b').set({ v: 2 });
    await waitFor(2);
    unsubscribe();
    expect(snapshots).toEqual([['a'], ['a', 'b']]);
  });
});
