/**
 * How the person came to the invitation (@dayfocus/contracts/invite-ways): the invitation page's
 * `?via=` (her short link, its QR code, a preview's card) or none (`plain`). The page keeps it for
 * this tab, by inviter, as the path keeps the inviter; the sign-up's call sends it once, and her
 * funnel counts the view, the sign-up and what follows under it (docs/invite-funnel.md).
 */
import { INVITE_WAY_PARAM, inviteWayOfMarker, isInviteWay, type InviteWay } from '@dayfocus/contracts/invite-ways';

const keyOf = (inviterId: string) => `dayfocus.inviteWay.${inviterId}`;

/** The invitation page's way in, kept for the sign-up that may follow; storage refused, only answered. */
export function keepInviteWay(inviterId: string, search: string): InviteWay {
  const way = inviteWayOfMarker(new URLSearchParams(search).get(INVITE_WAY_PARAM));
  try {
    sessionStorage.setItem(keyOf(inviterId), way);
  } catch {
    // No storage (a private mode that refuses it): the sign-up then says nothing, and counts in the totals.
  }
  return way;
}

/** The way this tab came to her invitation, or undefined when it did not pass through it. */
export function keptInviteWay(inviterId: string): InviteWay | undefined {
  try {
    const way = sessionStorage.getItem(keyOf(inviterId));
    return isInviteWay(way) ? way : undefined;
  } catch {
    return undefined;
  }
}

/** The beacon's address: the page's path, and its way when it has a marker (the function reads it). */
export function viewBeaconPath(pathname: string, way: InviteWay): string {
  return way === 'plain' ? pathname : `${pathname}?${INVITE_WAY_PARAM}=${way}`;
}

/** A sign-up call's `way`, only when known: a field sent as undefined would arrive as null. */
export function withKeptWay<T extends { inviterId: string }>(request: T): T & { way?: InviteWay } {
  const way = keptInviteWay(request.inviterId);
  return way ? { ...request, way } : request;
}
