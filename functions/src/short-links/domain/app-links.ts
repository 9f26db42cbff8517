/** Short links: our replacement for Firebase Dynamic Links (docs/short-links.md). */
import { brand } from '@dayfocus/contracts/brand';
import { isDocumentId } from '@dayfocus/contracts/ids';
import { playStoreUrlFor } from '@dayfocus/contracts/link-paths';
import { isCrawler, phoneOf, type Phone } from '@dayfocus/contracts/phones';
import type { InviteLinkLevers } from '@dayfocus/contracts/invite-links';
import type { LinkSettings } from '../../platform/domain/link-settings.js';

/** 64 URL-safe symbols, so one random byte masked to 6 bits picks one without bias. */
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** 10 symbols of 6 bits: 2^60 codes, far beyond enumeration. */
export const LINK_CODE_LENGTH = 10;
/** A random code; never one of Firestore's reserved `__…__` ids (a chance of 1 in 64^4, drawn again). */
export function newLinkCode(randomBytes: (size: number) => Uint8Array): string {
  for (;;) {
    let code = '';
    for (const byte of randomBytes(LINK_CODE_LENGTH)) code += CODE_ALPHABET[byte & 63];
    if (isDocumentId(code)) return code;
  }
}

export function shortLinkFor(settings: Pick<LinkSettings, 'linkOrigin'>, code: string): string {
  return `${settings.linkOrigin}/l/${code}`;
}

/**
 * A link's target, as the original specification gives it (docs/short-links.md): the product
 * domain with a `userId` query parameter naming the inviter.
 */
export function linkTargetFor(settings: Pick<LinkSettings, 'productDomain'>, inviterId: string): string {
  const url = new URL('/', settings.productDomain);
  url.searchParams.set('userId', inviterId);
  return url.href;
}

/** Only http(s) targets are ever sent anywhere; a stored value that is not one is refused. */
export function isSafeTarget(target: unknown): target is string {
  if (typeof target !== 'string') return false;
  try {
    const url = new URL(target);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

export function customSchemeUrl(target: string): string {
  return `${brand.shortName}://open?link=${encodeURIComponent(target)}`;
}

/** Chrome's intent link: the custom scheme's URL in the app when it is installed, else `playStoreUrl`. */
export function androidIntentUrl(target: string, playStoreUrl: string): string {
  return (
    `intent://open?link=${encodeURIComponent(target)}` +
    `#Intent;scheme=${brand.shortName};package=${brand.appIdentifier};` +
    `S.browser_fallback_url=${encodeURIComponent(playStoreUrl)};end`
  );
}

export type LinkAnswer =
  | {
      kind: 'invite';
      /** A short link's page has one primary action, for the phone; none: the desktop's page. */
      phone: Phone | undefined;
      inviterId: string;
      /** What the iPhone page copies, and the QR code's content. */
      shortLink: string;
      /** Opens the app with the target: Chrome's `intent:` URL on Android, `dayfocus://open?link=` elsewhere. */
      appUrl: string;
      appStoreUrl: string;
      /** Google Play with the invite as install referrer. */
      playStoreUrl: string;
      /** For crawlers. */
      preview?: { title: string; description: string; imageUrl: string };
    }
  | { kind: 'not-found' };

/**
 * How long an instance keeps what it read of a link (its record, its owner's, whether its inviter
 * has a public face). A link retired by hand (docs/short-links.md) stops resolving within this, and
 * within this plus what a CDN may keep of an answer that names a link (`/app-link/{uid}`, the QR
 * code): under a minute in all (retired-links.test.ts holds the sum). A popular link then costs a
 * few reads every 10 s per instance, against a write for every open it counts.
 */
export const LINK_KEEP_MS = 10_000;

/**
 * A link she made for one chat (createInviteLink): served until she retires it. Her own link is
 * served while her owner record names it.
 */
export function isChatLink(link: Pick<AppLinkRecord, 'kind'>): boolean {
  return link.kind === 'chat';
}

/** Whether a stored link's `inviterId` can name a user (the record is data: checked, not trusted). */
export function isLinkInviter(inviterId: unknown): inviterId is string {
  return typeof inviterId === 'string' && isDocumentId(inviterId);
}

export interface ServedLink {
  code: string;
  inviterId: string;
  target: string;
}

/**
 * A stored link as it may be served, or null. It is served only while its owner record names it
 * (clearing the owner's code retires it) and its inviter has a public face (invites/domain/inviters.ts).
 * The target is made again from the configuration and the inviter, never taken from the record:
 * a target written there by anyone else (or before the product domain moved) sends nobody anywhere.
 */
export function servedLink(
  link: Pick<AppLinkRecord, 'code' | 'inviterId' | 'kind' | 'retiredAt'> | null,
  facts: { ownerNamesIt: boolean; inviterIsPublic: boolean },
  settings: Pick<LinkSettings, 'productDomain'>,
): ServedLink | null {
  if (!link || !isLinkInviter(link.inviterId) || !facts.inviterIsPublic) return null;
  if (!(isChatLink(link) ? !link.retiredAt : facts.ownerNamesIt)) return null;
  return { code: link.code, inviterId: link.inviterId, target: linkTargetFor(settings, link.inviterId) };
}

/**
 * What a visitor of a short link gets: the page for their device, whose app URLs carry only the
 * served target and whose store URLs are the configured ones. Every visitor gets a page (a
 * desktop too: the QR code to scan with the phone, and the inviter's invitation on the web). A
 * link preview's crawler holds no phone (`phoneOf`) and gets the desktop's page with the preview.
 */
export function answerForLink(
  link: ServedLink | null,
  userAgent: string | undefined,
  settings: LinkSettings,
): LinkAnswer {
  if (!link || !isSafeTarget(link.target)) return { kind: 'not-found' };
  const phone = phoneOf(userAgent);
  const playStoreUrl = playStoreUrlFor(settings.playStoreUrl, link.code);
  return {
    kind: 'invite',
    phone,
    inviterId: link.inviterId,
    shortLink: shortLinkFor(settings, link.code),
    appUrl: phone === 'android' ? androidIntentUrl(link.target, playStoreUrl) : customSchemeUrl(link.target),
    appStoreUrl: settings.appStoreUrl,
    playStoreUrl,
    ...(isCrawler(userAgent)
      ? {
          preview: {
            title: brand.linkTitle,
            description: brand.linkDescription,
            imageUrl: settings.productImageUrl,
          },
        }
      : {}),
  };
}

/** Paths of our domain the apps claim (universal links / verified app links). */
export const APP_LINK_PATHS = ['/l/*', '/welcome/*'] as const;

/**
 * /.well-known/apple-app-site-association: universal links for the paths above, and
 * `webcredentials`, which lets the same app offer the passwords saved on this domain
 * (docs/signed-in-on-arrival.md, section 5).
 */
export function appleAppSiteAssociation(settings: Pick<LinkSettings, 'appleTeamId'>) {
  const appID = `${settings.appleTeamId}.${brand.appIdentifier}`;
  return {
    applinks: {
      apps: [] as string[],
      details: [
        {
          appID,
          appIDs: [appID],
          paths: [...APP_LINK_PATHS],
          components: APP_LINK_PATHS.map((path) => ({ '/': path })),
        },
      ],
    },
    webcredentials: { apps: [appID] },
  };
}

/**
 * /.well-known/assetlinks.json: lets com.dayfocus.app verify its https links on our domain
 * (`handle_all_urls`), and use the sign-ins saved on it (`get_login_creds`: Credential Manager
 * offers the app the passwords saved for the site; docs/signed-in-on-arrival.md, section 5).
 */
export function androidAssetLinks(settings: Pick<LinkSettings, 'androidCertFingerprints'>) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
      target: {
        namespace: 'android_app',
        package_name: brand.appIdentifier,
        sha256_cert_fingerprints: settings.androidCertFingerprints,
      },
    },
  ];
}

/** A short link as stored in `_appLinks/{code}`; a link of hers for one chat keeps its levers on it. */
export interface AppLinkRecord extends InviteLinkLevers {
  code: string;
  inviterId: string;
  target: string;
  createdAt: string;
  updatedAt: string;
  /*
   * A link made before the shards may still hold `opens`, `opensBy` and `lastOpenedAt` of its
   * own: kept as written, neither read nor written (docs/short-links.md).
   */
}
