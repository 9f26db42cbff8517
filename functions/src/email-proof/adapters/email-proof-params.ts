/** The switch of the e-mail proof per deployment (docs/configuration.md, EMAIL_PROOF). */
import { booleanParam } from '../../platform/adapters/params.js';

/**
 * Off unless a deployment switches it on (`EMAIL_PROOF=true` in its env file, with the web
 * config's origin-trial token: the deploy check holds them together). Off, `issueEmailProofNonce`
 * and `proveEmail` refuse every call and write nothing: every sign-up gets the mail.
 */
export const emailProofSwitch = booleanParam('EMAIL_PROOF');
