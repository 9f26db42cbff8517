/** The mobile app, with an invite it got from a link, the install referrer or the clipboard (docs/app-contract.md). */
import { FlowError } from '../platform/domain/errors.js';
import { callable, requireCaller } from '../platform/functions/callable.js';
import { appLinkFlow } from '../composition/wiring/short-links.js';
import { inviteFlow, inviterFlow } from '../composition/wiring/invites.js';
import { myInvitationsFlow } from '../composition/wiring/inviter-view.js';
import { requireMobileApp } from '../platform/functions/mobile-app.js';
import { clientOf } from '../platform/functions/client-address.js';

/**
 * A link's code or her spoken code as typed; `not-found` for a code we never made, a link retired,
 * or an inviter without a public face.
 */
async function linkOf(code: string, request: { rawRequest: Parameters<typeof clientOf>[0] }) {
  const link = await appLinkFlow.linkOfTyped(code, clientOf(request.rawRequest));
  if (!link) throw new FlowError('not-found', 'No invite with this code');
  return link;
}

/** Public: "Add Asha as a friend?" before the person signs in. */
export const resolveAppLink = callable('resolveAppLink', async (input, request) => {
  const link = await linkOf(input.code, request);
  const inviter = await inviterFlow.getInviter(link.inviterId);
  return { code: link.code, inviter, target: link.target };
});

/** Signed in, with a proved address: the friendship, the push and the history entry, once. */
export const acceptInvite = callable(
  'acceptInvite',
  async (input, request) => {
    const caller = requireCaller(request);
    const link = await linkOf(input.code, request);
    return inviteFlow.acceptInvite(caller, { inviterId: link.inviterId, link: link.code });
  },
  { consumesBesideReads: true },
);

/** Signed in, in the app: her invitation's numbers and the people who joined through it (her own only). */
export const myInvitations = callable('myInvitations', async (input, request) => {
  requireMobileApp(request);
  return myInvitationsFlow.myInvitations(requireCaller(request), input);
});
