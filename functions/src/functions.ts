/**
 * Every function a deploy creates: the files of entry-points/, whole. A function added to one of
 * these files is exported with it; the deploy test holds the exports against the functions'
 * manifest (packages/contracts/src/functions.ts), so one forgotten here or there fails it.
 */
export * from './entry-points/invite-callables.js';
export * from './entry-points/activation-callables.js';
export * from './entry-points/finish-sign-up-callables.js';
export * from './entry-points/app-callables.js';
export * from './entry-points/auth-triggers.js';
export * from './entry-points/owed-work.js';
export * from './entry-points/app-link-functions.js';
export * from './entry-points/invitation-page.js';
export * from './entry-points/handoff-callables.js';
export * from './entry-points/account-recovery.js';
export * from './entry-points/invite-card.js';
export * from './entry-points/attestation-callables.js';
export * from './entry-points/email-proof-callables.js';
export * from './entry-points/client-address-probe.js';
export * from './entry-points/inviter-callables.js';
