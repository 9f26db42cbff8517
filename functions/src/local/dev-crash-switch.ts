/**
 * The local stack's fault switch (docs/reliability.md): `_devCrashPoints/{point}` holds a
 * probability, and a function passing that point dies there with it (throws, as a function
 * whose instance went away). Read at most once a second per instance. It refuses to be made
 * outside the emulator, so a deploy that wired it would fail to load (deploy-manifest.test.ts
 * loads the functions outside the emulator).
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { InviteStore, InviteTransaction } from '../invites/flows/ports.js';
import type { OwedWorkStore } from '../owed-work/flows/ports.js';
import { localCollections } from './collections.js';

export type CrashPoint = 'after-commit' | 'after-push';

export interface CrashSwitch {
  maybeCrash(point: CrashPoint): Promise<void>;
}

const REFRESH_MS = 1000;

export class DevCrashSwitch implements CrashSwitch {
  private readonly read = new Map<CrashPoint, { at: number; probability: number }>();

  constructor(
    private readonly firestore: Firestore,
    private readonly random: () => number = Math.random,
  ) {
    if (process.env.FUNCTIONS_EMULATOR !== 'true') {
      throw new Error('The crash switch exists only in the local stack (FUNCTIONS_EMULATOR=true)');
    }
  }

  async maybeCrash(point: CrashPoint): Promise<void> {
    if (this.random() < (await this.probability(point))) {
      // Counted for the soak's report (best effort: a crash is what happens next either way).
      await this.firestore
        .collection(localCollections.crashPoints)
        .doc(point)
        .set({ fired: FieldValue.increment(1) }, { merge: true })
        .catch(() => undefined);
      throw new Error(`Simulated crash ${point} (the local stack's fault switch, _devCrashPoints/${point})`);
    }
  }

  private async probability(point: CrashPoint): Promise<number> {
    const known = this.read.get(point);
    if (known && Date.now() - known.at < REFRESH_MS) return known.probability;
    const value = (await this.firestore.collection(localCollections.crashPoints).doc(point).get()).data()?.[
      'probability'
    ];
    const probability = typeof value === 'number' && value >= 0 && value <= 1 ? value : 0;
    this.read.set(point, { at: Date.now(), probability });
    return probability;
  }
}

/** The invite store with the fault switch's `after-commit` point: it dies once a transaction has committed. */
export function crashingInviteStore(store: InviteStore, crashes: CrashSwitch): InviteStore {
  return Object.assign(Object.create(store) as InviteStore, {
    transaction: async <T>(work: (tx: InviteTransaction) => Promise<T>): Promise<T> => {
      const value = await store.transaction(work);
      await crashes.maybeCrash('after-commit');
      return value;
    },
  });
}

/** The owed-work store with the fault switch's `after-push` point: it dies before a sent push's outcome is recorded. */
export function crashingOwedWorkStore(store: OwedWorkStore, crashes: CrashSwitch): OwedWorkStore {
  const beforeSettling =
    <A extends unknown[], R>(settle: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await crashes.maybeCrash('after-push');
      return settle(...args);
    };
  return Object.assign(Object.create(store) as OwedWorkStore, {
    settlePush: beforeSettling(store.settlePush.bind(store)),
    settleSummary: beforeSettling(store.settleSummary.bind(store)),
  });
}
