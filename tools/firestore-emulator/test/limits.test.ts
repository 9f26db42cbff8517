import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestContext, uniqueCollection, type TestContext } from './support.js';

const INVALID_ARGUMENT = 3;
const MAX_DOCUMENT_BYTES = 1_048_576;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * Firestore's storage size of a document `{collection}/{id}` holding one string field
 * `text` of `byteLength` UTF-8 bytes: the name (each segment + 1, then + 16), the field
 * name + 1, the string + 1, and 32.
 */
function sizeWithText(collection: string, id: string, byteLength: number): number {
  const nameSize = Buffer.byteLength(collection) + 1 + Buffer.byteLength(id) + 1 + 16;
  return nameSize + 'text'.length + 1 + byteLength + 1 + 32;
}

/** The byte length the `text` field must have for the document to weigh `total` bytes. */
function textBytesFor(collection: string, id: string, total: number): number {
  return total - sizeWithText(collection, id, 0);
}

describe('limits production Firestore enforces', () => {
  it('stores a document of exactly 1 MiB and refuses one byte more, as production does', async () => {
    const collection = uniqueCollection('size');
    const atLimit = ctx.db.collection(collection).doc('at-limit');
    const overLimit = ctx.db.collection(collection).doc('over-limit');
    await atLimit.set({ text: 'a'.repeat(textBytesFor(collection, 'at-limit', MAX_DOCUMENT_BYTES)) });
    expect((await atLimit.get()).exists).toBe(true);

    const refusal = overLimit.set({ text: 'a'.repeat(textBytesFor(collection, 'over-limit', MAX_DOCUMENT_BYTES) + 1) });
    await expect(refusal).rejects.toThrow(
      /cannot be written because its size \(1,048,577 bytes\) exceeds the maximum allowed size of 1,048,576 bytes/,
    );
    expect(await errorCode(overLimit.set({ text: 'a'.repeat(MAX_DOCUMENT_BYTES) }))).toBe(INVALID_ARGUMENT);
    expect((await overLimit.get()).exists).toBe(false);
  });

  it('counts strings in UTF-8 bytes, not characters', async () => {
    const collection = uniqueCollection('utf8');
    const ref = ctx.db.collection(collection).doc('hindi');
    const bytes = textBytesFor(collection, 'hindi', MAX_DOCUMENT_BYTES);
    // "क" is three bytes: a third as many characters already reach the limit.
    const characters = Math.floor(bytes / 3) + 1;
    expect(await errorCode(ref.set({ text: 'क'.repeat(characters) }))).toBe(INVALID_ARGUMENT);
    await ref.set({ text: 'क'.repeat(characters - 1) });
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

  it('refuses a document id longer than 1500 bytes', async () => {
    const collection = ctx.db.collection(uniqueCollection('ids'));
    await collection.doc('i'.repeat(1500)).set({ ok: true });
    expect(await errorCode(collection.doc('i'.repeat(1501)).set({ ok: true }))).toBe(INVALID_ARGUMENT);
  });
});
