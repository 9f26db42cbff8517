/**
 * The welcome page's confirm form (docs/invitation-page.md, "The welcome page's confirm form"). It
 * posts to the page's own address, the e-mail's link with its code: the code is the proof, as it is
 * for the `activateAccount` callable, and the body is never read.
 */
import type { WelcomePageState } from '@dayfocus/contracts/web-page';
import { VERIFICATION_CODE_PATTERN } from '@dayfocus/contracts/requests';
import { FlowError } from '../../platform/domain/errors.js';
import type { PageRoute } from './page-route.js';

export interface WelcomeLink {
  uid: string;
  inviterId: string;
  verificationCode: string;
}

/**
 * The e-mail's link the welcome page's address carries (config/email-action.ts puts
 * `mode=verifyEmail&oobCode=` on it), or null for any other welcome page: no invitee or inviter,
 * or no code of the shape Auth makes. Only such a link gets the confirm form.
 */
export function welcomeLinkOf(route: Extract<PageRoute, { kind: 'welcome' }>, rawUrl: string): WelcomeLink | null {
  const query = new URL(rawUrl, 'http://localhost').searchParams;
  const code = query.get('mode') === 'verifyEmail' ? query.get('oobCode') : null;
  if (!route.inviteeId || !route.inviterId || !code || !VERIFICATION_CODE_PATTERN.test(code)) return null;
  if (route.inviteeId === route.inviterId) return null;
  return { uid: route.inviteeId, inviterId: route.inviterId, verificationCode: code };
}

export type WelcomeRefusal = Extract<WelcomePageState, { kind: 'refused' }>['reason'];

/**
 * What a refused confirmation says, from what activation threw for an anonymous caller
 * (activation/flows/door.ts): what was wrong with the link's code when it says so, else
 * "not confirmed yet", one answer for every account state. Null for an error that is no refusal
 * (a failure on the way: the visitor may try again).
 */
export function welcomeRefusalOf(error: unknown): WelcomeRefusal | null {
  if (!(error instanceof FlowError)) return null;
  const details = error.details as { verificationLink?: unknown } | undefined;
  const link = details?.verificationLink;
  if (link === 'expired' || link === 'used-or-invalid') return link;
  if (error.code === 'invalid-argument') return 'used-or-invalid';
  if (error.code === 'failed-precondition' || error.code === 'not-found') return 'not-confirmed';
  return null;
}

/**
 * The form's own limits, since App Check needs the app: tries a client (the address the platform
 * vouches for, clientAddressOf) may make, and confirmations of one account, in a window. A person
 * confirms once; a reload re-posts. A client's limit is generous because many phones share an
 * address (a carrier's NAT). An account's counts only the confirmations its own code made: the uid
 * is in the link, and a stranger's tries with codes that prove nothing must not spend its owner's.
 * Those tries are the client's limit's: each costs an Auth lookup of the code, and nothing else.
 */
export const CONFIRMS_PER_CLIENT = 30;
export const CONFIRMS_PER_ACCOUNT = 10;
export const CONFIRM_WINDOW_SECONDS = 10 * 60;

export type ConfirmAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface ConfirmLimiter {
  /** Refused when `client` has no try left or `account` no confirmation; counts a try for `client` only. */
  take(client: string, account: string): Promise<ConfirmAllowance>;
  /** Only once activation went through: the code was the account's own. */
  confirmed(account: string): Promise<void>;
}
