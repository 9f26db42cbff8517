/** What activation's door answers when it refuses (flows/door.ts). */
import { ACTIVATION_ACCOUNT_REFUSALS, FlowError } from '../../platform/domain/errors.js';

/**
 * One answer to an anonymous caller for whatever keeps an account from activating, so that probing
 * uids tells a script nothing about who has an account or in which state. The welcome page reads it
 * as "not confirmed yet", the usual case. The account itself, signed in, is told which.
 */
const ANONYMOUS_ACTIVATION_REFUSAL =
  'This account cannot be activated from this link yet: confirm the e-mail address first, or sign in';

/** A link's code Auth no longer takes, and no proof of ours: refused before any join. */
export const UNUSABLE_LINK = 'This verification link cannot be used: it has expired, or it was used already';

/** An anonymous caller hears one refusal for the account's state; a way's own refusal (its details say which) is kept. */
export function refusalFor(error: unknown, anonymous: boolean): unknown {
  if (!(error instanceof FlowError) || !ACTIVATION_ACCOUNT_REFUSALS.has(error.code) || !anonymous) return error;
  const details = error.details as Record<string, unknown> | undefined;
  if (details && !('verificationLink' in details)) return error;
  return new FlowError('failed-precondition', ANONYMOUS_ACTIVATION_REFUSAL, details);
}
