import { isInvitationClosedRefusal, isInvitationReplacedRefusal } from '@dayfocus/contracts/invite-controls';
/** The code of a Firebase error without its service prefix ("not-found", "email-already-in-use"), or undefined. */
export function firebaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code.replace(/^(functions|auth)\//, '') : undefined;
}

/**
 * The request never got an answer: no connection, a timeout, the service out of reach. Every
 * step of the sign-up can be repeated, so the person is told to check the connection and retry.
 */
const NETWORK_CODES = new Set(['network-request-failed', 'deadline-exceeded', 'unavailable', 'timeout']);

/**
 * A module of the page that did not come (Chromium, Safari and Firefox each word it their way):
 * offline, a step that loads its code on demand fails so before any request.
 */
const MODULE_NOT_LOADED = /dynamically imported module|Importing a module script failed/;

/**
 * A fetch that got no answer (each browser's words): App Check's attestation, asked for with the
 * call, fails so offline, and the call's SDK hands that error on as it is.
 */
const FETCH_FAILED = /^Failed to fetch$|NetworkError when attempting to fetch|^Load failed$/;

export function isNetworkError(error: unknown): boolean {
  const code = firebaseErrorCode(error) ?? '';
  if (NETWORK_CODES.has(code)) return true;
  if (error instanceof TypeError && (MODULE_NOT_LOADED.test(error.message) || FETCH_FAILED.test(error.message)))
    return true;
  // The Functions SDK reports a call that got no answer at all as `internal`, with HTTP status 0.
  const message = (error as { message?: unknown } | null)?.message;
  return code === 'internal' && typeof message === 'string' && message.endsWith('[0]');
}

/**
 * The translation key of what a person is told about a failure: the key `byCode` names for its
 * code, else `network` (by default "check your connection") for a request that got no answer,
 * else `fallback`. The one place the pages turn errors into words.
 */
export function failureMessageKey(
  error: unknown,
  {
    byCode = {},
    network = 'app.networkError',
    fallback = 'app.genericError',
  }: { byCode?: Record<string, string>; network?: string; fallback?: string } = {},
): string {
  const code = firebaseErrorCode(error);
  // Her invitation closed after its page was drawn (the CDN keeps a page up to a minute and more).
  if (isInvitationClosedRefusal(error)) return 'invitation.signUpClosed';
  // She replaced the link this page came by: only her new one admits (docs/inviter-view.md).
  if (isInvitationReplacedRefusal(error)) return 'invitation.signUpReplaced';
  // Google or Apple did not say the address is verified (details.provider): the e-mail sign-up is the way on.
  if (isUnverifiedProvider(error)) return 'socialSignUp.unverified';
  if (code !== undefined && Object.hasOwn(byCode, code)) return byCode[code] as string;
  return isNetworkError(error) ? network : fallback;
}

/** The person closed the provider's window or page, or a newer tap replaced this one. */
const CANCELLED_SIGN_IN = new Set(['popup-closed-by-user', 'user-cancelled', 'cancelled-popup-request']);

/** A sign-in with Apple or Google that the person cancelled (a closed window): no failure of ours. */
export function isCancelledSignIn(error: unknown): boolean {
  return CANCELLED_SIGN_IN.has(firebaseErrorCode(error) ?? '');
}

/**
 * What a person is told when the sign-in with a provider failed or was cancelled, and what to try
 * instead (the provider's name is `{{provider}}` in it): cancelled, the provider not reached, or
 * anything else (Auth's `internal-error`, a refused account). `cancelled-popup-request` (a second
 * tap replaced the first) is for no one: null.
 */
export function signInFailureKey(error: unknown): string | null {
  const code = firebaseErrorCode(error);
  if (code === 'cancelled-popup-request') return null;
  return failureMessageKey(error, {
    byCode: { 'popup-closed-by-user': 'socialSignUp.cancelled', 'user-cancelled': 'socialSignUp.cancelled' },
    network: 'socialSignUp.failedNetwork',
    fallback: 'socialSignUp.failed',
  });
}

/** The server's refusal of a Google or Apple account whose address the provider did not confirm. */
export function isUnverifiedProvider(error: unknown): boolean {
  const details = (error as { details?: { provider?: unknown } } | null)?.details;
  return details?.provider === 'unverified';
}
