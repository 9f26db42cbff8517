/**
 * The hot-document model switched while the emulator runs (`PUT /emulator/v1/hotDocuments`), as
 * `npm test` does between the stack suites and the hot ones on one stack: it takes effect on the
 * next commit, off is off again, and a malformed model changes nothing.
 */
import { status } from '@grpc/grpc-js';
import type { DocumentReference } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { HOT_DOCUMENT_MESSAGE } from '../src/index.js';
import { errorCode, startTestContext, uniqueCollection, type TestContext } from './support.js';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function hotDocuments(method: 'GET' | 'PUT', body?: unknown): Promise<{ status: number; body: unknown }> {
  if (!ctx) throw new Error('no emulator');
  const response = await fetch(`http://${ctx.emulator.host}:${ctx.emulator.port}/emulator/v1/hotDocuments`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** A write tried once: firebase-admin would retry a plain set's ABORTED commit for a minute. */
function writeOnce(document: DocumentReference, data: Record<string, unknown>): Promise<void> {
  return document.firestore.runTransaction(async (transaction) => void transaction.set(document, data), {
    maxAttempts: 1,
  });
}

// One write a thousand seconds, no burst beyond one and no wait: a second write of a document is
// refused at once, so that nothing here waits for a real second.
const STRICT = '0.001,1,0';

describe('the hot-document model, switched while the emulator runs', () => {
  it('is off, then on for the next commit, then off again', async () => {
    ctx = await startTestContext();
    const { db } = ctx;
    const document = db.collection(uniqueCollection('switched')).doc('counter');
    expect(await hotDocuments('GET')).toEqual({ status: 200, body: { hotDocuments: 'hot documents: off' } });
    await writeOnce(document, { n: 1 });
    await writeOnce(document, { n: 2 });

    expect(await hotDocuments('PUT', { model: STRICT })).toEqual({
      status: 200,
      body: { hotDocuments: 'hot documents: 0.001 write/s a document, burst 1, wait ≤ 0 ms' },
    });
    expect(ctx.emulator.hotDocuments).toMatchObject({ perSecond: 0.001, burst: 1, maxWaitMs: 0 });
    await writeOnce(document, { n: 3 });
    await expect(writeOnce(document, { n: 4 })).rejects.toMatchObject({
      code: status.ABORTED,
      details: HOT_DOCUMENT_MESSAGE,
    });
    expect((await document.get()).data()).toEqual({ n: 3 });

    expect(await hotDocuments('PUT', { model: 'off' })).toEqual({
      status: 200,
      body: { hotDocuments: 'hot documents: off' },
    });
    expect(ctx.emulator.hotDocuments).toBe(false);
    await writeOnce(document, { n: 5 });
    await writeOnce(document, { n: 6 });
    expect((await document.get()).data()).toEqual({ n: 6 });
  });

  it('refuses a malformed model and keeps the one it had', async () => {
    ctx = await startTestContext({ hotDocuments: { perSecond: 0.001, burst: 1, maxWaitMs: 0 } });
    const { db } = ctx;
    for (const body of [{ model: 'fast' }, { model: 1 }, {}, null]) {
      const answer = await hotDocuments('PUT', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const document = db.collection(uniqueCollection('kept')).doc('counter');
    await writeOnce(document, { n: 1 });
    expect(await errorCode(writeOnce(document, { n: 2 }))).toBe(status.ABORTED);
  });
});
