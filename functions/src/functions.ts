/** Every function a deploy creates, by its name; the entry points (index.ts, local/index.ts) export them. */
export {
  activateAccount,
  completeSocialSignUp,
  getInviter,
  registerInvitee,
} from './invites/functions/invite-callables.js';
export { appSiteAssociation, createAppLink, openAppLink } from './short-links/functions/app-link-functions.js';
export { acceptInvite, resolveAppLink } from './invites/functions/app-callables.js';
export { onAccountCreated, onAccountDeleted } from './invites/functions/auth-triggers.js';
export { invitationPage } from './pages/functions/invitation-page.js';
export { deliverJoinPush, sweepOwedPushes } from './owed-work/functions/owed-work.js';
