/**
 * The link previews of the server-rendered pages (Open Graph and Twitter tags): what WhatsApp,
 * Telegram, Slack and the others show of a shared link before anyone opens it. The invitation and
 * the short link show the inviter's own card (docs/invite-card.md); the front door the product's.
 */
import type { TFunction } from 'i18next';
import type { InviterCard } from '@dayfocus/contracts/answers';
import { escapeHtml } from '@dayfocus/contracts/html';
import { INVITE_CARD_IMAGE, inviteCardUrl } from '@dayfocus/contracts/invite-card';
import type { WebPageInput } from '@dayfocus/contracts/web-page';
import { href } from '@dayfocus/contracts/page-paths';
import { withInviteWay } from '@dayfocus/contracts/invite-ways';
import { meta, ogLocaleOf } from './page-head';

/** A link preview's picture (Open Graph and Twitter tags): its address, size, type and words. */
export function previewImageTags(image: { url: string; alt: string; sized: boolean }) {
  return [
    meta('property', 'og:image', image.url),
    ...(image.sized
      ? [
          meta('property', 'og:image:width', String(INVITE_CARD_IMAGE.width)),
          meta('property', 'og:image:height', String(INVITE_CARD_IMAGE.height)),
          meta('property', 'og:image:type', INVITE_CARD_IMAGE.type),
        ]
      : []),
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:image', image.url),
    meta('name', 'twitter:image:alt', image.alt),
  ];
}

/** The inviter's own invite card, in `language`, on the product's domain (@dayfocus/contracts/invite-card). */
function inviteCardImage(t: TFunction, productDomain: string, inviter: InviterCard, language: string) {
  return {
    url: inviteCardUrl(productDomain, inviter, language),
    alt: t('invitation.previewTitle', { name: inviter.name }),
    sized: true,
  };
}

/**
 * The link preview of an invitation, with the inviter's card in the page's language (WhatsApp,
 * Telegram and the others show a raster picture of at least 300 px and at most about 300 KB, which
 * her own picture may not be); for an unknown inviter, noindex and the product's preview.
 */
export function previewTags(t: TFunction, language: string, input: WebPageInput, inviter: InviterCard | null) {
  if (!inviter) return [meta('name', 'robots', 'noindex'), ...productPreviewTags(t, language, input)];
  const previewTitle = t('invitation.previewTitle', { name: inviter.name });
  const description = t('invitation.needsHelp', { name: inviter.name });
  const url = `${input.productDomain}${href('invitation', { inviterId: inviter.inviterId, lg: language })}`;
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    // A preview that follows og:url opens the invitation marked as the card's way in; the canonical
    // address stays unmarked (docs/invite-funnel.md, "Ways in").
    ...siteTags(t, previewTitle, description, withInviteWay(url, 'card')),
    meta('property', 'og:locale', ogLocaleOf(language)),
    ...previewImageTags(inviteCardImage(t, input.productDomain, inviter, language)),
  ];
}

/** What every preview says of the site and the page. */
export function siteTags(t: TFunction, title: string, description: string, url: string) {
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', t('app.name')),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
  ];
}

/**
 * A preview of the product rather than of an invitation, its words and its picture: the front
 * door's, and an unknown inviter's link.
 */
export function productPreviewTags(t: TFunction, language: string, input: WebPageInput) {
  const url = `${input.productDomain}/`;
  return [
    ...siteTags(t, `${t('home.title')} · ${t('app.name')}`, t('product.about'), url),
    meta('property', 'og:locale', ogLocaleOf(language)),
    ...previewImageTags({ url: input.productImageUrl, alt: t('app.name'), sized: false }),
  ];
}
