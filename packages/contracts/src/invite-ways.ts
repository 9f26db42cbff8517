/**
 * The ways a person comes to an invitation, as her funnel counts them (docs/invite-funnel.md): her
 * short link opened (`link`), its QR code scanned (`qr`), a link preview's card opened where the
 * preview follows the page's `og:url` (`card`), or the invitation page's own address (`plain`).
 * The first three reach the page with `?via=` (INVITE_WAY_PARAM); `plain` carries no marker.
 */

export const INVITE_WAYS = ['link', 'qr', 'plain', 'card'] as const;
export type InviteWay = (typeof INVITE_WAYS)[number];

/** The invitation page's (and the sign-up pages') query parameter that carries the way in. */
export const INVITE_WAY_PARAM = 'via';

/** The ways a page's address marks; `plain` is the address with none. */
export const MARKED_INVITE_WAYS: readonly InviteWay[] = ['link', 'qr', 'card'];

export function isInviteWay(value: unknown): value is InviteWay {
  return typeof value === 'string' && (INVITE_WAYS as readonly string[]).includes(value);
}

/** The way a page's `via` value names: a marked way, else `plain` (no marker, or one we never make). */
export function inviteWayOfMarker(marker: string | null | undefined): InviteWay {
  return MARKED_INVITE_WAYS.find((way) => way === marker) ?? 'plain';
}

/** `url` with the way's marker: unchanged for `plain`. */
export function withInviteWay(url: string, way: InviteWay): string {
  if (way === 'plain') return url;
  const parsed = new URL(url);
  parsed.searchParams.set(INVITE_WAY_PARAM, way);
  return parsed.href;
}
