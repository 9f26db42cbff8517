/**
 * What `signUpWithEmail` says when it makes no account, in the refusal's details, for the page to
 * read: the address is taken (as Auth's own sign-up says, and no more: not whose, nor in what
 * state), or this client made its hour's new accounts (as Auth says too many tries).
 */
export const SIGN_UP_TAKEN = { signUp: 'taken' } as const;
export const SIGN_UP_BUSY = { signUp: 'busy' } as const;

/** `taken` or `busy` for those refusals of `signUpWithEmail`, undefined for anything else. */
export function signUpRefusalOf(error: unknown): 'taken' | 'busy' | undefined {
  const said = (error as { details?: { signUp?: unknown } } | null)?.details?.signUp;
  return said === SIGN_UP_TAKEN.signUp || said === SIGN_UP_BUSY.signUp ? said : undefined;
}
