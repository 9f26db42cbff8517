/**
 * Builds every flow from the real adapters, once per instance: the one place where ports
 * (flows/ports.ts) meet their implementations.
 */
import { DevCrashSwitch } from '../adapters/dev-crash-switch.js';
import { randomBytes } from 'node:crypto';
import { logger } from 'firebase-functions';
import { isLiveUser } from '@dayfocus/contracts/records';
import { AppLinkStore } from '../adapters/app-link-store.js';
import { FirebaseAccounts } from '../adapters/accounts.js';
import { DynamicLinksClient } from '../adapters/dynamic-links-client.js';
import { auth, db, isEmulator, messaging, storage, taskQueues } from '../adapters/firebase.js';
import { FunnelStore } from '../adapters/funnel-store.js';
import { FirestoreInviteStore } from '../adapters/invite-store.js';
import { readLinkSettings } from '../adapters/link-params.js';
import { picturesFolder } from '../adapters/picture-params.js';
import { resolvePictureUrl } from '../adapters/pictures.js';
import { TaskPushQueue } from '../adapters/push-queue.js';
import { DevOutboxTransport, FcmTransport } from '../adapters/push-transport.js';
import { AuthRestVerificationCodes, webApiKey } from '../adapters/verification-codes.js';
import { AppLinkFlow } from '../flows/app-link-flow.js';
import { InvitationPageFlow, type InvitationPageDeps } from '../flows/invitation-page-flow.js';
import { InviteFlow } from '../flows/invite-flow.js';

export const inviteStore = new FirestoreInviteStore(db, logger);

export const funnels = new FunnelStore(db);

export const inviteFlow = new InviteFlow({
  store: inviteStore,
  accounts: new FirebaseAccounts(auth),
  push: isEmulator ? new DevOutboxTransport(db) : new FcmTransport(messaging),
  pushQueue: new TaskPushQueue(taskQueues),
  verificationCodes: new AuthRestVerificationCodes({
    apiKey: () => webApiKey.value(),
    emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST,
  }),
  resolvePicture: (profileImage, ownerId) =>
    resolvePictureUrl(storage, profileImage, ownerId, { picturesFolder: picturesFolder.value(), emulator: isEmulator }),
  logger,
  now: () => new Date(),
  ...(isEmulator ? { crashes: new DevCrashSwitch(db) } : {}),
});

export const appLinks = new AppLinkStore(db);

export const appLinkFlow = new AppLinkFlow({
  users: inviteStore,
  links: appLinks,
  logger,
  settings: readLinkSettings,
  dynamicLinks: (provider) => new DynamicLinksClient({ apiUrl: provider.apiUrl, apiKey: provider.apiKey }),
  randomBytes: (size) => randomBytes(size),
  now: () => new Date(),
});

/** The invitation page's flow, given what only the HTTP function knows: its renderer and its headers. */
export function invitationPageFlow(page: Pick<InvitationPageDeps, 'renderer' | 'pageHeaders'>): InvitationPageFlow {
  return new InvitationPageFlow({
    ...page,
    findInviter: (inviterId) => inviteFlow.findInviter(inviterId),
    createAppLink: (inviterId) => appLinkFlow.createAppLink(inviterId),
    settings: readLinkSettings,
    countView: (inviterId) => funnels.count(inviterId, 'views', new Date()),
    inviterExists: async (inviterId) => isLiveUser(await inviteStore.getUser(inviterId)),
    nonce: () => randomBytes(16).toString('base64'),
    logger,
  });
}
