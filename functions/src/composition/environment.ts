/**
 * The environment as the composition root takes it: the platform's (platform/environment.ts),
 * and the parts that only building the flows needs, where a deployment and the local stack
 * differ: where pushes go, and the stores as the flows get them. The entry point installs it
 * once (composition/deployed.ts, local/environment.ts), before any function module loads.
 */
import {
  environmentMessages,
  useEnvironment as usePlatformEnvironment,
  type Environment as PlatformEnvironment,
} from '../platform/environment.js';
import { installedOnce } from '../platform/install-once.js';
import type { InviteStore } from '../invites/flows/ports.js';
import type { OwedWorkStore, PushTransport } from '../owed-work/flows/ports.js';

export interface Environment extends PlatformEnvironment {
  /** Where pushes go: FCM, or the local stack's outbox. */
  pushTransport(): PushTransport;
  /** The invite store as the flows get it (the local stack wraps it in its fault switch). */
  inviteStore(store: InviteStore): InviteStore;
  /** The owed-work store as its flow gets it (likewise). */
  owedWorkStore(store: OwedWorkStore): OwedWorkStore;
  /** `host:port` of the Auth emulator the verification codes go through; undefined in a deployment. */
  authEmulatorHost: string | undefined;
}

const installed = installedOnce<Environment>(environmentMessages);

/** Installs the environment, the platform's part with it: once, by the entry point. */
export function useEnvironment(environment: Environment): void {
  usePlatformEnvironment(environment);
  installed.install(environment);
}

export function environment(): Environment {
  return installed.get();
}
