/** The pages' wiring (composition/wiring.ts says what the wiring is). */
import { randomBytes } from 'node:crypto';
import { logger } from 'firebase-functions';
import { isLiveUser } from '@dayfocus/contracts/records';
import { inviteLinkOf } from '@dayfocus/contracts/invite-links';
import { matchPagePath, pagePatterns } from '@dayfocus/contracts/page-paths';
import { readLinkSettings } from '../../short-links/adapters/link-params.js';
import { environment } from '../environment.js';
import { loadRenderer } from '../../pages/adapters/web-renderer.js';
import { readProviderClients } from '../../pages/adapters/provider-clients.js';
import { PageFlow, type PageFlowDeps } from '../../pages/flows/page-flow.js';
import { KeptPageInviters } from '../../pages/adapters/kept-inviters.js';
import { MemoryConfirmLimits } from '../../pages/adapters/confirm-limits.js';
import { CONFIRMS_PER_ACCOUNT, CONFIRMS_PER_CLIENT } from '../../pages/domain/welcome-confirm.js';
import { funnels, inviteStore } from '../wiring.js';
import { inviterFlow, linkLevers } from './invites.js';
import { appLinkFlow } from './short-links.js';
import { activationDoor, mailLinks } from './activation.js';

export { loadRenderer };

/** The inviters as the pages and the invite cards show them, kept a while. */
export const pageInviters = new KeptPageInviters((inviterId) => inviterFlow.invitationCard(inviterId));

export function pageFlow(page: Pick<PageFlowDeps, 'renderer' | 'pageHeaders'>): PageFlow {
  return new PageFlow({
    ...page,
    findInviter: async (inviterId, asked) => {
      const card = await pageInviters.card(inviterId, asked);
      // Her invitation page says what its door lets in: a link of hers, or a replaced link.
      const path = new URL(asked.rawUrl, 'http://localhost').pathname;
      return matchPagePath(pagePatterns.invitation, path) || matchPagePath(pagePatterns['legacy-invitation'], path)
        ? inviterFlow.withDoor(card, inviteLinkOf(asked.rawUrl))
        : card;
    },
    createAppLink: (inviterId, link) => appLinkFlow.createAppLink(inviterId, link),
    settings: readLinkSettings,
    countView: async (inviterId, way, link) => {
      await Promise.all([
        funnels.count(inviterId, 'views', new Date(), way),
        link ? linkLevers.countLinkEvent(inviterId, link, 'views') : undefined,
      ]);
    },
    inviterExists: async (inviterId) => isLiveUser(await inviteStore.getUser(inviterId)),
    nonce: () => randomBytes(16).toString('base64'),
    signInClients: readProviderClients,
    randomBytes: (size) => randomBytes(size),
    activate: ({ verificationCode, ...link }, page) =>
      activationDoor.activate(null, {
        ...link,
        ...page,
        way: { kind: 'mail-link', input: { uid: link.uid, code: verificationCode } },
      }),
    confirmLimits: new MemoryConfirmLimits({
      perClient: environment().confirmsPerClient ?? CONFIRMS_PER_CLIENT,
      perAccount: CONFIRMS_PER_ACCOUNT,
    }),
    confirmedBefore: ({ uid, verificationCode }) => mailLinks.answersAgain({ uid, code: verificationCode }),
    logger,
  });
}
