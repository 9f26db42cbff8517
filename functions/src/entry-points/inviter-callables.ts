/**
 * The inviter's levers on her own invitation, for the mobile app signed in as her
 * (docs/app-contract.md): no request names an inviter, so each acts on the caller's invitation
 * only, and only a mobile app's App Check token is taken (platform/functions/mobile-app.ts).
 */
import { callable, requireCaller } from '../platform/functions/callable.js';
import { requireMobileApp } from '../platform/functions/mobile-app.js';
import { approvalsFlow, inviterControlsFlow } from '../composition/wiring/invites.js';
import { appLinkFlow, inviteLinksFlow } from '../composition/wiring/short-links.js';

export const pauseInvitations = callable('pauseInvitations', async (input, request) => {
  requireMobileApp(request);
  return inviterControlsFlow.pause(requireCaller(request), input.paused);
});

/** A field left out stays as it is; `null` clears it (no limit, no expiry). */
export const setInvitationLimits = callable('setInvitationLimits', async (input, request) => {
  requireMobileApp(request);
  return inviterControlsFlow.setLimits(requireCaller(request), input);
});

/** A new short link; the old one answers the unknown link's page, which names no one. */
export const renewInviteLink = callable('renewInviteLink', async (_input, request) => {
  requireMobileApp(request);
  const inviterId = await inviterControlsFlow.inviterOf(requireCaller(request));
  return appLinkFlow.renewAppLink(inviterId);
});

/** Her links, one per chat (docs/inviter-view.md, "Her links"): each of the caller's own only. */
export const createInviteLink = callable('createInviteLink', async (input, request) => {
  requireMobileApp(request);
  return inviteLinksFlow.create(requireCaller(request), input);
});

export const myInviteLinks = callable('myInviteLinks', async (_input, request) => {
  requireMobileApp(request);
  return inviteLinksFlow.list(requireCaller(request));
});

export const updateInviteLink = callable('updateInviteLink', async (input, request) => {
  requireMobileApp(request);
  return inviteLinksFlow.update(requireCaller(request), input);
});

export const retireInviteLink = callable('retireInviteLink', async (input, request) => {
  requireMobileApp(request);
  return inviteLinksFlow.retire(requireCaller(request), input.code);
});

/** The people waiting for her through a link that asks her first, and her decision on one. */
export const pendingJoins = callable('pendingJoins', async (_input, request) => {
  requireMobileApp(request);
  return approvalsFlow.pending(requireCaller(request));
});

export const decideJoin = callable('decideJoin', async (input, request) => {
  requireMobileApp(request);
  return approvalsFlow.decide(requireCaller(request), input);
});
