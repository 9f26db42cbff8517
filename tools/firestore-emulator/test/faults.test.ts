/**
 * Faults on demand (src/faults.ts): each fault reaches firebase-admin as production would send
 * it, and the client's own retries do what they do against production (its retry codes per
 * method: Commit retries UNAVAILABLE and RESOURCE_EXHAUSTED only, reads also DEADLINE_EXCEEDED,
 * transactions start over on ABORTED).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, shortenClientBackoff, startTestContext, uniqueCollection, type TestContext } from './support.js';

// What these tests hold is which retries the client makes, and how many, not how long it waits
// between them: its own back-off (a transaction's, its request retries') is a tenth here. gax's
// (Commit's retry codes) and the stream retry of reads are the client's as deployed.
shortenClientBackoff(10);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const faultsUrl = (): string => `http://${ctx.emulator.host}:${ctx.emulator.port}/emulator/v1/faults`;

interface PlanState {
  seed: number;
  faults: { rpc: string; code: string; fired: number; left: number | null }[];
}

async function plan(body: unknown): Promise<Response> {
  return fetch(faultsUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function fired(): Promise<number[]> {
  const state = (await (await fetch(faultsUrl())).json()) as PlanState;
  return state.faults.map((fault) => fault.fired);
}

afterEach(async () => {
  await fetch(faultsUrl(), { method: 'DELETE' });
});

describe('the fault endpoint', () => {
  it('retries a commit refused as UNAVAILABLE, RESOURCE_EXHAUSTED or ABORTED, as the client does against production', async () => {
    await plan({
      faults: [
        { rpc: 'Commit', code: 'UNAVAILABLE', count: 2 },
        { rpc: 'Commit', code: 'RESOURCE_EXHAUSTED', count: 1 },
        // A batch (not a transaction) is retried on ABORTED by the client itself.
        { rpc: 'Commit', code: 'ABORTED', count: 1 },
      ],
    });
    const ref = ctx.db.collection(uniqueCollection('faults')).doc('a');
    await ref.set({ v: 1 });
    expect((await ref.get()).data()).toEqual({ v: 1 });
    expect(await fired()).toEqual([2, 1, 1]);
  });

  it('hands a commit refused as DEADLINE_EXCEEDED or INTERNAL to the caller, with nothing written', async () => {
    const ref = ctx.db.collection(uniqueCollection('faults')).doc('a');
    await plan({ faults: [{ rpc: 'Commit', code: 'DEADLINE_EXCEEDED', count: 1 }] });
    expect(await errorCode(ref.set({ v: 1 }))).toBe(4);
    await plan({ faults: [{ rpc: 'Commit', code: 'INTERNAL', count: 1 }] });
    expect(await errorCode(ref.set({ v: 1 }))).toBe(13);
    expect((await ref.get()).exists).toBe(false);
  });

  it('a commit whose answer is lost after it landed: the retry meets the write it made', async () => {
    const ref = ctx.db.collection(uniqueCollection('faults')).doc('a');
    await plan({ faults: [{ rpc: 'Commit', code: 'UNAVAILABLE', count: 1, when: 'after' }] });
    // The client retries the create, which now finds the document its first attempt made.
    expect(await errorCode(ref.create({ v: 1 }))).toBe(6);
    expect((await ref.get()).data()).toEqual({ v: 1 });
  });

  it('retries reads refused as UNAVAILABLE or DEADLINE_EXCEEDED', async () => {
    const collection = ctx.db.collection(uniqueCollection('faults'));
    await collection.doc('a').set({ v: 1 });
    await plan({
      faults: [
        { rpc: 'BatchGetDocuments', code: 'DEADLINE_EXCEEDED', count: 1 },
        { rpc: 'RunQuery', code: 'UNAVAILABLE', count: 1 },
      ],
    });
    expect((await collection.doc('a').get()).data()).toEqual({ v: 1 });
    expect((await collection.where('v', '==', 1).get()).size).toBe(1);
    expect(await fired()).toEqual([1, 1]);
  });

  it('starts a transaction over when its commit is refused as ABORTED', async () => {
    const ref = ctx.db.collection(uniqueCollection('faults')).doc('counter');
    await ref.set({ n: 0 });
    await plan({ faults: [{ rpc: 'Commit', code: 'ABORTED', count: 1 }] });
    let attempts = 0;
    await ctx.db.runTransaction(async (tx) => {
      attempts++;
      const n = ((await tx.get(ref)).data()?.['n'] as number) ?? 0;
      tx.update(ref, { n: n + 1 });
    });
    expect(attempts).toBe(2);
    expect((await ref.get()).data()).toEqual({ n: 1 });
  });

  it('fails a transaction for good once its attempts are spent', async () => {
    const ref = ctx.db.collection(uniqueCollection('faults')).doc('counter');
    await plan({ faults: [{ rpc: 'Commit', code: 'ABORTED' }] });
    const outcome = ctx.db.runTransaction(
      async (tx) => {
        tx.set(ref, { n: 1 });
        return Promise.resolve();
      },
      { maxAttempts: 2 },
    );
    expect(await errorCode(outcome)).toBe(10);
    expect(await fired()).toEqual([2]);
  });

  it('draws probabilistic faults from the seed, the same way each time', async () => {
    // Drive the plan through real RPCs: commits with a 50% fault, the client retrying each.
    const ref = ctx.db.collection(uniqueCollection('faults')).doc('a');
    const run = async (seed: number): Promise<number> => {
      await plan({ seed, faults: [{ rpc: 'Commit', code: 'UNAVAILABLE', probability: 0.5 }] });
      for (let i = 0; i < 10; i++) await ref.set({ i });
      return (await fired())[0] as number;
    };
    const first = await run(7);
    expect(first).toBeGreaterThan(0);
    expect(await run(7)).toBe(first);
    expect(await run(8)).not.toBe(first);
  });

  it('aims a fault at the calls about one resource, leaving the others alone', async () => {
    const aimed = ctx.db.collection(uniqueCollection('aimed')).doc('a');
    const spared = ctx.db.collection(uniqueCollection('spared')).doc('a');
    await plan({ faults: [{ rpc: 'Commit', code: 'DEADLINE_EXCEEDED', match: `${aimed.parent.id}/` }] });
    await spared.set({ v: 1 });
    expect(await errorCode(aimed.set({ v: 1 }))).toBe(4);
    expect((await spared.get()).exists).toBe(true);
    expect(await fired()).toEqual([1]);
  });

  it('refuses a malformed plan and keeps the one it has', async () => {
    await plan({ faults: [{ rpc: 'Commit', code: 'UNAVAILABLE', count: 1 }] });
    const bad = await plan({ faults: [{ rpc: 'Commit', code: 'NOT_A_CODE' }] });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('code must be one of');
    expect(await fired()).toEqual([0]);
  });
});

describe('slow calls and open transactions', () => {
  const transactionsUrl = (): string => `http://${ctx.emulator.host}:${ctx.emulator.port}/emulator/v1/transactions`;
  async function openReads(): Promise<string[][]> {
    const body = (await (await fetch(transactionsUrl())).json()) as { transactions: { reads: string[] }[] };
    return body.transactions.map((transaction) => transaction.reads);
  }

  it('holds a read the planned time before it runs, and answers it unchanged', async () => {
    const ref = ctx.db.collection(uniqueCollection('slow')).doc('a');
    await ref.set({ v: 1 });
    await plan({ faults: [{ rpc: 'BatchGetDocuments', delayMs: 400, count: 1, match: ref.path }] });
    const started = Date.now();
    expect((await ref.get()).data()).toEqual({ v: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(await fired()).toEqual([1]);
  });

  it('lists a read-write transaction, with what it read, while its read is held after running', async () => {
    const ref = ctx.db.collection(uniqueCollection('slow')).doc('b');
    await plan({ faults: [{ rpc: 'BatchGetDocuments', delayMs: 600, count: 1, when: 'after', match: ref.path }] });
    const transaction = ctx.db.runTransaction(async (tx) => (await tx.get(ref)).exists);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await openReads()).some((reads) => reads.some((path) => path.endsWith(ref.path)))).toBe(true);
    expect(await transaction).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await openReads()).some((reads) => reads.some((path) => path.endsWith(ref.path)))).toBe(false);
  });

  it('refuses a slow call without a time, and a delay over a minute', async () => {
    for (const fault of [{ rpc: 'Commit' }, { rpc: 'Commit', delayMs: 60_001 }, { rpc: 'Commit', delayMs: -1 }]) {
      const bad = await plan({ faults: [fault] });
      expect(bad.status).toBe(400);
    }
  });
});
