/**
 * The hot-document model (src/hot-documents.ts) through firebase-admin: production's "one
 * sustained write per second, per document", a small burst, a bounded wait, then ABORTED.
 * Most tests drive the model's clock by hand, so nothing waits for real.
 */
import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
import { status } from '@grpc/grpc-js';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { HotDocuments, parseHotDocuments } from '../src/hot-documents.js';
import { HOT_DOCUMENT_MESSAGE, PRODUCTION_HOT_DOCUMENTS, type HotDocumentClock } from '../src/index.js';
import { PROJECT_ID, startTestContext, uniqueCollection, type TestContext } from './support.js';

/** A clock that moves only when told: each sleep ends once `advance` has passed its end. */
class ManualClock implements HotDocumentClock {
  private time = 0;
  private sleepers: { until: number; wake: () => void }[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => this.sleepers.push({ until: this.time + ms, wake }));
  }

  /** Commits waiting for their turn (or for their refusal) now. */
  get waiting(): number {
    return this.sleepers.length;
  }

  advance(ms: number): void {
    this.time += ms;
    const due = this.sleepers.filter((sleeper) => sleeper.until <= this.time);
    this.sleepers = this.sleepers.filter((sleeper) => sleeper.until > this.time);
    for (const sleeper of due) sleeper.wake();
  }
}

/** Waits until `done()` holds; fails, saying what it saw, when it does not within 20 s. */
async function until(what: string, done: () => boolean, seen: () => unknown): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Never came: ${what} (saw ${JSON.stringify(seen())})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until `landed` of the calls have landed and `waiting` commits wait on the clock. */
function settled(clock: ManualClock, calls: ReturnType<typeof track>, landed: number, waiting: number) {
  return until(
    `${landed} landed and ${waiting} waiting`,
    () => calls.landed().length === landed && clock.waiting === waiting,
    () => ({ ...calls.counts(), waiting: clock.waiting }),
  );
}

/** Calls that settle in the background, and how they ended. */
function track<T>(calls: Promise<T>[]) {
  const outcomes: ({ landed: T } | { refused: { code?: number; details?: string } } | undefined)[] = calls.map(
    () => undefined,
  );
  const all = Promise.all(
    calls.map((call, i) =>
      call.then(
        (landed) => void (outcomes[i] = { landed }),
        (error: { code?: number; details?: string }) => void (outcomes[i] = { refused: error }),
      ),
    ),
  );
  const landed = () => outcomes.flatMap((outcome, i) => (outcome && 'landed' in outcome ? [i] : []));
  const refused = () => outcomes.flatMap((outcome) => (outcome && 'refused' in outcome ? [outcome.refused] : []));
  return { all, landed, refused, counts: () => ({ landed: landed().length, refused: refused().length }) };
}

/** A join-like transaction: reads its own document, writes it and appends to one shared document. */
function join(db: Firestore, collection: string, i: number, options?: { maxAttempts: number }) {
  const own = db.collection(collection).doc(`join-${i}`);
  const shared = db.collection(collection).doc('history');
  return db.runTransaction(async (tx) => {
    if ((await tx.get(own)).exists) return;
    tx.set(own, { i });
    tx.set(shared, { entries: FieldValue.arrayUnion(i) }, { merge: true });
  }, options);
}

async function existing(db: Firestore, collection: string, count: number): Promise<number[]> {
  const snapshots = await db.getAll(
    ...Array.from({ length: count }, (_, i) => db.collection(collection).doc(`join-${i}`)),
  );
  return snapshots.flatMap((snapshot, i) => (snapshot.exists ? [i] : []));
}

async function historyEntries(db: Firestore, collection: string): Promise<number[]> {
  const entries = (await db.collection(collection).doc('history').get()).get('entries') as number[] | undefined;
  return [...(entries ?? [])].sort((a, b) => a - b);
}

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('the model', () => {
  it('gives each document its burst, then one turn a second in arrival order, and refuses a turn past the bound', () => {
    const clock = new ManualClock();
    const model = new HotDocuments({ perSecond: 1, burst: 2, maxWaitMs: 2_000, clock });
    const turns = () => model.admit(['a']);
    expect([turns(), turns(), turns(), turns(), turns()]).toEqual([
      { admitted: true, waitMs: 0 },
      { admitted: true, waitMs: 0 },
      { admitted: true, waitMs: 1_000 },
      { admitted: true, waitMs: 2_000 },
      { admitted: false, waitMs: 2_000 },
    ]);
    // A refused commit took no turn; another document is untouched; a commit of both waits for a's.
    expect(model.admit(['b'])).toEqual({ admitted: true, waitMs: 0 });
    clock.advance(1_500);
    expect(model.admit(['a', 'b'])).toEqual({ admitted: true, waitMs: 1_500 });
    clock.advance(60_000);
    expect([turns(), turns(), turns()].map((turn) => turn.waitMs)).toEqual([0, 0, 1_000]);
  });

  it('is off unless asked for, and says what it was asked for', () => {
    expect(parseHotDocuments(undefined)).toBe(false);
    expect(parseHotDocuments('off')).toBe(false);
    expect(parseHotDocuments('production')).toEqual(PRODUCTION_HOT_DOCUMENTS);
    expect(parseHotDocuments('2,10,500')).toEqual({ perSecond: 2, burst: 10, maxWaitMs: 500 });
    expect(() => parseHotDocuments('on')).toThrow(/"off", "production" or "perSecond,burst,maxWaitMs"/);
    expect(() => parseHotDocuments('0,5,100')).toThrow(/perSecond must be above 0/);
  });
});

describe('hot documents, on', () => {
  it('takes a burst on one document, delays the next commits to one a second, then refuses with ABORTED and writes nothing of them', async () => {
    const clock = new ManualClock();
    ctx = await startTestContext({ hotDocuments: { ...PRODUCTION_HOT_DOCUMENTS, clock } });
    const { db } = ctx;
    const collection = uniqueCollection('hot');
    // burst 5 at once; the 6th and 7th wait 1 s and 2 s; the 8th's turn (3 s) is past the 2 s bound.
    const joins = track(Array.from({ length: 8 }, (_, i) => join(db, collection, i, { maxAttempts: 1 })));

    await settled(clock, joins, 5, 3);
    expect(await existing(db, collection, 8)).toEqual(joins.landed());
    expect(await historyEntries(db, collection)).toEqual(joins.landed());

    // Other documents do not wait: this lands while the clock stands still.
    await db.collection(collection).doc('elsewhere').set({ at: 'once' });
    expect(clock.waiting).toBe(3);

    clock.advance(1_000);
    await settled(clock, joins, 6, 2);
    clock.advance(1_000);
    await joins.all;

    expect(joins.counts()).toEqual({ landed: 7, refused: 1 });
    expect(joins.refused()[0]).toMatchObject({ code: status.ABORTED, details: HOT_DOCUMENT_MESSAGE });
    expect(await existing(db, collection, 8)).toEqual(joins.landed());
    expect(await historyEntries(db, collection)).toEqual(joins.landed());
  });

  it('refuses at once a commit whose precondition no longer holds: it would write nothing, and spends no turn', async () => {
    const clock = new ManualClock();
    ctx = await startTestContext({ hotDocuments: { ...PRODUCTION_HOT_DOCUMENTS, clock } });
    const shard = ctx.db.collection(uniqueCollection('hot')).doc('shard');
    // The burst of 5: the first write's version is the one a late claim was based on.
    const { writeTime: seen } = await shard.set({ joins: 1 });
    for (let joins = 2; joins <= 5; joins++) await shard.update({ joins });

    const stale = track([shard.update({ joins: 2 }, { lastUpdateTime: seen })]);
    await until(
      'the stale claim refused',
      () => stale.counts().refused === 1,
      () => stale.counts(),
    );
    expect(stale.refused()[0]).toMatchObject({ code: status.FAILED_PRECONDITION });
    expect(clock.waiting).toBe(0);

    // The next write has the turn the refused one did not take: one second on.
    const next = track([shard.update({ joins: 6 })]);
    await settled(clock, next, 0, 1);
    clock.advance(1_000);
    await next.all;
    expect(next.counts()).toEqual({ landed: 1, refused: 0 });
    expect((await shard.get()).data()).toEqual({ joins: 6 });
  });

  it('refuses each write of a BatchWrite (BulkWriter) on its own: the hot one ABORTED, the others land', async () => {
    const clock = new ManualClock();
    ctx = await startTestContext({ hotDocuments: { perSecond: 1, burst: 1, maxWaitMs: 0, clock } });
    const { db } = ctx;
    const collection = db.collection(uniqueCollection('hot-bulk'));
    await collection.doc('hot').set({ n: 0 }); // its one token spent

    const writer = db.bulkWriter();
    writer.onWriteError(() => false); // no retries: see the first answer
    const hotWrite = writer.set(collection.doc('hot'), { n: 1 });
    const coldWrite = writer.set(collection.doc('cold'), { n: 1 });
    await writer.close();

    await expect(hotWrite).rejects.toMatchObject({ code: status.ABORTED, message: HOT_DOCUMENT_MESSAGE });
    await expect(coldWrite).resolves.toBeDefined();
    expect((await collection.doc('hot').get()).data()).toEqual({ n: 0 });
    expect((await collection.doc('cold').get()).data()).toEqual({ n: 1 });
  });

  it("the web SDK's Write stream waits its turn too, its answers in the order of its writes", async () => {
    const clock = new ManualClock();
    ctx = await startTestContext({ hotDocuments: { ...PRODUCTION_HOT_DOCUMENTS, clock } });
    const env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { host: ctx.emulator.host, port: ctx.emulator.port },
    });
    try {
      await env.withSecurityRulesDisabled(async (context) => {
        const ref = doc(context.firestore(), `${uniqueCollection('hot-web')}/counter`);
        const writes = track(Array.from({ length: 7 }, (_, i) => setDoc(ref, { n: i })));
        // 5 land; the 6th waits its turn; the 7th is queued behind it on the stream.
        await settled(clock, writes, 5, 1);
        clock.advance(1_000);
        await settled(clock, writes, 6, 1); // the 7th waits now
        clock.advance(1_000);
        await writes.all;
        expect(writes.counts()).toEqual({ landed: 7, refused: 0 });
        expect((await getDoc(ref)).data()).toEqual({ n: 6 });
      });
    } finally {
      await env.cleanup();
    }
  });

  it('a plain write beyond the bucket is late, not refused: firebase-admin retries ABORTED outside a transaction', async () => {
    ctx = await startTestContext({ hotDocuments: { ...PRODUCTION_HOT_DOCUMENTS } });
    const { db } = ctx;
    const ref = db.collection(uniqueCollection('hot-plain')).doc('counter');
    // 8 writes: 5 at once, 2 after a wait, the 8th refused once after 2 s and retried by the client.
    const writes = track(Array.from({ length: 8 }, (_, i) => ref.set({ [`w${i}`]: true }, { merge: true })));
    await writes.all;
    expect(writes.counts()).toEqual({ landed: 8, refused: 0 });
    expect(Object.keys((await ref.get()).data() ?? {}).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `w${i}`));
  });

  it('50 concurrent join-like transactions on one shared document: many are refused after their 5 attempts', async () => {
    // The real clock and production's numbers: why the companion's joins must not share a document.
    // firebase-admin's 5 attempts span about 20 s (back-off and waits), in which the document takes
    // its burst and about one write a second: about half land (25 of 50 when this was written).
    ctx = await startTestContext({ hotDocuments: { ...PRODUCTION_HOT_DOCUMENTS } });
    const { db } = ctx;
    const collection = uniqueCollection('hot-joins');
    const joins = track(Array.from({ length: 50 }, (_, i) => join(db, collection, i)));
    await joins.all;

    const { landed, refused } = joins.counts();
    console.log(`hot documents: 50 concurrent joins on one document: ${landed} landed, ${refused} refused`);
    expect(refused).toBeGreaterThanOrEqual(10);
    for (const error of joins.refused())
      expect(error).toMatchObject({ code: status.ABORTED, details: HOT_DOCUMENT_MESSAGE });
    expect(await existing(db, collection, 50)).toEqual(joins.landed());
    expect(await historyEntries(db, collection)).toEqual(joins.landed());
  }, 120_000);
});

describe('hot documents, off (the default)', () => {
  it('the same 50 concurrent transactions all land at once', async () => {
    ctx = await startTestContext();
    expect(ctx.emulator.hotDocuments).toBe(false);
    const { db } = ctx;
    const collection = uniqueCollection('cold-joins');
    const joins = track(Array.from({ length: 50 }, (_, i) => join(db, collection, i, { maxAttempts: 1 })));
    await joins.all;
    expect(joins.counts()).toEqual({ landed: 50, refused: 0 });
    expect(await historyEntries(db, collection)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
