/**
 * The platform's environment, and the parts where a deployment and the local stack differ that
 * only building the flows needs. The entry point installs it once, before any function module loads.
 */
import {
  environmentMessages,
  useEnvironment as usePlatformEnvironment,
  type Environment as PlatformEnvironment,
} from '../platform/environment.js';
import { installedOnce } from '../platform/install-once.js';
import type { InviteStore } from '../invites/flows/ports.js';
import type { OwedWorkStore, PushTransport } from '../owed-work/flows/ports.js';
import type { DiscoverySettings } from '../email-proof/adapters/issuer-discovery.js';

export interface Environment extends PlatformEnvironment {
  pushTransport(): PushTransport;
  /** The local stack wraps it in its fault switch. */
  inviteStore(store: InviteStore): InviteStore;
  /** Likewise. */
  owedWorkStore(store: OwedWorkStore): OwedWorkStore;
  /** `host:port`, which the verification codes go through; undefined in a deployment. */
  authEmulatorHost: string | undefined;
  /**
   * Where the e-mail proof finds issuers beyond the internet's DNS and HTTPS: the local stack's
   * issuer (its DNS server, its plain-HTTP origin on loopback). A deployment names none.
   */
  emailProofDiscovery?: DiscoverySettings;
  /**
   * How many times one client may post the welcome page's confirm form in its window, where that
   * differs from a deployment's CONFIRMS_PER_CLIENT: on the local stack every caller is one client
   * (no proxy vouches for an address), so the production figure would cap the whole machine.
   */
  confirmsPerClient?: number;
  /**
   * How many new e-mail accounts one client may make an hour, where that differs from a
   * deployment's SIGN_UPS_PER_CLIENT (Auth's own 100): one client is the whole local stack.
   */
  signUpsPerClient?: number;
}

const installed = installedOnce<Environment>(environmentMessages);

/** The platform's part with it. */
export function useEnvironment(environment: Environment): void {
  usePlatformEnvironment(environment);
  installed.install(environment);
}

export function environment(): Environment {
  return installed.get();
}
