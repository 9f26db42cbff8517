import type { InviterCard } from '@dayfocus/contracts/answers';
import { href } from '@dayfocus/contracts/page-paths';
import { inviteCardUrl } from '@dayfocus/contracts/invite-card';
import type { LinkPageContent } from '@dayfocus/contracts/link-page';
import type { Phone } from '@dayfocus/contracts/phones';
import { withInviteWay, type InviteWay } from '@dayfocus/contracts/invite-ways';
import { INVITE_LINK_PARAM } from '@dayfocus/contracts/invite-links';
import type { LinkAnswer } from './app-links.js';
import type { OpenSource } from './open-count.js';
import type { LinkSettings } from '../../platform/domain/link-settings.js';

/**
 * As sent: the web renderer decides the page's language from it and Accept-Language
 * (`pageLanguage`), by the rule of every page it draws.
 */
export function queryLanguageOf(rawUrl: string): string | undefined {
  return new URL(rawUrl, 'http://localhost').searchParams.get('lg') ?? undefined;
}

/**
 * "Continue on the web": her invitation, marked with the way in (`link`, or `qr` for an open
 * through the link's QR code) that her funnel counts the visit's view and sign-up under, and with
 * the link's code (INVITE_LINK_PARAM): its door then holds the sign-up, and it still admits once
 * she replaced the address that names only her uid (invites/domain/link-door.ts).
 */
export function invitationUrlFor(
  settings: Pick<LinkSettings, 'productDomain'>,
  inviterId: string,
  language: string,
  way: InviteWay = 'link',
  code?: string,
): string {
  const url = new URL(
    withInviteWay(new URL(href('invitation', { inviterId, lg: language }), settings.productDomain).href, way),
  );
  if (code) url.searchParams.set(INVITE_LINK_PARAM, code);
  return url.href;
}

/** A short link's code: its path's last segment. */
function codeOf(shortLink: string): string {
  const path = new URL(shortLink).pathname;
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The way in a short link's open passes on to her invitation: `qr` for its QR code's tag. */
export function wayOfOpen(source: OpenSource): InviteWay {
  return source === 'qr' ? 'qr' : 'link';
}

/**
 * An invite whose inviter has no card (she lost her public face between the link's read and this
 * one) is the unknown link's page, as the link itself would be.
 */
export function linkPageContent(
  answer: LinkAnswer,
  context: {
    inviter: InviterCard | null;
    phone: Phone | undefined;
    language: string;
    settings: LinkSettings;
    way?: InviteWay;
  },
): LinkPageContent {
  const { inviter, settings } = context;
  if (answer.kind === 'not-found' || !inviter) {
    return {
      kind: 'not-found',
      phone: context.phone,
      appStoreUrl: settings.appStoreUrl,
      playStoreUrl: settings.playStoreUrl,
    };
  }
  return {
    kind: 'invite',
    phone: answer.phone,
    inviter,
    shortLink: answer.shortLink,
    appUrl: answer.appUrl,
    appStoreUrl: answer.appStoreUrl,
    playStoreUrl: answer.playStoreUrl,
    qrCodePath: `${new URL(answer.shortLink).pathname}/qr.svg`,
    invitationUrl: invitationUrlFor(
      settings,
      answer.inviterId,
      context.language,
      context.way,
      codeOf(answer.shortLink),
    ),
    ...(answer.preview
      ? { preview: { imageUrl: inviteCardUrl(settings.productDomain, inviter, context.language) } }
      : {}),
  };
}

/**
 * A short link's page's policy: its stylesheet and script under the response's nonce; or, given
 * the stylesheet's hash, a page with no script that the CDN may keep for everyone alike.
 */
export function pageSecurityPolicy(source: { nonce: string } | { styleHash: string }): string {
  const [style, script] = 'nonce' in source ? Array(2).fill(`'nonce-${source.nonce}'`) : [source.styleHash, "'none'"];
  return [
    "default-src 'none'",
    `style-src 'self' ${style}`,
    `script-src ${script}`,
    "img-src 'self' https: data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
