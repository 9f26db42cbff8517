/** Wires entry points to triggers; nothing else lives here. */
export { activateAccount, completeSocialSignUp, getInviter, registerInvitee } from './functions/invite-callables.js';
export { onAccountCreated, onAccountDeleted } from './functions/auth-triggers.js';
