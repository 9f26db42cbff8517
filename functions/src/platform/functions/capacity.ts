/**
 * Each function's name and instance cap as the wrappers take them: a deployed function's from
 * the functions' manifest (packages/contracts/src/functions.ts, which says why a cap), the
 * local stack's own from local/manifest.ts.
 */
import { functionManifest, type FunctionName } from '@dayfocus/contracts/functions';

export type { FunctionName };

export interface FunctionSpec {
  name: string;
  maxInstances: number;
  /** A callable whose App Check token is consumed (replay protection). */
  replayProtected?: boolean;
  /** App Check enforced, a replay refused, whatever the rollout's mode. */
  appCheckAlways?: boolean;
  /** No App Check token taken: the fallback that mints one proves its caller itself. */
  attestsItself?: boolean;
  /**
   * The service account it runs as, `{serviceAccount}@{project}.iam.gserviceaccount.com`; the
   * compute default account when absent. Only the accounts that may sign (the handoff's signer,
   * the App Check fallback's minter).
   */
  serviceAccount?: string;
}

/** A deployed function's row of the manifest. */
export function specOf(name: FunctionName): FunctionSpec {
  return { name, ...functionManifest[name] };
}

/** The instance caps of every deployed function, by name. */
export const maxInstances = Object.fromEntries(
  (Object.keys(functionManifest) as FunctionName[]).map((name) => [name, functionManifest[name].maxInstances]),
) as Record<FunctionName, number>;
