/** The environment of a deployment: the stores as they are. */
import { getAppCheck } from 'firebase-admin/app-check';
import { FcmTransport } from '../owed-work/adapters/push-transport.js';
import { firebaseApp, messaging } from '../platform/adapters/firebase.js';
import { CLOUD_RUN_FORWARDING } from '../platform/domain/hosting-edge.js';
import { useEnvironment } from './environment.js';

useEnvironment({
  consumeAppCheckToken: async (request) => {
    const token = request.rawRequest.header('X-Firebase-AppCheck');
    if (!token) return false;
    const verified = await getAppCheck(firebaseApp).verifyToken(token, { consume: true });
    return verified.alreadyConsumed !== true;
  },
  // A replay-protected call's token must be of limited use: only such a token is made for
  // App Check's replay protection (firebase-admin's AppCheckTokenOptions.limitedUse).
  mintAppCheckToken: async (appId, lifeMs, limitedUse) => {
    const { token, ttlMillis } = await getAppCheck(firebaseApp).createToken(appId, { ttlMillis: lifeMs, limitedUse });
    return { token, expireTimeMillis: Date.now() + ttlMillis };
  },
  countsAppCheckToken: () => true,
  pushTransport: () => new FcmTransport(messaging),
  inviteStore: (store) => store,
  owedWorkStore: (store) => store,
  authEmulatorHost: undefined,
  localPictures: false,
  pageConnectSources: [],
  reloadsRenderer: false,
  deployedLinkSettings: true,
  forwarding: CLOUD_RUN_FORWARDING,
});
