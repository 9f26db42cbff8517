/**
 * The transaction RPCs called directly (firebase-admin only ever starts transactions
 * lazily through a read and never reuses ids, so some paths are only reachable like this).
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { credentials, makeGenericClientConstructor, type Client, type ServiceError } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { firestoreServiceDefinition } from '../src/proto.js';

type Callback = (err: ServiceError | null, response: Record<string, unknown>) => void;
type FirestoreClient = Client & {
  BeginTransaction(request: unknown, callback: Callback): void;
  Commit(request: unknown, callback: Callback): void;
  Rollback(request: unknown, callback: Callback): void;
  BatchGetDocuments(request: unknown): Readable;
};

// A raw client of the same service definition the emulator serves (Google's protos).
const FirestoreClientConstructor = makeGenericClientConstructor(firestoreServiceDefinition(), 'Firestore');

const DATABASE = 'projects/demo-test/databases/(default)';
const INVALID_ARGUMENT = 3;
const ABORTED = 10;

let emulator: FirestoreEmulator;
let client: FirestoreClient;
beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0 });
  client = new FirestoreClientConstructor(
    `127.0.0.1:${emulator.port}`,
    credentials.createInsecure(),
  ) as unknown as FirestoreClient;
});
afterAll(async () => {
  client?.close();
  await emulator?.stop();
});

function unary(
  method: 'BeginTransaction' | 'Commit' | 'Rollback',
  request: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    client[method]({ database: DATABASE, ...request }, (err, response) => (err ? reject(err) : resolve(response)));
  });
}
async function begin(): Promise<Uint8Array> {
  return (await unary('BeginTransaction', {})).transaction as Uint8Array;
}
async function codeOf(promise: Promise<unknown>): Promise<number> {
  return promise.then(
    () => 0,
    (err: { code: number }) => err.code,
  );
}
const createWrite = (name: string): Record<string, unknown> => ({
  update: { name: `${DATABASE}/documents/${name}`, fields: { v: { integerValue: 1 } } },
  currentDocument: { exists: false },
});

describe('transaction RPCs', () => {
  it('BeginTransaction returns distinct random ids', async () => {
    const [a, b] = await Promise.all([begin(), begin()]);
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('Commit rejects unknown, rolled back and already committed transactions', async () => {
    expect(await codeOf(unary('Commit', { transaction: randomBytes(16), writes: [] }))).toBe(INVALID_ARGUMENT);

    const rolledBack = await begin();
    await unary('Rollback', { transaction: rolledBack });
    expect(await codeOf(unary('Commit', { transaction: rolledBack, writes: [] }))).toBe(INVALID_ARGUMENT);

    const committed = await begin();
    await unary('Commit', { transaction: committed, writes: [createWrite('raw/once')] });
    expect(await codeOf(unary('Commit', { transaction: committed, writes: [] }))).toBe(INVALID_ARGUMENT);
  });

  it('Commit aborts when a document read in the transaction was created meanwhile', async () => {
    const transaction = await begin();
    const reads = client.BatchGetDocuments({
      database: DATABASE,
      documents: [`${DATABASE}/documents/raw/x`],
      transaction,
    });
    const responses: unknown[] = [];
    for await (const response of reads) responses.push(response);
    expect(responses).toHaveLength(1);

    await unary('Commit', { writes: [createWrite('raw/x')] });
    expect(await codeOf(unary('Commit', { transaction, writes: [createWrite('raw/y')] }))).toBe(ABORTED);
  });
});
