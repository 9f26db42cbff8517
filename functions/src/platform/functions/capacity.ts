/**
 * Each function's name and instance cap as the wrappers take them: a deployed function's from the
 * functions' manifest, which says why a cap; the local stack's own from local/manifest.ts.
 */
import { functionManifest, type FunctionName } from '@dayfocus/contracts/functions';

export type { FunctionName };

export interface FunctionSpec {
  name: string;
  maxInstances: number;
  replayProtected?: boolean;
  /** App Check enforced, a replay refused, whatever the rollout's mode. */
  appCheckAlways?: boolean;
  /** No App Check token taken: the fallback that mints one proves its caller itself. */
  attestsItself?: boolean;
  /** Only an account that may sign (SigningAccount); the compute default account when absent. */
  serviceAccount?: string;
}

export function specOf(name: FunctionName): FunctionSpec {
  return { name, ...functionManifest[name] };
}

export const maxInstances = Object.fromEntries(
  (Object.keys(functionManifest) as FunctionName[]).map((name) => [name, functionManifest[name].maxInstances]),
) as Record<FunctionName, number>;
