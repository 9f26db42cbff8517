/**
 * The faults a soak injects: Firestore's answers through the emulator's fault endpoint
 * (tools/firestore-emulator, faults.ts), and FCM outages through the stack's FCM stand-in
 * (`_devFcmOutages`). Journeys run in waves (soak.ts), and before each wave the emulator's plan
 * is set again with a seed drawn for that wave, so a replay of the run's seed meets the same plan
 * wave by wave (within a wave, calls that run in parallel may take the draws in another order).
 */
import { urls } from '@dayfocus/stack/testing';
import type { Rng } from './random.js';
import { adminDb, steadily } from './store.js';

export interface FirestoreFault {
  rpc: string;
  code: 'UNAVAILABLE' | 'ABORTED' | 'DEADLINE_EXCEEDED' | 'RESOURCE_EXHAUSTED';
  probability: number;
  when?: 'before' | 'after';
}

/** The mix: each RPC the functions use fails now and then, the ways production's do. */
export const FIRESTORE_FAULTS: readonly FirestoreFault[] = [
  { rpc: 'Commit', code: 'UNAVAILABLE', probability: 0.03 },
  { rpc: 'Commit', code: 'ABORTED', probability: 0.03 },
  { rpc: 'Commit', code: 'DEADLINE_EXCEEDED', probability: 0.01 },
  { rpc: 'Commit', code: 'RESOURCE_EXHAUSTED', probability: 0.01 },
  // A commit that landed, whose answer was lost.
  { rpc: 'Commit', code: 'UNAVAILABLE', probability: 0.01, when: 'after' },
  { rpc: 'BatchGetDocuments', code: 'UNAVAILABLE', probability: 0.02 },
  { rpc: 'BatchGetDocuments', code: 'DEADLINE_EXCEEDED', probability: 0.01 },
  { rpc: 'RunQuery', code: 'UNAVAILABLE', probability: 0.02 },
  { rpc: 'RunQuery', code: 'RESOURCE_EXHAUSTED', probability: 0.01 },
  { rpc: 'BeginTransaction', code: 'UNAVAILABLE', probability: 0.02 },
];

const endpoint = (): string => `${urls.firestore}/emulator/v1/faults`;

interface PlanState {
  faults: { rpc: string; code: string; fired: number; when?: string }[];
}

/** What fired, by `rpc code (when)`, added up over the plans of the run. */
export const injected = new Map<string, number>();

async function collectFired(): Promise<void> {
  const state = (await (await fetch(endpoint())).json()) as PlanState;
  for (const fault of state.faults) {
    if (fault.fired === 0) continue;
    const key = `${fault.rpc} ${fault.code}${fault.when === 'after' ? ' (after it landed)' : ''}`;
    injected.set(key, (injected.get(key) ?? 0) + fault.fired);
  }
}

/** Sets the emulator's plan for the next journey, after counting what the last one fired. */
export async function planFirestoreFaults(rng: Rng, enabled: boolean): Promise<void> {
  await collectFired();
  const seed = rng.int(2 ** 31);
  const faults = enabled ? FIRESTORE_FAULTS : [];
  const response = await fetch(endpoint(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seed, faults }),
  });
  if (!response.ok) throw new Error(`The Firestore emulator refused the fault plan: ${await response.text()}`);
}

/** No more faults: what fired is counted first. */
export async function clearFirestoreFaults(): Promise<void> {
  await collectFired();
  const response = await fetch(endpoint(), { method: 'DELETE' });
  if (!response.ok) throw new Error(`Could not clear the Firestore faults: ${response.status}`);
}

/** How likely a function is to die at each point of the local stack's fault switch while faults are on. */
export const CRASH_POINTS = { 'after-commit': 0.02, 'after-push': 0.03 } as const;

/**
 * Switches the functions' deaths on or off (`_devCrashPoints`, read by the functions at most
 * once a second: switching off waits that second out).
 */
export async function setCrashPoints(on: boolean): Promise<void> {
  for (const [point, probability] of Object.entries(CRASH_POINTS)) {
    const ref = adminDb.collection('_devCrashPoints').doc(point);
    if (!on) {
      // What fired while they were on (the switch counts each death on the point's document).
      const fired = Number((await steadily(() => ref.get())).data()?.['fired'] ?? 0);
      if (fired > 0) injected.set(`function died ${point}`, (injected.get(`function died ${point}`) ?? 0) + fired);
    }
    await steadily(() => ref.set({ probability: on ? probability : 0, fired: 0 }));
  }
  if (!on) await new Promise((resolve) => setTimeout(resolve, 1100));
}
