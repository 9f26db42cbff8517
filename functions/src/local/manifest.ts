/** The functions only the local stack has, with their instance caps (the deployed ones: the functions' manifest). */
import type { FunctionSpec } from '../platform/functions/capacity.js';

export const localFunctions = {
  devBaselineWrite: { name: 'devBaselineWrite', maxInstances: 10 },
  devBaselineGuardedCommit: { name: 'devBaselineGuardedCommit', maxInstances: 10, replayProtected: true },
  devActivateConsumingFirst: { name: 'devActivateConsumingFirst', maxInstances: 20, replayProtected: true },
  devSweepOwedPushes: { name: 'devSweepOwedPushes', maxInstances: 1 },
  devTrivialHttp: { name: 'devTrivialHttp', maxInstances: 30 },
  devAppCheckToken: { name: 'devAppCheckToken', maxInstances: 30 },
  devIdentityProvider: { name: 'devIdentityProvider', maxInstances: 10 },
} satisfies Record<string, FunctionSpec>;
