import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore, type Settings } from 'firebase-admin/firestore';
import { startFirestoreEmulator, type FirestoreEmulator, type FirestoreEmulatorOptions } from '../src/index.js';

export const PROJECT_ID = 'demo-test';

// No Google credentials here: keep the auth library from probing the GCE metadata server.
process.env.METADATA_SERVER_DETECTION ??= 'none';

export interface TestContext {
  emulator: FirestoreEmulator;
  db: Firestore;
  /** A second, independent client (its own app and gRPC channel). */
  otherDb: Firestore;
  /** One more client, e.g. for another project, or with settings (REFUSED_READS_AT_ONCE). */
  newClient(projectId?: string, settings?: Settings): Firestore;
  close(): Promise<void>;
}

/** Starts an emulator on a free port (with these options) and points two firebase-admin clients at it. */
export async function startTestContext(options: Omit<FirestoreEmulatorOptions, 'port'> = {}): Promise<TestContext> {
  const emulator = await startFirestoreEmulator({ ...options, port: 0 });
  // firebase-admin reads this when the Firestore instance is created.
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  const apps: App[] = [];
  const clients: Firestore[] = [];
  const newClient = (projectId = PROJECT_ID, settings?: Settings): Firestore => {
    const app = initializeApp({ projectId }, `firestore-emulator-test-${randomUUID()}`);
    apps.push(app);
    const client = getFirestore(app);
    if (settings) client.settings(settings);
    clients.push(client);
    return client;
  };
  const db = newClient();
  const otherDb = newClient();
  return {
    emulator,
    db,
    otherDb,
    newClient,
    async close() {
      await Promise.all(clients.map((client) => client.terminate()));
      await Promise.all(apps.map((app) => deleteApp(app)));
      await emulator.stop();
    },
  };
}

/**
 * Client settings for a test of a refused read. By default firebase-admin's reads (BatchGetDocuments,
 * RunQuery: gax's older stream retry, retry-request) try a read that fails before its first answer
 * twice more, after about 1-2 s and 2-3 s, whatever the status, INVALID_ARGUMENT and
 * FAILED_PRECONDITION included, against Google's emulator too. With gax's own stream retry a read
 * is retried on its method's retry codes only (DEADLINE_EXCEEDED, INTERNAL, UNAVAILABLE): a refusal
 * comes back at once, with the status and message the server sent.
 */
export const REFUSED_READS_AT_ONCE: Settings = { gaxServerStreamingRetries: true };

/**
 * Shortens firebase-admin's own back-off `factor` times: the one a transaction waits after ABORTED
 * before it starts over (0, then about 1 s, 1.5 s, 2.25 s..., each ±50 % at random), and the one
 * between its retries of a failed request. Through nodejs-firestore's hook for its own tests
 * (`setTimeoutHandler` in its backoff.js, which its entry point does not export); the delays keep
 * their order and their spread, for this test file's process only.
 */
export function shortenClientBackoff(factor: number): void {
  const require = createRequire(import.meta.url);
  const backoff = require(join(dirname(require.resolve('@google-cloud/firestore')), 'backoff.js')) as {
    setTimeoutHandler(handler: (run: () => void, ms: number) => void): void;
  };
  backoff.setTimeoutHandler((run, ms) => setTimeout(run, ms / factor));
}

/** A collection name no other test uses. */
export function uniqueCollection(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** The gRPC status code of a rejected firebase-admin call. */
export async function errorCode(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (err) {
    return (err as { code?: number }).code;
  }
  throw new Error('expected the call to fail');
}
