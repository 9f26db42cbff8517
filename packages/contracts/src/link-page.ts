/**
 * The pages of a short link (`/l/{code}`, docs/short-links.md): the contract between the HTTP
 * function that answers a visit (functions/src/short-links/flows/app-link-flow.ts) and the web app's server
 * renderer (apps/web/src/server/renderer.tsx), which draws them with the app's own components and
 * stylesheet. The function decides what a visitor gets; the renderer only draws it.
 */
import type { InviterCard } from './answers.js';
import type { Phone } from './phones.js';

export type LinkPageContent =
  | {
      /** A link that resolves, for a phone or a desktop; `preview` adds the link-preview tags (crawlers). */
      kind: 'invite';
      /** The phone it is drawn for, whose one primary action it has; none: a desktop's page (a crawler's too). */
      phone: Phone | undefined;
      inviter: InviterCard;
      /** `{linkOrigin}/l/{code}`: what the iPhone's copy button copies, and the QR code's content. */
      shortLink: string;
      /** Opens the app: `dayfocus://…` (iPhone, desktop) or Chrome's `intent:` URL (Android). */
      appUrl: string;
      appStoreUrl: string;
      /** Google Play, with the invite as the install referrer. */
      playStoreUrl: string;
      /** The path of the link's QR code (`/l/{code}/qr.svg`). */
      qrCodePath: string;
      /** The inviter's invitation in the page's language: "Continue on the web". */
      invitationUrl: string;
      /** For a link preview's crawler: the preview's tags, naming the inviter, over her invite card. */
      preview?: { imageUrl: string };
    }
  | {
      /** An unknown, malformed or retired link: what to do instead, and the app for the device. */
      kind: 'not-found';
      phone: Phone | undefined;
      appStoreUrl: string;
      playStoreUrl: string;
    };

export interface LinkPageInput {
  content: LinkPageContent;
  /** The path the page answers (no query): the language switch links to it with `?lg=`. */
  path: string;
  /** The page's language, as `pageLanguage` chose it. */
  language: string;
  /**
   * The nonce of the page's stylesheet and script, under the function's Content-Security-Policy;
   * none on a page the CDN keeps for everyone (its stylesheet then goes by its hash).
   */
  nonce?: string;
}

export interface LinkPageOutput {
  status: 200 | 404;
  html: string;
  /** The language the page is in (the wanted one when offered, else English). */
  language: string;
}

/** What a page's language is chosen from: the address's `?lg=`, and the browser's Accept-Language. */
export interface PageLanguageRequest {
  queryLanguage?: string;
  acceptLanguage?: string;
}

/** What the renderer (`functions/lib/web/invitation-renderer.cjs`) exports for these pages. */
export interface LinkPageRenderer {
  /**
   * The language of a page (every server-drawn page's rule, the app's pages alike): the asked one
   * when offered, else the first offered one the browser accepts, else English.
   */
  pageLanguage(request: PageLanguageRequest): string;
  renderLinkPage(input: LinkPageInput): Promise<LinkPageOutput>;
}
