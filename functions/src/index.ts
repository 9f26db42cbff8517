/** Wires entry points to triggers; nothing else lives here. */
import { isEmulator } from './adapters/firebase.js';
import {
  devBaselineGuardedCommit as devBaselineGuardedCommitCallable,
  devBaselineWrite as devBaselineWriteCallable,
  devSweepOwedPushes as devSweepOwedPushesCallable,
  devTrivialHttp as devTrivialHttpFunction,
} from './functions/dev-callables.js';

export { activateAccount, completeSocialSignUp, getInviter, registerInvitee } from './functions/invite-callables.js';
export { appSiteAssociation, createAppLink, openAppLink } from './functions/app-link-functions.js';
export { acceptInvite, resolveAppLink } from './functions/app-callables.js';
export { onAccountCreated, onAccountDeleted } from './functions/auth-triggers.js';
export { invitationPage } from './functions/invitation-page.js';
export { deliverJoinPush, sweepOwedPushes } from './functions/owed-work.js';

/** Local stack only (benchmark baselines, the sweep on demand); undefined, and so not deployed, elsewhere. */
export const devBaselineWrite = isEmulator ? devBaselineWriteCallable : undefined;
export const devBaselineGuardedCommit = isEmulator ? devBaselineGuardedCommitCallable : undefined;
export const devSweepOwedPushes = isEmulator ? devSweepOwedPushesCallable : undefined;
export const devTrivialHttp = isEmulator ? devTrivialHttpFunction : undefined;
