import type { InviterCard } from '@dayfocus/contracts/answers';
import type { LinkPageRenderer } from '@dayfocus/contracts/link-page';
import { linkRequestFromPath, visitorOf, type Visitor } from '@dayfocus/contracts/link-paths';
import { phoneOf } from '@dayfocus/contracts/phones';
import { spokenCodeOf } from '@dayfocus/contracts/spoken-codes';
import { INVITATION_REPLACED_DETAILS } from '@dayfocus/contracts/invite-controls';
import { isLinkCode } from '@dayfocus/contracts/ids';
import {
  answerForLink,
  appleAppSiteAssociation,
  androidAssetLinks,
  isChatLink,
  isLinkInviter,
  linkTargetFor,
  newLinkCode,
  servedLink,
  shortLinkFor,
  type LinkAnswer,
  type ServedLink,
} from '../domain/app-links.js';
import { FlowError } from '../../platform/domain/errors.js';
import { methodNotAllowed, type HttpAnswer } from '../../platform/domain/http-answer.js';
import { linkPageContent, pageSecurityPolicy, queryLanguageOf, wayOfOpen } from '../domain/link-pages.js';
import { qrCodeSvg } from '../domain/link-qr.js';
import type { LinkSettings } from '../../platform/domain/link-settings.js';
import { openSourceOf, type OpenSource } from '../domain/open-count.js';
import type { AppLinkLinks, InviteLinkRecords, InviterLookup, SpokenCodeLimiter } from './ports.js';
import { type Logger } from '../../platform/flows/ports.js';
import { ownPathOf } from '../../platform/domain/own-path.js';
import { isPreview } from '../../platform/domain/previews.js';
import type { HttpRequest } from '../../platform/domain/http-request.js';

export interface AppLinkFlowDeps {
  /** Who has a public face, asked afresh: making a link. */
  inviters: InviterLookup;
  /**
   * The inviter's card (cleaned name, picture) when she has a public face, kept in the instance
   * for LINK_KEEP_MS at most (wiring.ts): serving a link, which every open does, names her.
   */
  keptInviters: { card(inviterId: string): Promise<InviterCard | null> };
  renderer: () => LinkPageRenderer;
  links: AppLinkLinks;
  /** The link a spoken code names. */
  spokenCodes: Pick<InviteLinkRecords, 'codeOfSpoken'>;
  /** How many spoken codes a client may look up. */
  spokenTries: SpokenCodeLimiter;
  logger: Logger;
  /** Read per call: params are only known at run time. Throws LinkSettingsError. */
  settings: () => LinkSettings;
  randomBytes: (size: number) => Uint8Array;
  now: () => Date;
}

export type LinkVisit = HttpRequest;

const NO_STORE = 'private, no-store';

/**
 * The QR code of a link is kept by Hosting's CDN for 30 s (browsers ask it each time): it encodes
 * only `{linkOrigin}/l/{code}`, and a code never changes hands, but a link retired by hand must
 * stop being shown within a minute, with the instance's LINK_KEEP_MS before it. Opens are
 * counted on the link, not its QR code, so nothing is lost when the CDN answers instead.
 */
const QR_CACHE = 'public, max-age=0, s-maxage=30';

export class AppLinkFlow {
  constructor(private readonly deps: AppLinkFlowDeps) {}

  /**
   * "I already have an account": the link whose page this is (`link`), when it is a link of hers
   * that resolves; else her own link, made on first use, unless she replaced it: then a page that
   * names only her uid hands out no link (docs/inviter-view.md, "A renewal closes the door").
   */
  async createAppLink(inviterId: string, link?: string): Promise<{ shortLink: string }> {
    const settings = this.deps.settings();
    const named = link ? await this.linkOf(link) : null;
    if (named && named.inviterId === inviterId) return { shortLink: shortLinkFor(settings, named.code) };
    const [inviter, renewedAt] = await Promise.all([
      this.deps.inviters.publicInviter(inviterId),
      this.deps.links.renewedAt(inviterId),
    ]);
    if (!inviter) throw new FlowError('not-found', 'No inviter with this id');
    if (renewedAt) {
      throw new FlowError(
        'failed-precondition',
        'This invitation link was replaced: ask the person who invited you for the new one',
        INVITATION_REPLACED_DETAILS,
      );
    }
    const target = linkTargetFor(settings, inviterId);
    const code = await this.deps.links.ensureOwnLink({
      inviterId,
      target,
      now: this.deps.now().toISOString(),
      newCode: () => newLinkCode(this.deps.randomBytes),
    });
    return { shortLink: shortLinkFor(settings, code) };
  }

  /** A new short link for her, in place of her old one, which then answers a page that names no one. */
  async renewAppLink(inviterId: string): Promise<{ shortLink: string }> {
    const settings = this.deps.settings();
    const inviter = await this.deps.inviters.publicInviter(inviterId);
    if (!inviter) throw new FlowError('not-found', 'No inviter with this id');
    const code = await this.deps.links.renewOwnLink({
      inviterId,
      target: linkTargetFor(settings, inviterId),
      now: this.deps.now().toISOString(),
      newCode: () => newLinkCode(this.deps.randomBytes),
    });
    return { shortLink: shortLinkFor(settings, code) };
  }

  /**
   * The inviter's short link if it was made before, or null: reads only, and no check that the
   * inviter exists, so it is for a caller that knows it (activation, once the join has read the
   * inviter).
   */
  async existingLink(inviterId: string): Promise<{ shortLink: string } | null> {
    const settings = this.deps.settings();
    const code = await this.deps.links.findOwnLink(inviterId, linkTargetFor(settings, inviterId));
    return code ? { shortLink: shortLinkFor(settings, code) } : null;
  }

  /**
   * The link of a code as it may be served (domain/app-links.ts, servedLink), or null: for a code
   * nobody has, a link retired by hand, or one whose inviter has no public face.
   */
  async linkOf(code: string): Promise<ServedLink | null> {
    return (await this.servedLinkOf(code))?.link ?? null;
  }

  /**
   * What the app read or a person typed: a link's code, or else a spoken code in any of the ways a
   * person types it (contracts' spoken-codes.ts). Null as linkOf.
   */
  async linkOfTyped(typed: string, client: string): Promise<ServedLink | null> {
    const direct = isLinkCode(typed) ? await this.linkOf(typed) : null;
    if (direct) return direct;
    const spoken = spokenCodeOf(typed);
    if (!spoken) return null;
    // A spoken code is short enough to guess at: each client's tries are bounded.
    if (!(await this.deps.spokenTries.take(client))) {
      throw new FlowError('resource-exhausted', 'Too many codes tried: try again in an hour');
    }
    const code = await this.deps.spokenCodes.codeOfSpoken(spoken);
    return code ? this.linkOf(code) : null;
  }

  private async servedLinkOf(code: string): Promise<{ link: ServedLink; inviter: InviterCard } | null> {
    const link = await this.deps.links.findByCode(code);
    if (!link || !isLinkInviter(link.inviterId)) return null;
    // A link for one chat is hers until she retires it; her own link, while her record names it.
    const [ownerNamesIt, inviter] = await Promise.all([
      isChatLink(link) ? false : this.deps.links.namesCode(link.inviterId, link.code),
      this.deps.keptInviters.card(link.inviterId),
    ]);
    const served = servedLink(link, { ownerNamesIt, inviterIsPublic: inviter !== null }, this.deps.settings());
    return served && inviter ? { link: served, inviter } : null;
  }

  /**
   * GET /l/{code}: the link's page for this visitor's device; GET /l/{code}/qr.svg: the link's QR
   * code. Unknown or malformed codes, retired links and links of inviters without a public face
   * get the unknown link's page (404). `?lg=` (the page's language switch) picks the language.
   */
  async openAppLink(visit: LinkVisit): Promise<HttpAnswer> {
    if (visit.method !== 'GET' && visit.method !== 'HEAD') return methodNotAllowed('GET, HEAD');
    const settings = this.deps.settings();
    const visitor = visitorOf(visit.userAgent);
    const request = linkRequestFromPath(visit.rawUrl);
    const served = request ? await this.servedLinkOf(request.code) : null;
    const link = served?.link ?? null;
    if (request?.resource === 'qr') {
      // Showing the QR code is not an open: nothing is counted.
      if (!link) return this.pageAnswer({ kind: 'not-found' }, null, visit);
      // Tagged, so that a scan counts as `qr` and her invitation counts it as the QR's way in.
      return this.qrCodeAnswer(`${shortLinkFor(settings, link.code)}?src=qr`);
    }
    const answer = answerForLink(link, visit.userAgent, settings);

    // The count is started here, while the request still holds the CPU, and not awaited: the
    // answer goes out at once and carries the write as `pending` for the function to finish
    // after sending. A failed or slow count never costs the visitor the link, nor any time.
    // The source only counts: the answer is the same with or without it. A reload by the page's
    // own language switch (`?lg=`) is the same visit, not another open. A preview (a HEAD, a
    // prefetch, a crawler) gets the page but is no open: the count is of people.
    const switched = new URL(visit.rawUrl, 'http://localhost').searchParams.has('lg');
    const counted = answer.kind !== 'not-found' && link && visit.method === 'GET' && !switched && !isPreview(visit);
    const page = this.pageAnswer(answer, served?.inviter ?? null, visit);
    if (!counted) return page;
    const pending = this.countOpen(link.code, visitor, openSourceOf(visit.rawUrl));
    return { ...(await page), pending };
  }

  /** Never rejects: a lost count is logged, not raised. */
  private async countOpen(code: string, visitor: Visitor, source: OpenSource): Promise<void> {
    try {
      await this.deps.links.countOpen(code, visitor, source, this.deps.now().toISOString());
    } catch (error) {
      this.deps.logger.warn('Counting a short-link open failed', {
        code,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private async qrCodeAnswer(shortLink: string): Promise<HttpAnswer> {
    return {
      status: 200,
      headers: {
        'content-type': 'image/svg+xml',
        'cache-control': QR_CACHE,
        // An SVG opened on its own is a document: it may load and run nothing.
        'content-security-policy': "default-src 'none'",
        'x-content-type-options': 'nosniff',
      },
      body: await qrCodeSvg(shortLink),
    };
  }

  private async pageAnswer(answer: LinkAnswer, inviter: InviterCard | null, visit: LinkVisit): Promise<HttpAnswer> {
    const settings = this.deps.settings();
    const renderer = this.deps.renderer();
    const language = renderer.pageLanguage({
      queryLanguage: queryLanguageOf(visit.rawUrl),
      acceptLanguage: visit.acceptLanguage,
    });
    const content = linkPageContent(answer, {
      inviter,
      phone: phoneOf(visit.userAgent),
      language,
      settings,
      way: wayOfOpen(openSourceOf(visit.rawUrl)),
    });
    const nonce = Buffer.from(this.deps.randomBytes(16)).toString('base64');
    // The path as a browser reads it: the page's links are made of it, and a path that resolves to
    // another host (`/l/%2e%2e//evil.example/…`, its dots resolved by Hosting) must not become one.
    const path = ownPathOf(visit.rawUrl) ?? '/';
    const page = await renderer.renderLinkPage({ content, path, language, nonce });
    return {
      status: page.status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-language': page.language,
        'cache-control': NO_STORE,
        vary: 'User-Agent, Accept-Language',
        'content-security-policy': pageSecurityPolicy({ nonce }),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      },
      body: page.html,
    };
  }

  appAssociation(path: string): HttpAnswer {
    const json = (value: unknown): HttpAnswer => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' },
      body: JSON.stringify(value, null, 2),
    });
    const cleanPath = path.split('?', 1)[0];
    if (cleanPath === '/.well-known/apple-app-site-association')
      return json(appleAppSiteAssociation(this.deps.settings()));
    if (cleanPath === '/.well-known/assetlinks.json') return json(androidAssetLinks(this.deps.settings()));
    return {
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: 'not found' }),
    };
  }
}
