/**
 * Which page a request's path names, matched once (pagePatterns of the contracts, in the order
 * the function answers them): the page flow answers the route, never the path again.
 */
import { isUserId } from '@dayfocus/contracts/ids';
import { matchPagePath, pagePatterns } from '@dayfocus/contracts/page-paths';

export type PageRoute =
  /** Every e-mail's link (`/auth/action`). */
  | { kind: 'email-action' }
  /** "I already have an account" (`/app-link/{uid}`); null for an id that cannot name anyone. */
  | { kind: 'app-link'; inviterId: string | null }
  /** The older invitation route, which names no inviter (`/tasks-Feedback`). */
  | { kind: 'legacy-invitation' }
  /** The invitation (`/feedback/{uid}/{lg?}`). */
  | { kind: 'invitation'; inviterId: string }
  /** A sign-up page naming its inviter; the method page is rendered for the visitor's user agent. */
  | { kind: 'sign-up'; inviterId: string; byUserAgent: boolean }
  /**
   * The welcome page: the account to activate and the inviter who sent the link, null where the
   * path names none (or an id that cannot name anyone).
   */
  | { kind: 'welcome'; inviteeId: string | null; inviterId: string | null }
  | { kind: 'home' }
  | { kind: 'confirm-email' }
  /** Anything else: a longer path under /feedback/, or an id that cannot be decoded. */
  | { kind: 'unknown' };

/**
 * A path segment as an inviter id, or null when it cannot name anyone: undecodable, or not a
 * uid by the id rule (packages/contracts/src/ids.ts). (Anything else is looked up and may simply
 * not exist.)
 */
export function inviterIdOf(segment: string): string | null {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return isUserId(id) ? id : null;
}

/** The page `path` names. */
export function pageRouteOf(path: string): PageRoute {
  const match = (pattern: string) => matchPagePath(pattern, path);
  if (match(pagePatterns.emailAction)) return { kind: 'email-action' };
  const appLink = match(pagePatterns.inviterAppLink)?.inviterId;
  if (appLink) return { kind: 'app-link', inviterId: inviterIdOf(appLink) };
  if (match(pagePatterns.legacyInvitation)) return { kind: 'legacy-invitation' };
  const invitation = match(pagePatterns.invitation)?.inviterId;
  const invitationId = invitation ? inviterIdOf(invitation) : null;
  if (invitationId) return { kind: 'invitation', inviterId: invitationId };
  const method = match(pagePatterns.socialSignUp)?.inviterId;
  const signUp = method ?? match(pagePatterns.signUp)?.inviterId;
  const signUpId = signUp ? inviterIdOf(signUp) : null;
  if (signUpId) return { kind: 'sign-up', inviterId: signUpId, byUserAgent: method !== undefined };
  const welcome = match(pagePatterns.welcome);
  if (welcome) {
    const idOf = (segment: string | undefined) => (segment ? inviterIdOf(segment) : null);
    return { kind: 'welcome', inviteeId: idOf(welcome.inviteeId), inviterId: idOf(welcome.inviterId) };
  }
  if (match(pagePatterns.home)) return { kind: 'home' };
  if (match(pagePatterns.confirmEmail)) return { kind: 'confirm-email' };
  return { kind: 'unknown' };
}

/** A request's path and query exactly as sent (the query null when there is no `?` at all). */
export function splitRawUrl(rawUrl: string): { rawPath: string; rawQuery: string | null } {
  const mark = rawUrl.indexOf('?');
  return mark < 0
    ? { rawPath: rawUrl, rawQuery: null }
    : { rawPath: rawUrl.slice(0, mark), rawQuery: rawUrl.slice(mark + 1) };
}
