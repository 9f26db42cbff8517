/**
 * Every function a deploy creates: each slice's entry points, whole. A function added to one of
 * these files is exported with it; the deploy test holds the exports against the functions'
 * manifest (packages/contracts/src/functions.ts), so one forgotten here or there fails it.
 */
export * from './invites/functions/invite-callables.js';
export * from './invites/functions/finish-sign-up-callables.js';
export * from './invites/functions/app-callables.js';
export * from './invites/functions/auth-triggers.js';
export * from './owed-work/functions/owed-work.js';
export * from './short-links/functions/app-link-functions.js';
export * from './pages/functions/invitation-page.js';
export * from './sign-in-handoffs/functions/handoff-callables.js';
export * from './sign-in-handoffs/functions/account-recovery.js';
export * from './invite-cards/functions/invite-card.js';
export * from './attestation/functions/attestation-callables.js';
