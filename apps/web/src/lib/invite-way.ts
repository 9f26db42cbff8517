/**
 * How the person came to the invitation (@dayfocus/contracts/invite-ways): the invitation page's
 * `?via=` (her short link, its QR code, a preview's card) or none (`plain`). The page keeps it for
 * this tab, by inviter, as the path keeps the inviter; the sign-up's call sends it once, and her
 * funnel counts the view, the sign-up and what follows under it (docs/invite-funnel.md).
 */
import { INVITE_WAY_PARAM, inviteWayOfMarker, isInviteWay, type InviteWay } from '@dayfocus/contracts/invite-ways';
import { INVITE_LINK_PARAM, inviteLinkOf } from '@dayfocus/contracts/invite-links';

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
export function viewBeaconPath(pathname: string, way: InviteWay, link?: string): string {
  // The link the page came through counts the view for its own numbers too (when it is hers).
  const query = [
    ...(way === 'plain' ? [] : [`${INVITE_WAY_PARAM}=${way}`]),
    ...(link ? [`${INVITE_LINK_PARAM}=${link}`] : []),
  ];
  return query.length === 0 ? pathname : `${pathname}?${query.join('&')}`;
}

const linkKeyOf = (inviterId: string) => `dayfocus.inviteLink.${inviterId}`;

/**
 * The link the invitation page came through (`?link=`, INVITE_LINK_PARAM), kept for this tab by
 * inviter as the way is: each sign-up sends it, and it is what admits her once she replaced the
 * address that names only her uid (docs/inviter-view.md). A page without one forgets an older one.
 */
export function keepInviteLink(inviterId: string, search: string): string | undefined {
  const link = inviteLinkOf(`/?${search.replace(/^\?/, '')}`);
  try {
    if (link) sessionStorage.setItem(linkKeyOf(inviterId), link);
    else sessionStorage.removeItem(linkKeyOf(inviterId));
  } catch {
    // No storage: the sign-up then names no link, as a page reached by her uid alone.
  }
  return link;
}

export function keptInviteLink(inviterId: string): string | undefined {
  try {
    return sessionStorage.getItem(linkKeyOf(inviterId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A sign-up call's `way` and `link`, only when known: a field sent as undefined would arrive as null. */
export function withKeptWay<T extends { inviterId: string }>(request: T): T & { way?: InviteWay; link?: string } {
  const way = keptInviteWay(request.inviterId);
  const link = keptInviteLink(request.inviterId);
  return { ...request, ...(way ? { way } : {}), ...(link ? { link } : {}) };
}
