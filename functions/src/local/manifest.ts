/** The functions only the local stack has, with their instance caps (the deployed ones: the functions' manifest). */
import type { FunctionSpec } from '../platform/functions/capacity.js';

export const localFunctions = {
  /** The benchmark's baseline: one document write behind the same callable plumbing. */
  devBaselineWrite: { name: 'devBaselineWrite', maxInstances: 10 },
  /** The benchmark's replay-protected reference: a consumed token beside one read, then one commit. */
  devBaselineGuardedCommit: { name: 'devBaselineGuardedCommit', maxInstances: 10, replayProtected: true },
  /** The owed-work sweep on demand (scheduled functions do not fire in the emulator). */
  devSweepOwedPushes: { name: 'devSweepOwedPushes', maxInstances: 1 },
  /** The short-link benchmark's baseline: an HTTP function that answers at once. */
  devTrivialHttp: { name: 'devTrivialHttp', maxInstances: 30 },
  /** The App Check stand-in's tokens for the web app (dev-app-check.ts). */
  devAppCheckToken: { name: 'devAppCheckToken', maxInstances: 30 },
} satisfies Record<string, FunctionSpec>;
