/**
 * The transaction RPCs called directly (firebase-admin only ever starts transactions
 * lazily through a read and never reuses ids, so some paths are only reachable like this).
 */
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';

type Callback = (err: { code: number } | null, response: { toObject(): Record<string, unknown> } | null) => void;
interface FirestoreClient {
  BeginTransaction(request: unknown, callback: Callback): void;
  Commit(request: unknown, callback: Callback): void;
  Rollback(request: unknown, callback: Callback): void;
  BatchGetDocuments(request: unknown): Readable;
  close(): void;
}
interface Message {
  fromObject(data: Record<string, unknown>): unknown;
}

// The generated gRPC client and messages of the library's own proto package.
const requireFromLibrary = createRequire(createRequire(import.meta.url).resolve('@firestore-emulator/server'));
const proto = requireFromLibrary('@firestore-emulator/proto/dist/google/firestore/v1/firestore') as Record<
  string,
  Message
> & {
  FirestoreClient: new (address: string, credentials: unknown) => FirestoreClient;
};
const grpc = requireFromLibrary('@grpc/grpc-js') as { credentials: { createInsecure(): unknown } };

const DATABASE = 'projects/demo-test/databases/(default)';
const INVALID_ARGUMENT = 3;
const ABORTED = 10;

let emulator: FirestoreEmulator;
let client: FirestoreClient;
beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0 });
  client = new proto.FirestoreClient(`127.0.0.1:${emulator.port}`, grpc.credentials.createInsecure());
});
afterAll(async () => {
  client?.close();
  await emulator?.stop();
});

function unary(
  method: 'BeginTransaction' | 'Commit' | 'Rollback',
  request: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const message = proto[`${method}Request`]?.fromObject({ database: DATABASE, ...request });
  return new Promise((resolve, reject) => {
    client[method](message, (err, response) => (err ? reject(err) : resolve(response?.toObject() ?? {})));
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
  update: { name: `${DATABASE}/documents/${name}`, fields: { v: { integer_value: 1 } } },
  current_document: { exists: false },
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
    const reads = client.BatchGetDocuments(
      proto.BatchGetDocumentsRequest?.fromObject({
        database: DATABASE,
        documents: [`${DATABASE}/documents/raw/x`],
        transaction,
      }),
    );
    const responses: unknown[] = [];
    for await (const response of reads) responses.push(response);
    expect(responses).toHaveLength(1);

    await unary('Commit', { writes: [createWrite('raw/x')] });
    expect(await codeOf(unary('Commit', { transaction, writes: [createWrite('raw/y')] }))).toBe(ABORTED);
  });
});
