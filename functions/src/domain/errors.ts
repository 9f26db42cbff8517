/**
 * Failures a caller can act on, named with the callable error codes the web client
 * understands. Entry points turn these into HttpsError; anything else is an internal error.
 */
export type FlowErrorCode =
  'invalid-argument' | 'not-found' | 'unauthenticated' | 'permission-denied' | 'failed-precondition' | 'unavailable';

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

/** Providers whose sign-in proves the address, so no verification e-mail is needed. */
export const SOCIAL_PROVIDERS: ReadonlySet<string> = new Set(['google.com', 'apple.com']);
export const PASSWORD_PROVIDER = 'password';
