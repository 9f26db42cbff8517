/** Builds the flow from the real adapters, once per instance. */
import { auth, db, isEmulator, messaging, storage } from '../adapters/firebase.js';
import { InviteStore } from '../adapters/invite-store.js';
import { resolvePictureUrl } from '../adapters/pictures.js';
import { DevOutboxTransport, FcmTransport } from '../adapters/push-transport.js';
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
      };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') return null;
      throw error;
    }
  },
};

export const inviteStore = new InviteStore(db);

export const inviteFlow = new InviteFlow({
  store: inviteStore,
  accounts,
  push: isEmulator ? new DevOutboxTransport(db) : new FcmTransport(messaging),
  resolvePicture: (profileImage, ownerId) => resolvePictureUrl(storage, profileImage, ownerId),
  now: () => new Date(),
});
