/**
 * The rules probe's seeds (companion-rules.ts): the documents it puts in place with rules off
 * between the requests it has judged, and what it knows they hold.
 */
import { refusedByRules, type PlainData, type WireCaller } from '@dayfocus/firestore-emulator/wire-client';

/** Puts a document in place (or removes it, for null) with rules off, as the admin side. */
export type Seed = (path: string, data: PlainData | null) => Promise<unknown>;

/**
 * Seeds that skip the write when the document already holds what it would put there, and callers
 * whose writes that go through make the probe forget what it put: a refused request changes
 * nothing (Firestore applies a commit whole or not at all), so what the probe last seeded is still
 * what the rules judge. A third of the seeds a judgment made were of what was already there.
 */
export function heldState(seed: Seed): { seed: Seed; tracked: (client: WireCaller) => WireCaller } {
  const held = new Map<string, string>();
  const forgetting =
    <A extends unknown[]>(write: (path: string, ...rest: A) => Promise<void>) =>
    async (path: string, ...rest: A) => {
      try {
        await write(path, ...rest);
      } catch (error) {
        // Refused: nothing changed. Failed otherwise (the judgment stops): unknown.
        if (!refusedByRules(error)) held.delete(path);
        throw error;
      }
      held.delete(path);
    };
  return {
    seed: async (path, data) => {
      const wanted = JSON.stringify(data);
      if (held.get(path) === wanted) return;
      held.delete(path);
      await seed(path, data);
      held.set(path, wanted);
    },
    tracked: (client) => ({
      get: (path) => client.get(path),
      list: (path, filter) => client.list(path, filter),
      set: forgetting((path, data: PlainData) => client.set(path, data)),
      update: forgetting((path, data: PlainData) => client.update(path, data)),
      delete: forgetting((path) => client.delete(path)),
    }),
  };
}
