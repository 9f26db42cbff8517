/**
 * Her links and the joins through them, with the Firestore stores against our emulator in this
 * process and Auth in memory: the flows the callables wire (invite links, the app's "accept" of a
 * code, her decisions on requests), built once for the unit tests of her links and approvals.
 */
import { randomBytes } from 'node:crypto';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { isInvitationClosedRefusal } from '@dayfocus/contracts/invite-controls';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from '../src/platform/flows/ports.js';
import type { Caller } from '../src/platform/domain/caller.js';
import { InviteFlow } from '../src/invites/flows/invite-flow.js';
import { InviterControlsFlow } from '../src/invites/flows/inviter-controls-flow.js';
import { ApprovalsFlow } from '../src/invites/flows/approvals-flow.js';
import { FirestoreApprovalStore } from '../src/invites/adapters/approvals-store.js';
import { FirestoreInviteControls } from '../src/invites/adapters/invite-controls-store.js';
import { FirestoreInviteStore } from '../src/invites/adapters/invite-store.js';
import { FunnelStore } from '../src/invites/adapters/funnel-store.js';
import { LinkLeversStore } from '../src/invites/adapters/link-levers-store.js';
import { AppLinkStore } from '../src/short-links/adapters/app-link-store.js';
import { FirestoreInviteLinks } from '../src/short-links/adapters/invite-link-store.js';
import { MemorySpokenCodeLimits } from '../src/short-links/adapters/spoken-code-limits.js';
import { AppLinkFlow } from '../src/short-links/flows/app-link-flow.js';
import { InviteLinksFlow } from '../src/invites/flows/invite-links-flow.js';
import { MemoryAccounts, paths } from './in-memory.js';
import { memoryLogger } from './memory-logger.js';
import { localLinkSettings } from './short-links.js';

export const T0 = new Date('2026-03-01T10:00:00.000Z');

/** The invite store and the flows of joins and her levers, as the wiring builds them, on `db`. */
export function inviteFlowsOn(db: Firestore, deps: { accounts: MemoryAccounts; logger: Logger; now: () => Date }) {
  const { accounts, logger, now } = deps;
  const funnel = new FunnelStore(db);
  const store = new FirestoreInviteStore(db, funnel, logger);
  const controls = new FirestoreInviteControls(db);
  const doors = new LinkLeversStore(db);
  const invites = new InviteFlow({ store, accounts, controls, doors, resolvePicture: async () => null, logger, now });
  const levers = new InviterControlsFlow({ controls, users: store, accounts, now });
  return { funnel, store, controls, invites, levers };
}

export function linksHarness(db: Firestore) {
  const logger = memoryLogger();
  const accounts = new MemoryAccounts();
  const clock = { now: T0 };
  const now = () => clock.now;
  const { funnel, store, controls, invites, levers } = inviteFlowsOn(db, { accounts, logger, now });
  const records = new FirestoreInviteLinks(db);
  const links = new AppLinkStore(db);
  const bytes = (size: number) => randomBytes(size);
  const flow = new InviteLinksFlow({
    records,
    links,
    levers: new LinkLeversStore(db),
    invitation: { inviterOf: (caller) => levers.inviterOf(caller), read: (id) => controls.read(id) },
    settings: () => localLinkSettings,
    randomBytes: bytes,
    now,
  });
  const approvals = new ApprovalsFlow({
    store: new FirestoreApprovalStore(db, store, funnel),
    invitation: levers,
    now,
  });
  const inviterCard = async (inviterId: string) => ({ inviterId, name: 'Asha', photoUrl: null });
  const appLinks = new AppLinkFlow({
    inviters: { publicInviter: async (id) => (await store.getUser(id)) ?? null },
    keptInviters: { card: inviterCard },
    renderer: () => {
      throw new Error('no page here');
    },
    links,
    spokenCodes: records,
    spokenTries: new MemorySpokenCodeLimits(),
    logger,
    settings: () => localLinkSettings,
    randomBytes: bytes,
    now,
  });
  const caller = (uid: string, signInProvider = 'google.com'): Caller => ({
    uid,
    email: `${uid}@example.com`,
    signInProvider,
    name: 'Someone',
    emailVerified: true,
    authTime: Math.floor(clock.now.getTime() / 1000),
  });
  const person = async (id: string) => {
    await db.doc(paths.user(id)).set({ ...inviterRecord({ userId: id, name: `User ${id}` }) });
    accounts.add({ uid: id, providerIds: ['google.com'], emailVerified: true });
    return caller(id);
  };
  /** The app's "accept" of a code it read or a person typed, as acceptInvite does it. */
  const accept = async (user: Caller, typed: string) => {
    const link = await appLinks.linkOfTyped(typed, 'client-1');
    if (!link) return 'not-found';
    return invites.acceptInvite(user, { inviterId: link.inviterId, link: link.code }).then(
      (answer) => (answer.joinRequested ? 'requested' : 'joined'),
      (error: unknown) => (isInvitationClosedRefusal(error) ? 'closed' : String(error)),
    );
  };
  const friendsOf = async (inviterId: string) =>
    (await db.collection('Friends').where('userId', '==', inviterId).get()).size;
  const doc = async (path: string) => (await db.doc(path).get()).data();
  return {
    db,
    clock,
    accounts,
    store,
    flow,
    levers,
    invites,
    approvals,
    appLinks,
    caller,
    person,
    accept,
    friendsOf,
    doc,
  };
}
