/** The short links' wiring (composition/wiring.ts says what the wiring is). */
import { randomBytes } from 'node:crypto';
import { logger } from 'firebase-functions';
import { db } from '../../platform/adapters/firebase.js';
import { ttlCachedRead } from '../../platform/adapters/ttl-cached-read.js';
import { LINK_KEEP_MS } from '../../short-links/domain/app-links.js';
import { AppLinkStore } from '../../short-links/adapters/app-link-store.js';
import { readLinkSettings } from '../../short-links/adapters/link-params.js';
import { AppLinkFlow } from '../../short-links/flows/app-link-flow.js';
import { loadRenderer } from '../../pages/adapters/web-renderer.js';
import { inviteControls, inviterControlsFlow, inviterFlow, linkLevers } from './invites.js';
import { FirestoreInviteLinks } from '../../short-links/adapters/invite-link-store.js';
import { MemorySpokenCodeLimits } from '../../short-links/adapters/spoken-code-limits.js';
import { InviteLinksFlow } from '../../invites/flows/invite-links-flow.js';

const links = new AppLinkStore(db);
const inviteLinkRecords = new FirestoreInviteLinks(db);

export const appLinkFlow = new AppLinkFlow({
  inviters: inviterFlow,
  // Kept as long as the links themselves: a link stops resolving within LINK_KEEP_MS of its
  // inviter being switched off or disabled, as of its retirement.
  keptInviters: { card: ttlCachedRead((inviterId) => inviterFlow.card(inviterId), LINK_KEEP_MS) },
  renderer: loadRenderer,
  links,
  spokenCodes: inviteLinkRecords,
  spokenTries: new MemorySpokenCodeLimits(),
  logger,
  settings: readLinkSettings,
  randomBytes: (size) => randomBytes(size),
  now: () => new Date(),
});

export const inviteLinksFlow = new InviteLinksFlow({
  records: inviteLinkRecords,
  links,
  levers: linkLevers,
  invitation: { inviterOf: (caller) => inviterControlsFlow.inviterOf(caller), read: (id) => inviteControls.read(id) },
  settings: readLinkSettings,
  randomBytes: (size) => randomBytes(size),
  now: () => new Date(),
});
