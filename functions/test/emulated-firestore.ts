/**
 * The flows' unit tests' Firestore: our emulator (tools/firestore-emulator) in this process, read
 * and written through firebase-admin by the real stores (FirestoreInviteStore,
 * FirestoreOwedWorkStore), so that the tests hold the stores' transactions, preconditions and
 * limits as deployed, not a copy of them. One emulator per test file; `clear()` before each test.
 *
 * Its in-process hook on commits stands in for the trigger on the join records (JoinTrigger):
 * each commit that changed a join's record is one change, read back as it was just before the
 * commit and as the commit left it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '@dayfocus/firestore-emulator';
import { repoRoot } from '@dayfocus/stack';
import { collections } from '@dayfocus/contracts/records';
import { recordOf } from '../src/platform/adapters/converters.js';
import { owedWorkConverters as converters } from '../src/owed-work/adapters/owed-work-refs.js';
import type { FriendJoin } from '../src/owed-work/domain/friend-join.js';

export interface EmulatedFirestore {
  db: Firestore;
  emulator: FirestoreEmulator;
  /** Deletes every document, and forgets the join changes not yet run. */
  clear(): void;
  stop(): Promise<void>;
  trigger: JoinTrigger;
}

/**
 * Starts the emulator on a free port, with the composite indexes a deploy declares; `hotDocuments`:
 * production's per-document write limit (the emulator's model, off unless asked).
 */
export async function startEmulatedFirestore(
  options: Pick<Parameters<typeof startFirestoreEmulator>[0], 'hotDocuments'> = {},
): Promise<EmulatedFirestore> {
  const indexes = JSON.parse(readFileSync(join(repoRoot, 'firestore.indexes.json'), 'utf8')) as unknown;
  const emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, indexes, ...options });
  // The Admin SDK finds an emulator through the environment only (and then sends no credentials);
  // with no Google credentials here, it must not probe the GCE metadata server either.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  const app: App = initializeApp({ projectId: 'demo-flow-tests' }, `flow-tests-${randomUUID()}`);
  const db = getFirestore(app);
  const trigger = new JoinTrigger(db, emulator);
  return {
    db,
    emulator,
    trigger,
    clear: () => {
      emulator.clear();
      trigger.drop();
    },
    stop: async () => {
      trigger.stop();
      await deleteApp(app);
      await emulator.stop();
    },
  };
}

interface JoinChange {
  path: string;
  /** The commit's time, and the microsecond before it. */
  time: Timestamp;
  before: Timestamp;
}

/**
 * Firestore's trigger on the join records: holds each commit's change of one until the test
 * runs the trigger (`runAll`), as Firestore delivers it a moment after the commit; `drop` loses
 * what is held.
 */
export class JoinTrigger {
  private readonly held: JoinChange[] = [];
  readonly stop: () => void;

  constructor(
    private readonly db: Firestore,
    emulator: FirestoreEmulator,
  ) {
    this.stop = emulator.onCommit((commit) => {
      const time = new Timestamp(commit.time.seconds, commit.time.nanos);
      const before = new Timestamp(commit.before.seconds, commit.before.nanos);
      for (const path of commit.paths) {
        if (path.startsWith(`${collections.friendJoins}/`)) this.held.push({ path, time, before });
      }
    });
  }

  /** A join's record as it was at `time` (a read-only transaction reads then). */
  private async joinAt(path: string, time: Timestamp): Promise<FriendJoin | undefined> {
    const ref = this.db.doc(path).withConverter(converters.friendJoins);
    const snapshot = await this.db.runTransaction((tx) => tx.get(ref), { readOnly: true, readTime: time });
    return recordOf(converters.friendJoins, snapshot);
  }

  /** Hands every change held so far, and those the runs make, to `onChange` in order; how many. */
  async runAll(
    onChange: (before: FriendJoin | undefined, after: FriendJoin | undefined) => Promise<unknown>,
  ): Promise<number> {
    let count = 0;
    for (let change = this.held.shift(); change; change = this.held.shift()) {
      const [before, after] = await Promise.all([
        this.joinAt(change.path, change.before),
        this.joinAt(change.path, change.time),
      ]);
      await onChange(before, after);
      count++;
    }
    return count;
  }

  /** Loses every change held (the trigger never runs on them). */
  drop(): void {
    this.held.splice(0);
  }
}
