/**
 * Firestore triggers: firebase-tools' Functions emulator registers firebase-functions' functions
 * with this emulator as it does with Google's, and each committed change reaches the function
 * as Google's emulator sends it (functions-side.ts plays the Functions emulator's part with
 * firebase-tools' own code; the functions are firebase-functions' own).
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import * as v1 from 'firebase-functions/v1';
import {
  onDocumentCreated,
  onDocumentDeleted,
  onDocumentUpdated,
  onDocumentWritten,
  onDocumentWrittenWithAuthContext,
} from 'firebase-functions/v2/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { startFunctionsSide, type FunctionsSide, type SdkFunction } from './functions-side.js';

const PROJECT_ID = 'demo-triggers';
process.env.METADATA_SERVER_DETECTION ??= 'none';

let emulator: FirestoreEmulator;
let side: FunctionsSide;
let app: App;
let db: Firestore;

beforeAll(async () => {
  side = await startFunctionsSide();
  emulator = await startFirestoreEmulator({ port: 0, functionsEmulator: side.address, log: () => undefined });
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  // firebase-functions makes its snapshots with the default app's Firestore, as in the runtime.
  process.env.GCLOUD_PROJECT = PROJECT_ID;
  process.env.FIREBASE_CONFIG = JSON.stringify({ projectId: PROJECT_ID });
  app = initializeApp({ projectId: PROJECT_ID }, `triggers-${randomUUID()}`);
  db = getFirestore(app);
});

afterAll(async () => {
  await db.terminate();
  await deleteApp(app);
  await emulator.stop();
  await side.close();
});

/** Waits until `count()` reaches `n`, failing with what it saw after `timeoutMs`. */
async function waitForCount(what: string, count: () => number, n: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (count() < n) {
    if (Date.now() > deadline) throw new Error(`${what}: ${count()} of ${n} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function register(name: string, fn: unknown): Promise<string> {
  return side.register(emulator, PROJECT_ID, name, fn as SdkFunction);
}

describe('2nd-gen triggers (onDocumentCreated / Updated / Deleted / Written)', () => {
  it('reach the function with the document, its path parameters, and its old and new data', async () => {
    const collection = `joins-${randomUUID().slice(0, 8)}`;
    const seen: { kind: string; document: string; params: unknown; before?: unknown; after?: unknown }[] = [];
    const record = (kind: string) => (event: { document: string; params: unknown; data?: unknown }) => {
      const data = event.data as
        | { data(): unknown; exists: boolean; before?: never }
        | { before: { data(): unknown }; after: { data(): unknown } }
        | undefined;
      if (data && 'before' in data && data.before) {
        seen.push({
          kind,
          document: event.document,
          params: event.params,
          before: data.before.data(),
          after: data.after.data(),
        });
      } else
        seen.push({
          kind,
          document: event.document,
          params: event.params,
          after: (data as { data(): unknown }).data(),
        });
    };
    await register('onJoinCreated', onDocumentCreated(`${collection}/{joinId}`, record('created')));
    await register('onJoinUpdated', onDocumentUpdated(`${collection}/{joinId}`, record('updated')));
    await register('onJoinDeleted', onDocumentDeleted(`${collection}/{joinId}`, record('deleted')));
    await register('onJoinWritten', onDocumentWritten(`${collection}/{joinId}`, record('written')));

    const at = Timestamp.fromMillis(1_700_000_000_123);
    const ref = db.doc(`${collection}/j1`);
    await ref.set({ inviter: 'asha', n: 1, at, nested: { list: [1, 'two', null] } });
    await waitForCount('events of the create', () => seen.length, 2);
    await ref.update({ n: 2 });
    await waitForCount('events of the update', () => seen.length, 4);
    await ref.set({ inviter: 'asha', n: 2, at, nested: { list: [1, 'two', null] } }); // changes nothing
    await db.doc(`${collection}/j1/claims/c1`).set({ n: 1 }); // below the pattern
    await db.doc(`other-${collection}/j1`).set({ n: 1 }); // another collection
    await ref.delete();
    await waitForCount('events of the delete', () => seen.length, 6);
    await emulator.triggersIdle();

    const created = { inviter: 'asha', n: 1, at, nested: { list: [1, 'two', null] } };
    const updated = { ...created, n: 2 };
    const byKind = (kind: string) => seen.filter((event) => event.kind === kind);
    const common = { document: `${collection}/j1`, params: { joinId: 'j1' } };
    expect(byKind('created')).toEqual([{ kind: 'created', ...common, after: created }]);
    expect(byKind('updated')).toEqual([{ kind: 'updated', ...common, before: created, after: updated }]);
    expect(byKind('deleted')).toEqual([{ kind: 'deleted', ...common, after: updated }]);
    expect(byKind('written')).toEqual([
      { kind: 'written', ...common, before: undefined, after: created },
      { kind: 'written', ...common, before: created, after: updated },
      { kind: 'written', ...common, before: updated, after: undefined },
    ]);
  });

  it("sends Google's emulator's CloudEvent headers, with the change's time", async () => {
    const collection = `headers-${randomUUID().slice(0, 8)}`;
    const key = await register(
      'onAuthWritten',
      onDocumentWrittenWithAuthContext(`${collection}/{id}`, () => undefined),
    );
    const from = side.received.length;
    const result = await db.doc(`${collection}/a`).set({ n: 1 });
    await emulator.triggersIdle();
    const [request] = side.received.slice(from).filter((entry) => entry.key === key);
    expect(request?.headers).toMatchObject({
      'content-type': 'application/protobuf',
      'ce-specversion': '1.0',
      'ce-type': 'google.cloud.firestore.document.v1.written.withAuthContext',
      'ce-source': `//firestore.googleapis.com/projects/${PROJECT_ID}/databases/(default)`,
      'ce-subject': `documents/${collection}/a`,
      'ce-time': expect.stringMatching(
        new RegExp(`^${result.writeTime.toDate().toISOString().slice(0, 19)}(\\.\\d+)?Z$`),
      ),
      'ce-datacontenttype': 'application/protobuf',
      'ce-location': 'us-central1',
      'ce-project': PROJECT_ID,
      'ce-database': '(default)',
      'ce-namespace': '(default)',
      'ce-document': `${collection}/a`,
      'ce-authtype': 'unknown',
    });
    expect(request?.headers['ce-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('1st-gen triggers (functions.firestore.document().onCreate / onWrite)', () => {
  it('reach the function with its snapshot or change and its context', async () => {
    const collection = `v1-${randomUUID().slice(0, 8)}`;
    const seen: unknown[] = [];
    const onCreate = v1.firestore.document(`${collection}/{id}`).onCreate((snapshot, context) => {
      seen.push({ kind: context.eventType, id: context.params.id, data: snapshot.data(), name: context.resource.name });
    });
    const onWrite = v1.firestore.document(`${collection}/{id}`).onWrite((change, context) => {
      seen.push({ kind: context.eventType, before: change.before.data(), after: change.after.data() });
    });
    await register('v1Create', onCreate);
    await register('v1Write', onWrite);
    await db.doc(`${collection}/x`).set({ big: 2n ** 62n, bytes: Buffer.from('hi') });
    await db.doc(`${collection}/x`).delete();
    await waitForCount('1st-gen events', () => seen.length, 3);
    await emulator.triggersIdle();
    const data = { big: 2 ** 62, bytes: Buffer.from('hi') };
    expect(seen).toEqual(
      expect.arrayContaining([
        {
          kind: 'google.firestore.document.create',
          id: 'x',
          data,
          name: `projects/${PROJECT_ID}/databases/(default)/documents/${collection}/x`,
        },
        { kind: 'google.firestore.document.write', before: undefined, after: data },
        { kind: 'google.firestore.document.write', before: data, after: undefined },
      ]),
    );
    expect(seen).toHaveLength(3);
  });
});

/** GET /emulator/v1/triggers: the registered triggers' keys, and the delivery counters. */
async function triggersListing(target: FirestoreEmulator = emulator) {
  const response = await fetch(`http://${target.host}:${target.port}/emulator/v1/triggers`);
  const body = (await response.json()) as { triggers: { key: string }[]; delivered: number; failed: number };
  return { keys: body.triggers.map((trigger) => trigger.key), failed: body.failed };
}

describe('delivery', () => {
  it('hands a document’s changes to a trigger in commit order, one after the other', async () => {
    const collection = `order-${randomUUID().slice(0, 8)}`;
    const seen: { before: number | undefined; after: number | undefined }[] = [];
    const slow = onDocumentWritten(`${collection}/{id}`, async (event) => {
      // Slower than the writes come: later changes queue behind this one.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 25));
      seen.push({ before: event.data?.before.data()?.n as number, after: event.data?.after.data()?.n as number });
    });
    await register('onOrderWritten', slow);
    const ref = db.doc(`${collection}/doc`);
    for (let n = 1; n <= 15; n++) await ref.set({ n });
    await waitForCount('ordered events', () => seen.length, 15);
    expect(seen.map((event) => event.after)).toEqual([...Array(15).keys()].map((i) => i + 1));
    expect(seen.map((event) => event.before)).toEqual([undefined, ...[...Array(14).keys()].map((i) => i + 1)]);
  });

  it('sends an event again, with the same id, when the Functions emulator does not answer', async () => {
    const collection = `retry-${randomUUID().slice(0, 8)}`;
    const ran: string[] = [];
    const key = await register(
      'onRetryCreated',
      onDocumentCreated(`${collection}/{id}`, (event) => void ran.push(event.id)),
    );
    let dropped = 0;
    side.answer = (received) => (received.key === key && dropped++ === 0 ? 'drop' : 'run');
    try {
      await db.doc(`${collection}/a`).set({ n: 1 });
      await waitForCount('the function runs', () => ran.length, 1);
      await emulator.triggersIdle();
    } finally {
      side.answer = () => 'run';
    }
    const attempts = side.received.filter((entry) => entry.key === key);
    expect(attempts).toHaveLength(2);
    expect(new Set(attempts.map((entry) => entry.headers['ce-id']))).toEqual(new Set([ran[0]]));
  });

  it('does not send again what the function answered with an error, and forgets a trigger answered 404', async () => {
    const collection = `fail-${randomUUID().slice(0, 8)}`;
    const failing = await register(
      'onFailCreated',
      onDocumentCreated(`${collection}/{id}`, () => {
        throw new Error('the function failed');
      }),
    );
    const gone = await register(
      'onGoneCreated',
      onDocumentCreated(`${collection}/{id}`, () => undefined),
    );
    side.answer = (received) => (received.key === gone ? 404 : 'run');
    const before = await triggersListing();
    try {
      await db.doc(`${collection}/a`).set({ n: 1 });
      await db.doc(`${collection}/b`).set({ n: 1 });
      await emulator.triggersIdle();
    } finally {
      side.answer = () => 'run';
    }
    expect(side.received.filter((entry) => entry.key === failing)).toHaveLength(2); // one per document
    expect(side.received.filter((entry) => entry.key === gone)).toHaveLength(1); // then forgotten
    const after = await triggersListing();
    expect(after.keys).toContain(failing);
    expect(after.keys).not.toContain(gone);
    expect(after.failed - before.failed).toBe(3);
  });
});

describe('registration', () => {
  it('refuses a bad trigger with 400 and registers nothing', async () => {
    const url = `http://${emulator.host}:${emulator.port}/emulator/v1/projects/${PROJECT_ID}/eventarcTrigger?eventarcTriggerId=bad`;
    const before = await triggersListing();
    const body = {
      eventType: 'google.cloud.firestore.document.v1.renamed',
      database: '(default)',
      namespace: '(default)',
    };
    const response = await fetch(url, {
      method: 'POST',
      body: JSON.stringify({ ...body, document: { value: 'c/{id}', matchType: 'PATH_PATTERN' } }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Unsupported eventType: google.cloud.firestore.document.v1.renamed');
    expect((await triggersListing()).keys).toEqual(before.keys);
  });

  it('refuses every registration when no Functions emulator was given, saying so', async () => {
    const alone = await startFirestoreEmulator({ port: 0 });
    try {
      const url = `http://${alone.host}:${alone.port}/emulator/v1/projects/${PROJECT_ID}/triggers/t`;
      const eventTrigger = {
        resource: `projects/${PROJECT_ID}/databases/(default)/documents/c/{id}`,
        eventType: 'providers/cloud.firestore/eventTypes/document.create',
        service: 'firestore.googleapis.com',
      };
      const response = await fetch(url, { method: 'PUT', body: JSON.stringify({ eventTrigger }) });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('no Functions emulator to send events to');
      expect((await triggersListing(alone)).keys).toEqual([]);
    } finally {
      await alone.stop();
    }
  });
});
