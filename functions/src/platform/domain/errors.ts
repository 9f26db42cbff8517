/**
 * Failures a caller can act on, named with the callable error codes the web client
 * understands. Entry points turn these into HttpsError; anything else is an internal error.
 */
export type FlowErrorCode =
  | 'invalid-argument'
  | 'not-found'
  | 'unauthenticated'
  | 'permission-denied'
  | 'failed-precondition'
  | 'already-exists'
  | 'aborted'
  | 'unavailable'
  | 'resource-exhausted';

export class FlowError extends Error {
  constructor(
    readonly code: FlowErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'FlowError';
  }
}

/**
 * The refusals of an activation that come from the account's state (none, unverified, no record,
 * deleted, disabled) or from a code of another account: an anonymous caller hears one answer for
 * all of them, so that probing uids tells nothing.
 */
export const ACTIVATION_ACCOUNT_REFUSALS: ReadonlySet<FlowErrorCode> = new Set([
  'not-found',
  'failed-precondition',
  'invalid-argument',
]);

/** Providers whose sign-in proves the address, so no verification e-mail is needed. */
export const SOCIAL_PROVIDERS: ReadonlySet<string> = new Set(['google.com', 'apple.com']);
export const PASSWORD_PROVIDER = 'password';

/**
 * A Google or Apple account whose token does not say the address is verified: no proof of it.
 * `details.provider` lets the page offer its way on, the e-mail sign-up.
 */
export const UNVERIFIED_PROVIDER_REFUSAL =
  'This Google or Apple account has not confirmed its e-mail address: sign up with your e-mail address instead';

export const unverifiedProvider = () =>
  new FlowError('failed-precondition', UNVERIFIED_PROVIDER_REFUSAL, { provider: 'unverified' });
