/**
 * What differs between a deployment and the local stack, handed in by the entry point that
 * loads the functions: `src/index.ts` (what deploys, platform/deployed.ts) or
 * `src/local/index.ts` (the local stack, local/environment.ts). Production modules ask this
 * environment for those parts, never whether they run in an emulator.
 */
import type { CallableRequest } from 'firebase-functions/v2/https';
import type { InviteStore } from '../invites/flows/ports.js';
import type { OwedWorkStore, PushTransport } from '../owed-work/flows/ports.js';

export interface Environment {
  /** Consumes a replay-protected call's App Check token: true the first time, false on a replay. */
  consumeAppCheckToken(request: CallableRequest): Promise<boolean>;
  /** Whether a decoded App Check token counts (the local stack's: only its stand-in's). */
  countsAppCheckToken(token: Record<string, unknown>): boolean;
  /** Where pushes go: FCM, or the local stack's outbox. */
  pushTransport(): PushTransport;
  /** The invite store as the flows get it (the local stack wraps it in its fault switch). */
  inviteStore(store: InviteStore): InviteStore;
  /** The owed-work store as its flow gets it (likewise). */
  owedWorkStore(store: OwedWorkStore): OwedWorkStore;
  /** Plain http pictures of 127.0.0.1 and localhost load too (the local Hosting serves demo pictures). */
  localPictures: boolean;
  /** Origins the pages may connect to beyond the deploy's policy (the local Auth emulator). */
  pageConnectSources: string[];
  /** A rebuilt web app's renderer replaces the one an instance loaded (deployed code never changes). */
  reloadsRenderer: boolean;
  /** The link settings are checked as a deploy needs them (no local stack's addresses). */
  deployedLinkSettings: boolean;
}

let current: Environment | undefined;

/** Installs the environment: once, by the entry point, before any function module loads. */
export function useEnvironment(environment: Environment): void {
  if (current) throw new Error('The functions environment is installed once, by the entry point');
  current = environment;
}

export function environment(): Environment {
  if (!current) {
    throw new Error('No functions environment: load the functions through src/index.ts or src/local/index.ts');
  }
  return current;
}
