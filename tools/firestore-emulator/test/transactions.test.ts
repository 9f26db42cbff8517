import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, shortenClientBackoff, startTestContext, uniqueCollection, type TestContext } from './support.js';

const ABORTED = 10;
// Optimistic transactions: under contention most attempts abort and are retried by
// firebase-admin with a jittered back-off (0 s, ~1 s, ~1.5 s, ~2.25 s, ...), here a tenth of it:
// what these tests hold (no update lost, one creation) does not rest on how long it is.
const CONTENDED = { maxAttempts: 15 };
shortenClientBackoff(10);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('transactions', () => {
  it('concurrent read-modify-write transactions do not lose updates', async () => {
    const ref = ctx.db.collection(uniqueCollection('tx-counter')).doc('counter');
    await ref.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const db = i % 2 === 0 ? ctx.db : ctx.otherDb;
        return db.runTransaction(async (tx) => {
          const snapshot = await tx.get(db.doc(ref.path));
          tx.update(db.doc(ref.path), { n: (snapshot.get('n') as number) + 1 });
        }, CONTENDED);
      }),
    );
    expect((await ref.get()).data()).toEqual({ n: 20 });
  });

  it('concurrent "create if the query finds nothing" transactions create exactly one document', async () => {
    const col = ctx.db.collection(uniqueCollection('tx-unique'));
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const db = i % 2 === 0 ? ctx.db : ctx.otherDb;
        const target = db.collection(col.id);
        return db.runTransaction(async (tx) => {
          const existing = await tx.get(target.where('a', '==', 'x'));
          if (!existing.empty) return false;
          tx.create(target.doc(), { a: 'x', by: i });
          return true;
        }, CONTENDED);
      }),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
    expect((await col.get()).size).toBe(1);
  });

  it('concurrent "create if missing" transactions on one document id create it once', async () => {
    const ref = ctx.db.collection(uniqueCollection('tx-create')).doc('only');
    const winners = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.db.runTransaction(async (tx) => {
          if ((await tx.get(ref)).exists) return false;
          tx.set(ref, { by: i });
          return true;
        }, CONTENDED),
      ),
    );
    expect(winners.filter(Boolean)).toHaveLength(1);
  });

  it('aborts a commit when a document it read was written meanwhile', async () => {
    const ref = ctx.db.collection(uniqueCollection('tx-conflict')).doc('a');
    await ref.set({ n: 1 });
    let attempts = 0;
    const outcome = ctx.db.runTransaction(
      async (tx) => {
        attempts += 1;
        const snapshot = await tx.get(ref);
        // Another client writes the document between this transaction's read and its commit.
        await ctx.otherDb.doc(ref.path).update({ n: FieldValue.increment(100) });
        tx.update(ref, { n: (snapshot.get('n') as number) + 1 });
      },
      { maxAttempts: 1 },
    );
    expect(await errorCode(outcome)).toBe(ABORTED);
    expect(attempts).toBe(1);
    expect((await ref.get()).data()).toEqual({ n: 101 });
  });

  it('aborts a commit when the result of a query it ran changed meanwhile', async () => {
    const col = ctx.db.collection(uniqueCollection('tx-phantom'));
    const outcome = ctx.db.runTransaction(
      async (tx) => {
        const existing = await tx.get(col.where('a', '==', 1));
        await ctx.otherDb.collection(col.id).doc('phantom').set({ a: 1 });
        if (existing.empty) tx.create(col.doc('mine'), { a: 1 });
      },
      { maxAttempts: 1 },
    );
    expect(await errorCode(outcome)).toBe(ABORTED);
    expect((await col.get()).docs.map((d) => d.id)).toEqual(['phantom']);
  });

  it('commits transactions whose reads are unchanged, and applies their writes atomically', async () => {
    const col = ctx.db.collection(uniqueCollection('tx-ok'));
    await col.doc('from').set({ balance: 10 });
    await col.doc('to').set({ balance: 0 });
    await ctx.db.runTransaction(async (tx) => {
      const [from, to] = await tx.getAll(col.doc('from'), col.doc('to'));
      const count = (await tx.get(col.count())).data().count;
      expect(count).toBe(2);
      tx.update(col.doc('from'), { balance: (from?.get('balance') as number) - 4 });
      tx.update(col.doc('to'), { balance: (to?.get('balance') as number) + 4 });
    });
    expect((await col.doc('from').get()).data()).toEqual({ balance: 6 });
    expect((await col.doc('to').get()).data()).toEqual({ balance: 4 });
  });

  it('a transaction whose write fails a precondition applies none of its writes', async () => {
    const col = ctx.db.collection(uniqueCollection('tx-atomic'));
    await col.doc('taken').set({ v: 1 });
    const outcome = ctx.db.runTransaction(async (tx) => {
      await tx.get(col.doc('taken'));
      tx.set(col.doc('other'), { v: 1 });
      tx.create(col.doc('taken'), { v: 2 });
    });
    expect(await errorCode(outcome)).toBe(6);
    expect((await col.doc('other').get()).exists).toBe(false);
  });

  it('read-only transactions and rolled back transactions leave data unchanged', async () => {
    const ref = ctx.db.collection(uniqueCollection('tx-readonly')).doc('a');
    await ref.set({ v: 1 });
    const value = await ctx.db.runTransaction(async (tx) => (await tx.get(ref)).get('v') as number, { readOnly: true });
    expect(value).toBe(1);
    const failing = ctx.db.runTransaction(async (tx) => {
      await tx.get(ref);
      tx.update(ref, { v: 2 });
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    expect((await ref.get()).data()).toEqual({ v: 1 });
  });
});
