/** Builds the flows from the real adapters, once per instance. */
import { randomBytes } from 'node:crypto';
import { AppLinkStore } from '../adapters/app-link-store.js';
import { FunnelStore } from '../adapters/funnel-store.js';
import { DynamicLinksClient } from '../adapters/dynamic-links-client.js';
import { readLinkSettings } from '../adapters/link-params.js';
import { AppLinkFlow } from '../flows/app-link-flow.js';
import { auth, db, isEmulator, messaging, storage } from '../adapters/firebase.js';
import { InviteStore } from '../adapters/invite-store.js';
import { picturesFolder } from '../adapters/picture-params.js';
import { resolvePictureUrl } from '../adapters/pictures.js';
import { DevOutboxTransport, FcmTransport } from '../adapters/push-transport.js';
import { AuthRestVerificationCodes, webApiKey } from '../adapters/verification-codes.js';
import { InviteFlow, type AccountLookup } from '../flows/invite-flow.js';

const accounts: AccountLookup = {
  async getAccount(uid) {
    try {
      const user = await auth.getUser(uid);
      return {
        uid: user.uid,
        email: user.email,
        emailVerified: user.emailVerified,
        providerIds: user.providerData.map((p) => p.providerId),
        displayName: user.displayName,
        disabled: user.disabled,
        tokensValidAfter: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).toISOString() : undefined,
      };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') return null;
      throw error;
    }
  },
};

export const inviteStore = new InviteStore(db);

export const funnels = new FunnelStore(db);

export const inviteFlow = new InviteFlow({
  store: inviteStore,
  accounts,
  push: isEmulator ? new DevOutboxTransport(db) : new FcmTransport(messaging),
  verificationCodes: new AuthRestVerificationCodes({
    apiKey: () => webApiKey.value(),
    emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST,
  }),
  resolvePicture: (profileImage, ownerId) =>
    resolvePictureUrl(storage, profileImage, ownerId, { picturesFolder: picturesFolder.value(), emulator: isEmulator }),
  now: () => new Date(),
});

export const appLinks = new AppLinkStore(db);

export const appLinkFlow = new AppLinkFlow({
  users: inviteStore,
  links: appLinks,
  settings: readLinkSettings,
  dynamicLinks: (provider) => new DynamicLinksClient({ apiUrl: provider.apiUrl, apiKey: provider.apiKey }),
  randomBytes: (size) => randomBytes(size),
  now: () => new Date(),
});
