/**
 * The local stack's fault switch (adapters/dev-crash-switch.ts): it exists only in the emulator,
 * so a deploy that wired it would fail to load, and it dies at a point with the probability
 * the point's document holds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Firestore } from 'firebase-admin/firestore';
import { DevCrashSwitch } from '../../src/local/dev-crash-switch.js';

/** A Firestore holding `_devCrashPoints` documents only, counting its reads. */
function pointsStore(points: Record<string, unknown>) {
  const store = {
    reads: 0,
    fired: [] as string[],
    collection: () => ({
      doc: (id: string) => ({
        get: async () => {
          store.reads++;
          return { data: () => (id in points ? { probability: points[id] } : undefined) };
        },
        set: async () => {
          store.fired.push(id);
        },
      }),
    }),
  };
  return store;
}

const emulatorFlag = process.env.FUNCTIONS_EMULATOR;
afterEach(() => {
  if (emulatorFlag === undefined) delete process.env.FUNCTIONS_EMULATOR;
  else process.env.FUNCTIONS_EMULATOR = emulatorFlag;
});

describe('the crash switch', () => {
  it('refuses to exist outside the emulator', () => {
    delete process.env.FUNCTIONS_EMULATOR;
    expect(() => new DevCrashSwitch(pointsStore({}) as unknown as Firestore)).toThrow(/only in the local stack/);
  });

  it("dies at a point with its document's probability, reading it at most once a second", async () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    const store = pointsStore({ 'after-commit': 0.5, 'after-push': 'not a number' });
    const draws = [0.4, 0.6, 0.0];
    const crashes = new DevCrashSwitch(store as unknown as Firestore, () => draws.shift() ?? 1);
    await expect(crashes.maybeCrash('after-commit')).rejects.toThrow(/Simulated crash after-commit/);
    await expect(crashes.maybeCrash('after-commit')).resolves.toBeUndefined();
    // A probability that is not one switches the point off.
    await expect(crashes.maybeCrash('after-push')).resolves.toBeUndefined();
    expect(store.reads).toBe(2);
    expect(store.fired).toEqual(['after-commit']);
  });
});
