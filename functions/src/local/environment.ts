import { LOCAL_APP_CHECK_ISSUER } from '@dayfocus/contracts/local-app-check';
import { db } from '../platform/adapters/firebase.js';
import { useEnvironment } from '../composition/environment.js';
import { consumeStandInToken, mintStandInToken } from './dev-app-check.js';
import { crashingInviteStore, crashingOwedWorkStore, DevCrashSwitch } from './dev-crash-switch.js';
import { DevOutboxTransport } from './dev-outbox.js';
import type { DiscoverySettings } from '../email-proof/adapters/issuer-discovery.js';

/** The verification codes go through it, and the local pages talk to it (as in firebase.local.json). */
const authEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;

/**
 * The local issuer of the e-mail proof (tools/stack/src/email-issuer-servers.ts), as the stack
 * hands it to the Functions emulator: `EMAIL_PROOF_DNS_SERVERS` (comma-separated `host:port`) and
 * `EMAIL_PROOF_ISSUER_ORIGINS` (JSON, issuer id to origin). Read here only: a deployment has none.
 */
function localEmailProofDiscovery(): DiscoverySettings | undefined {
  const dns = process.env.EMAIL_PROOF_DNS_SERVERS?.trim();
  const origins = process.env.EMAIL_PROOF_ISSUER_ORIGINS?.trim();
  if (!dns && !origins) return undefined;
  return {
    ...(dns ? { dnsServers: dns.split(',').map((server) => server.trim()) } : {}),
    ...(origins ? { issuerOrigins: JSON.parse(origins) as Record<string, string> } : {}),
  };
}

/** The confirm form's tries per client in its window on this stack, where all callers are one client. */
const LOCAL_CONFIRMS_PER_CLIENT = 1_000;

/** New e-mail accounts an hour on this stack, which is one client: the soak and the load tests make thousands. */
const LOCAL_SIGN_UPS_PER_CLIENT = 1_000_000;

/** One fault switch for both stores, made when the first is wired. */
let crashSwitch: DevCrashSwitch | undefined;
const crashes = () => (crashSwitch ??= new DevCrashSwitch(db));

useEnvironment({
  consumeAppCheckToken: (request) => consumeStandInToken(request.app?.token),
  // No App Check to mint with: the fallback's tokens are the stand-in's, which the callables take
  // as they take the stand-in's others (and the Admin SDK's `createToken` would ask Google's servers).
  // The stand-in's tokens all carry an id its consumption records, limited use or not.
  mintAppCheckToken: async (appId, lifeMs) => mintStandInToken(appId, lifeMs),
  // The emulator decodes tokens without verifying them: only the stand-in's count.
  countsAppCheckToken: (token) => token.iss === LOCAL_APP_CHECK_ISSUER,
  pushTransport: () => new DevOutboxTransport(db),
  inviteStore: (store) => crashingInviteStore(store, crashes()),
  owedWorkStore: (store) => crashingOwedWorkStore(store, crashes()),
  authEmulatorHost: authEmulator,
  emailProofDiscovery: localEmailProofDiscovery(),
  localPictures: true,
  pageConnectSources: authEmulator ? [`http://${authEmulator}`] : [],
  reloadsRenderer: true,
  deployedLinkSettings: false,
  // The Hosting and Functions emulators pass a client's headers on as sent and append nothing, and
  // hand the function's runtime no peer address: no visitor is vouched for, and all share one key.
  forwarding: { platformHops: 0, edges: [] },
  // So every browser and test of the machine is one client to the welcome page's confirm form:
  // production's 30 in 10 minutes would be theirs together. The per-account limit stays as deployed.
  confirmsPerClient: LOCAL_CONFIRMS_PER_CLIENT,
  signUpsPerClient: LOCAL_SIGN_UPS_PER_CLIENT,
});
