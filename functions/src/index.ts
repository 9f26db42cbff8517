/** Wires entry points to triggers; nothing else lives here. */
import { isEmulator } from './adapters/firebase.js';
import { devBaselineWrite as devBaselineWriteCallable } from './functions/dev-callables.js';

export { activateAccount, completeSocialSignUp, getInviter, registerInvitee } from './functions/invite-callables.js';
export { appSiteAssociation, createAppLink, openAppLink } from './functions/app-link-functions.js';
export { onAccountCreated, onAccountDeleted } from './functions/auth-triggers.js';

/** Local stack only (benchmark baseline); undefined, and so not deployed, elsewhere. */
export const devBaselineWrite = isEmulator ? devBaselineWriteCallable : undefined;
