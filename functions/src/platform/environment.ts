/**
 * What differs between a deployment and the local stack, as far as the platform and the slices
 * see it, handed in by the entry point that loads the functions: `src/index.ts` (what deploys,
 * composition/deployed.ts) or `src/local/index.ts` (the local stack, local/environment.ts),
 * through composition/environment.ts, which adds what only the composition root uses. Production
 * modules ask this environment for those parts, never whether they run in an emulator.
 */
import type { CallableRequest } from 'firebase-functions/v2/https';
import type { Forwarding } from './domain/http-request.js';
import { installedOnce } from './install-once.js';

export interface Environment {
  /** Consumes a replay-protected call's App Check token: true the first time, false on a replay. */
  consumeAppCheckToken(request: CallableRequest): Promise<boolean>;
  /**
   * An App Check token for one of the project's apps, alive `lifeMs`: the fallback's, for a visitor
   * who solved its challenge (functions/src/attestation/). The Admin SDK's `createToken` in a
   * deployment; the local stand-in's in the local stack, which has no App Check to mint one. A
   * limited-use token is one a replay-protected call consumes (App Check's replay protection).
   */
  mintAppCheckToken(
    appId: string,
    lifeMs: number,
    limitedUse: boolean,
  ): Promise<{ token: string; expireTimeMillis: number }>;
  /** Whether a decoded App Check token counts (the local stack's: only its stand-in's). */
  countsAppCheckToken(token: Record<string, unknown>): boolean;
  /** Plain http pictures of 127.0.0.1 and localhost load too (the local Hosting serves demo pictures). */
  localPictures: boolean;
  /** Origins the pages may connect to beyond the deploy's policy (the local Auth emulator). */
  pageConnectSources: string[];
  /** A rebuilt web app's renderer replaces the one an instance loaded (deployed code never changes). */
  reloadsRenderer: boolean;
  /** The link settings are checked as a deploy needs them (no local stack's addresses). */
  deployedLinkSettings: boolean;
  /**
   * How a request reaches the functions, which decides whose address is the visitor's
   * (platform/domain/http-request.ts, clientAddressOf): Cloud Run's proxy and front end, and
   * Hosting's edge, in a deployment; nothing in the local stack, whose emulators vouch for no visitor.
   */
  forwarding: Forwarding;
}

/** What the entry point installs, and what a module meets without one. */
export const environmentMessages = {
  twice: 'The functions environment is installed once, by the entry point',
  missing: 'No functions environment: load the functions through src/index.ts or src/local/index.ts',
};

const installed = installedOnce<Environment>(environmentMessages);

/**
 * Installs the environment: once, by the entry point (through composition/environment.ts), before
 * any function module loads.
 */
export function useEnvironment(environment: Environment): void {
  installed.install(environment);
}

export function environment(): Environment {
  return installed.get();
}
