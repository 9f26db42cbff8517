import { LOCAL_APP_CHECK_ISSUER } from '@dayfocus/contracts/local-app-check';
import { db } from '../platform/adapters/firebase.js';
import { useEnvironment } from '../composition/environment.js';
import { consumeStandInToken, mintStandInToken } from './dev-app-check.js';
import { crashingInviteStore, crashingOwedWorkStore, DevCrashSwitch } from './dev-crash-switch.js';
import { DevOutboxTransport } from './dev-outbox.js';

/** The verification codes go through it, and the local pages talk to it (as in firebase.local.json). */
const authEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;

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
  localPictures: true,
  pageConnectSources: authEmulator ? [`http://${authEmulator}`] : [],
  reloadsRenderer: true,
  deployedLinkSettings: false,
  // The Hosting and Functions emulators pass a client's headers on as sent and append nothing:
  // the socket's peer (the emulator) is the one address vouched for, and every visitor shares it.
  forwardingHops: 0,
});
