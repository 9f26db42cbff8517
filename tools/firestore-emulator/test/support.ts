import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { startFirestoreEmulator, type FirestoreEmulator, type FirestoreEmulatorOptions } from '../src/index.js';

export const PROJECT_ID = 'demo-test';

// No Google credentials here: keep the auth library from probing the GCE metadata server.
process.env.METADATA_SERVER_DETECTION ??= 'none';

export interface TestContext {
  emulator: FirestoreEmulator;
  db: Firestore;
  /** A second, independent client (its own app and gRPC channel). */
  otherDb: Firestore;
  /** One more client, e.g. for another project. */
  newClient(projectId?: string): Firestore;
  close(): Promise<void>;
}

/** Starts an emulator on a free port (with these options) and points two firebase-admin clients at it. */
export async function startTestContext(options: Omit<FirestoreEmulatorOptions, 'port'> = {}): Promise<TestContext> {
  const emulator = await startFirestoreEmulator({ ...options, port: 0 });
  // firebase-admin reads this when the Firestore instance is created.
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  const apps: App[] = [];
  const clients: Firestore[] = [];
  const newClient = (projectId = PROJECT_ID): Firestore => {
    const app = initializeApp({ projectId }, `firestore-emulator-test-${randomUUID()}`);
    apps.push(app);
    const client = getFirestore(app);
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
