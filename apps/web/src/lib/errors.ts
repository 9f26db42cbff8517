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

export function isNetworkError(error: unknown): boolean {
  const code = firebaseErrorCode(error) ?? '';
  if (NETWORK_CODES.has(code)) return true;
  // The Functions SDK reports a call that got no answer at all as `internal`, with HTTP status 0.
  const message = (error as { message?: unknown } | null)?.message;
  return code === 'internal' && typeof message === 'string' && message.endsWith('[0]');
}

/**
 * The translation key of what a person is told about a failure: the key `byCode` names for its
 * code, else "check your connection" for a request that got no answer, else `fallback`. The one
 * place the pages turn errors into words.
 */
export function failureMessageKey(
  error: unknown,
  { byCode = {}, fallback = 'app.genericError' }: { byCode?: Record<string, string>; fallback?: string } = {},
): string {
  const code = firebaseErrorCode(error);
  if (code !== undefined && Object.hasOwn(byCode, code)) return byCode[code] as string;
  return isNetworkError(error) ? 'app.networkError' : fallback;
}
