/** The code of a Firebase error without its service prefix ("not-found", "email-already-in-use"), or undefined. */
export function firebaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code.replace(/^(functions|auth)\//, '') : undefined;
}
