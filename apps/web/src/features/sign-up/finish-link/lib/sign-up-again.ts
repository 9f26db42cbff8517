import { href } from '@dayfocus/contracts/page-paths';

/** The fragment's parameter naming the account whose verification link no longer works. */
export const RESUME_PARAMETER = 'resume';

/**
 * "Sign up again" from the page of an expired or cut verification link, often in another tab than
 * the sign-up's (a mail app's browser), where the form keeps nothing: the inviter's form, which
 * offers at once the link that finishes this account's sign-up (mailed to its own address, which
 * the page never learns). In the fragment, which no request carries.
 */
export function signUpAgainHref(inviterId: string, uid: string, language?: string): string {
  return `${href('sign-up', { inviterId, lg: language })}#${RESUME_PARAMETER}=${encodeURIComponent(uid)}`;
}
