import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, REFUSED_READS_AT_ONCE, startTestContext, uniqueCollection, type TestContext } from './support.js';

const INVALID_ARGUMENT = 3;
const MAX_DOCUMENT_BYTES = 1_048_576;

/** What a listener hears first: a snapshot, or an error's message (5 s at most). */
function firstHeard(listen: (next: () => void, error: (error: Error) => void) => () => void): Promise<string> {
  return new Promise((resolve) => {
    const finish = (what: string) => {
      clearTimeout(timer);
      stop();
      resolve(what);
    };
    const timer = setTimeout(() => finish('nothing within 5 s'), 5_000);
    const stop = listen(
      () => finish('a snapshot'),
      (error) => finish(`error: ${error.message}`),
    );
  });
}

let ctx: TestContext;
/** For the refused reads: the refusal without the client's retries of it. */
let refusedAtOnce: Firestore;
beforeAll(async () => {
  ctx = await startTestContext();
  refusedAtOnce = ctx.newClient(undefined, REFUSED_READS_AT_ONCE);
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * Firestore's storage size of a document `{collection}/{id}` holding two string fields `a` and
 * `b` of `byteLength` UTF-8 bytes between them: the name (each segment + 1, then + 16), each
 * field name + 1, each string + 1, and 32. Two fields, because production refuses a single
 * string over 1,048,487 bytes before it weighs the document.
 */
function sizeWithText(collection: string, id: string, byteLength: number): number {
  const nameSize = Buffer.byteLength(collection) + 1 + Buffer.byteLength(id) + 1 + 16;
  return nameSize + 2 * ('a'.length + 1 + 1) + byteLength + 32;
}

/** The byte length the two strings must have for the document to weigh `total` bytes. */
function textBytesFor(collection: string, id: string, total: number): number {
  return total - sizeWithText(collection, id, 0);
}

/** Two fields `a` and `b` of `character`, `count` of them between the two. */
function halves(character: string, count: number): { a: string; b: string } {
  const first = Math.floor(count / 2);
  return { a: character.repeat(first), b: character.repeat(count - first) };
}

describe('limits production Firestore enforces', () => {
  it('stores a document of exactly 1 MiB and refuses one byte more, as production does', async () => {
    const collection = uniqueCollection('size');
    const atLimit = ctx.db.collection(collection).doc('at-limit');
    const overLimit = ctx.db.collection(collection).doc('over-limit');
    await atLimit.set(halves('a', textBytesFor(collection, 'at-limit', MAX_DOCUMENT_BYTES)));
    expect((await atLimit.get()).exists).toBe(true);

    const refusal = overLimit.set(halves('a', textBytesFor(collection, 'over-limit', MAX_DOCUMENT_BYTES) + 1));
    await expect(refusal).rejects.toThrow(
      /cannot be written because its size \(1,048,577 bytes\) exceeds the maximum allowed size of 1,048,576 bytes/,
    );
    expect(await errorCode(overLimit.set(halves('a', MAX_DOCUMENT_BYTES)))).toBe(INVALID_ARGUMENT);
    expect((await overLimit.get()).exists).toBe(false);
  });

  it('counts strings in UTF-8 bytes, not characters', async () => {
    const collection = uniqueCollection('utf8');
    const ref = ctx.db.collection(collection).doc('hindi');
    const bytes = textBytesFor(collection, 'hindi', MAX_DOCUMENT_BYTES);
    // "क" is three bytes: a third as many characters already reach the limit.
    const characters = Math.floor(bytes / 3) + 1;
    expect(await errorCode(ref.set(halves('क', characters)))).toBe(INVALID_ARGUMENT);
    await ref.set(halves('क', characters - 1));
    expect((await ref.get()).exists).toBe(true);
  });

  it('refuses an arrayUnion that would grow a document past the limit, and keeps the document as it was', async () => {
    const ref = ctx.db.collection(uniqueCollection('grow')).doc('list');
    const entry = { name: 'x'.repeat(1000), at: '2026-11-23T08:00:00.000Z' };
    const entries = Array.from({ length: 1000 }, (_, i) => ({ ...entry, i }));
    await ref.set({ history: entries });
    const grown = ref.update({
      history: FieldValue.arrayUnion(...Array.from({ length: 100 }, (_, i) => ({ ...entry, i: 1000 + i }))),
    });
    expect(await errorCode(grown)).toBe(INVALID_ARGUMENT);
    expect(((await ref.get()).data()?.history as unknown[]).length).toBe(1000);
  });

  it('refuses a whole batch when one of its documents is too large', async () => {
    const collection = ctx.db.collection(uniqueCollection('batch'));
    const batch = ctx.db.batch();
    batch.set(collection.doc('small'), { ok: true });
    batch.set(collection.doc('huge'), { text: 'a'.repeat(MAX_DOCUMENT_BYTES) });
    expect(await errorCode(batch.commit())).toBe(INVALID_ARGUMENT);
    expect((await collection.doc('small').get()).exists).toBe(false);
  });

  it('refuses one string over 1,048,487 bytes, whatever the document weighs', async () => {
    const ref = ctx.db.collection(uniqueCollection('value')).doc('a');
    await expect(ref.set({ text: 'a'.repeat(1_048_488) })).rejects.toThrow(
      /The value of property "text" is longer than 1048487 bytes/,
    );
    await ref.set({ text: 'a'.repeat(1_048_487) });
    expect((await ref.get()).exists).toBe(true);
  });

  it('refuses a document id longer than 1500 bytes', async () => {
    const collection = ctx.db.collection(uniqueCollection('ids'));
    await collection.doc('i'.repeat(1500)).set({ ok: true });
    expect(await errorCode(collection.doc('i'.repeat(1501)).set({ ok: true }))).toBe(INVALID_ARGUMENT);
  });

  it('refuses reserved ids, and takes the numeric ids of the form __id<n>__', async () => {
    const collection = ctx.db.collection(uniqueCollection('reserved'));
    await expect(collection.doc('__x__').set({ ok: true })).rejects.toThrow(
      /Resource id "__x__" is invalid because it is reserved/,
    );
    await expect(ctx.db.collection('__c__').doc('a').set({ ok: true })).rejects.toThrow(/reserved/);
    await collection.doc('__id7__').set({ ok: true });
    expect((await collection.doc('__id7__').get()).exists).toBe(true);
  });

  it("refuses a read that names a reserved id as it refuses the write, as Google's emulator does", async () => {
    const reserved = refusedAtOnce.collection(uniqueCollection('reserved-read')).doc('__x__');
    const below = reserved.collection('shards');
    const refused = /Resource id "__x__" is invalid because it is reserved/;
    await expect(reserved.get()).rejects.toThrow(refused);
    await expect(below.get()).rejects.toThrow(refused);
    await expect(below.listDocuments()).rejects.toThrow(refused);
    await expect(reserved.listCollections()).rejects.toThrow(refused);
    expect(await firstHeard((next, error) => reserved.onSnapshot(next, error))).toMatch(refused);
    expect(await firstHeard((next, error) => below.onSnapshot(next, error))).toMatch(refused);
    // The numeric ids stay readable.
    expect((await reserved.parent.doc('__id7__').collection('s').get()).size).toBe(0);
  });

  it('refuses more than 30 values in `in` and more than 30 disjunctions', async () => {
    const collection = refusedAtOnce.collection(uniqueCollection('in'));
    const values = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect((await collection.where('v', 'in', values(30)).get()).size).toBe(0);
    await expect(collection.where('v', 'in', values(31)).get()).rejects.toThrow(/up to 30 comparison values/);
    await expect(collection.where('v', 'in', values(10)).where('w', 'in', values(4)).get()).rejects.toThrow(
      /Too many disjunctions after normalization/,
    );
  });

  it('stores timestamps to the microsecond, as production', async () => {
    const ref = ctx.db.collection(uniqueCollection('time')).doc('a');
    await ref.set({ at: new Timestamp(1_700_000_000, 123_456_789), list: [new Timestamp(1, 999)] });
    const data = (await ref.get()).data();
    expect((data?.['at'] as Timestamp).nanoseconds).toBe(123_456_000);
    expect((data?.['list'] as Timestamp[])[0]?.nanoseconds).toBe(0);
  });

  it('refuses a request over 10 MiB', async () => {
    const batch = ctx.db.batch();
    const collection = ctx.db.collection(uniqueCollection('request'));
    for (let i = 0; i < 11; i++) batch.set(collection.doc(`d${i}`), halves('a', 1_000_000));
    await expect(batch.commit()).rejects.toThrow(/Request payload size exceeds the limit: 10485760 bytes/);
    expect((await collection.doc('d0').get()).exists).toBe(false);
  });
});
