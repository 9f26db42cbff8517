/**
 * The pages the server renders for the web app, and its redirects: answered by a function so that
 * the invitation's first HTML already names the inviter (for the visitor, and for the link-preview
 * crawlers of WhatsApp, iMessage, Telegram and Slack), every page shows before any script, and "I
 * already have an account" works without JavaScript. docs/invitation-page.md.
 *
 * Which path is which, and how each is answered, is the contracts' route table (`pageRoutes`): a
 * page added there is rendered and cached like the others without a line here.
 */
import {
  APP_LINK_REDIRECT_CACHE_CONTROL,
  CANONICAL_REDIRECT_CACHE_CONTROL,
  INVITATION_CACHE_CONTROL,
  UNKNOWN_INVITER_CACHE_CONTROL,
  type WebPageRenderer,
} from '@dayfocus/contracts/web-page';
import type { InviterCard } from '@dayfocus/contracts/answers';
import type { LinkPageRenderer } from '@dayfocus/contracts/link-page';
import { href } from '@dayfocus/contracts/page-paths';
import { INVITE_WAY_PARAM, inviteWayOfMarker, type InviteWay } from '@dayfocus/contracts/invite-ways';
import { isInvitationReplacedRefusal } from '@dayfocus/contracts/invite-controls';
import { INVITE_LINK_PARAM, inviteLinkOf } from '@dayfocus/contracts/invite-links';
import { FlowError } from '../../platform/domain/errors.js';
import { linkPageContent, pageSecurityPolicy, queryLanguageOf } from '../../short-links/domain/link-pages.js';
import type { InlineRenderer } from '../domain/inline-sources.js';
import { pageAgain, renderedPage, type PageAsked } from './rendered-page.js';
import { WelcomePageFlow, type WelcomePageDeps } from './welcome-page-flow.js';
import { ProviderRedirectFlow } from './provider-redirect-flow.js';
import type { ProviderClients } from '../domain/provider-redirect.js';
import { ownPathOf, splitRawUrl } from '../../platform/domain/own-path.js';
import { pageRouteOf, type PageRoute } from '../domain/page-route.js';
import { isPreview } from '../../platform/domain/previews.js';

import type { LinkSettings } from '../../platform/domain/link-settings.js';
import type { HttpAnswer } from '../../platform/domain/http-answer.js';
import type { Logger } from '../../platform/flows/ports.js';
import type { HttpRequest } from '../../platform/domain/http-request.js';

export interface PageFlowDeps extends Pick<WelcomePageDeps, 'activate' | 'confirmLimits' | 'confirmedBefore'> {
  /**
   * The inviter's card, or null for nobody, for a page asked for as `asked`: kept by her id, never
   * by a header (KeptPageInviters), so that a header value the CDN has no copy for costs no read.
   */
  findInviter(inviterId: string, asked: PageRequest): Promise<InviterCard | null>;
  /** The inviter's short link (found or made); throws FlowError `not-found` for nobody. */
  createAppLink(inviterId: string, link?: string): Promise<{ shortLink: string }>;
  renderer(): WebPageRenderer & LinkPageRenderer & InlineRenderer;
  settings(): LinkSettings;
  /** The headers every page answer carries (security headers, the CSP). */
  pageHeaders: Record<string, string>;
  /** `way`: the page's way in, as its beacon's query said it (the page's own, invite-ways.ts). */
  /** `link`: the link the page came through, as the beacon names it (counted only if it is hers). */
  countView(inviterId: string, way: InviteWay, link: string | undefined): Promise<void>;
  /** One document read: the view beacon's only check. */
  inviterExists(inviterId: string): Promise<boolean>;
  nonce(): string;
  /** The providers whose sign-in the server starts (provider-redirect-flow.ts). */
  signInClients(): ProviderClients;
  randomBytes(size: number): Buffer;
  logger: Logger;
}

export type PageRequest = HttpRequest;

export class PageFlow {
  private readonly welcomePages: WelcomePageFlow;
  private readonly signIns: ProviderRedirectFlow;

  constructor(private readonly deps: PageFlowDeps) {
    this.welcomePages = new WelcomePageFlow(deps);
    this.signIns = new ProviderRedirectFlow({
      clients: () => deps.signInClients(),
      productDomain: () => deps.settings().productDomain,
      randomBytes: (size) => deps.randomBytes(size),
      logger: deps.logger,
    });
  }

  async answer(request: PageRequest): Promise<HttpAnswer> {
    const path = ownPathOf(request.rawUrl);
    // A path a browser reads as another host names no page of ours; nothing is made of it (the
    // unknown page's language switch gets the front door's path).
    if (path === null) return this.unknownPath(request, '/');
    const route = pageRouteOf(path);
    if (route.kind === 'sign-in-start') return this.signIns.start(request);
    if (route.kind === 'sign-in-return') return this.signIns.finish(request);
    if (request.method === 'POST') {
      if (route.kind === 'welcome') return this.welcomePages.answer(route, request);
      return route.kind === 'page' && route.post === 'page-again'
        ? pageAgain(request.rawUrl)
        : this.view(route, request);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return { status: 405, headers: { allow: 'GET, HEAD, POST', 'cache-control': 'no-store' }, body: '' };
    }
    const { rawUrl } = request;
    switch (route.kind) {
      case 'email-action':
        return this.emailAction(rawUrl);
      case 'app-link': {
        // The link whose page it was ("I already have an account" on a link's page), kept alone.
        const link = inviteLinkOf(rawUrl);
        const query = link ? new URLSearchParams({ [INVITE_LINK_PARAM]: link }).toString() : '';
        return this.elsewhere(path, rawUrl, query) ?? this.appLink(route.inviterId, link);
      }
      case 'welcome':
        return this.welcomePages.answer(route, request);
      case 'page':
        return this.canonical(path, rawUrl) ?? this.page(request, route);
      case 'unknown':
        // A longer path under /feedback/, or an id that cannot be decoded: not a link we make. The
        // app's page is not rendered for it (the app's router could not take such a path over).
        return this.unknownPath(request, path);
    }
  }

  /**
   * The unknown link's page (the short links' own), in the brand. The CDN keeps it for everyone
   * alike, so it offers both stores (the desktop's page) rather than the visitor's own first.
   */
  private async unknownPath(request: { rawUrl: string }, path: string): Promise<HttpAnswer> {
    const renderer = this.deps.renderer();
    // Not by Accept-Language: the CDN keeps this page for everyone alike.
    const language = renderer.pageLanguage({ queryLanguage: queryLanguageOf(request.rawUrl) });
    const content = linkPageContent(
      { kind: 'not-found' },
      { inviter: null, phone: undefined, language, settings: this.deps.settings() },
    );
    // A nonce in a copy the CDN hands everyone would be everyone's: the stylesheet goes by its hash.
    // A renderer without one gets a nonce, and a page nobody keeps.
    const source =
      renderer.inlineStyleSource === undefined
        ? { nonce: this.deps.nonce() }
        : { styleHash: renderer.inlineStyleSource };
    const nonce = 'nonce' in source ? { nonce: source.nonce } : {};
    const page = await renderer.renderLinkPage({ content, path, language, ...nonce });
    return {
      status: 404,
      headers: {
        ...this.deps.pageHeaders,
        'Content-Security-Policy': pageSecurityPolicy(source),
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'nonce' in source ? 'private, no-store' : UNKNOWN_INVITER_CACHE_CONTROL,
      },
      body: page.html,
    };
  }

  /** A query the page does not read goes to the page's own URL first (the renderer says which it reads). */
  private canonical(path: string, rawUrl: string): HttpAnswer | null {
    return this.elsewhere(path, rawUrl, this.deps.renderer().pageQuery(path, splitRawUrl(rawUrl).rawQuery ?? ''));
  }

  /**
   * Hosting's CDN keys its copies on the whole URL: without this, `?x=random` would reach the
   * function (and Firestore) on every request. The redirect reads nothing and renders nothing.
   * Its Location is `path` as parsed (ownPathOf), never the spelling sent: that one may name
   * another host.
   */
  private elsewhere(path: string, rawUrl: string, query: string): HttpAnswer | null {
    const { rawQuery } = splitRawUrl(rawUrl);
    if (query === '' ? rawQuery === null : rawQuery === query) return null;
    return {
      status: 301,
      headers: {
        location: query === '' ? path : `${path}?${query}`,
        'cache-control': CANONICAL_REDIRECT_CACHE_CONTROL,
      },
      body: '',
    };
  }

  /**
   * The view beacon: counted for an inviter who exists (so that no one can fill the store with
   * made-up ids), and not for a preview: a crawler that runs the page's script, or a prerender,
   * is answered as a person would be and counts nothing.
   */
  private async view(route: PageRoute, request: PageRequest): Promise<HttpAnswer> {
    const inviterId = route.kind === 'page' && route.post === 'view' ? route.inviterId : null;
    const exists = inviterId !== null && (await this.deps.inviterExists(inviterId));
    const marker = new URL(request.rawUrl, 'http://localhost').searchParams.get(INVITE_WAY_PARAM);
    if (exists && !isPreview(request))
      await this.deps.countView(inviterId, inviteWayOfMarker(marker), inviteLinkOf(request.rawUrl));
    return { status: exists ? 204 : 404, headers: { 'cache-control': 'no-store' }, body: '' };
  }

  /**
   * A page of the route table, cached at the CDN: one that names an inviter is 404 "Invalid URL"
   * for nobody, kept for less long; one rendered for the visitor's user agent is kept per user
   * agent (`Vary`).
   */
  private async page(asked: PageRequest, route: Extract<PageRoute, { kind: 'page' }>): Promise<HttpAnswer> {
    const inviter = route.inviterId ? await this.deps.findInviter(route.inviterId, asked) : null;
    const userAgent = route.byUserAgent ? (asked.userAgent ?? '') : undefined;
    const input = {
      path: route.path,
      queryLanguage: queryLanguageOf(asked.rawUrl),
      // Canonical by now (`canonical`): one copy at the CDN per query the page reads.
      query: splitRawUrl(asked.rawUrl).rawQuery ?? '',
      acceptLanguage: asked.acceptLanguage,
      userAgent,
      inviter,
    };
    const answer = await this.rendered(input, (status) =>
      status === 200 ? INVITATION_CACHE_CONTROL : UNKNOWN_INVITER_CACHE_CONTROL,
    );
    if (userAgent === undefined) return answer;
    const vary = [answer.headers.vary, 'User-Agent'].filter(Boolean).join(', ');
    return { ...answer, headers: { ...answer.headers, vary } };
  }

  private rendered(input: PageAsked, cacheControl: (status: number) => string): Promise<HttpAnswer> {
    return renderedPage(this.deps, input, cacheControl);
  }

  /**
   * An e-mail's link: on to the welcome page (the server's page from its first byte) or to
   * Firebase's own handler, as the web app decides (apps/web/src/config/email-action.ts). The
   * address carries the e-mail's one-time code: nothing keeps it, and no referrer leaves with it.
   */
  private emailAction(rawUrl: string): HttpAnswer {
    const location = this.deps.renderer().emailActionTarget(new URL(rawUrl, 'http://localhost').search);
    return {
      status: 303,
      headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
      body: '',
    };
  }

  private async appLink(inviterId: string | null, link: string | undefined): Promise<HttpAnswer> {
    // Back to the invitation, which says "Invalid URL" (the app could not take over an
    // invitation served at this address).
    const unknown = (): HttpAnswer => ({
      status: 303,
      headers: {
        location: inviterId ? href('invitation', { inviterId }) : href('legacy-invitation'),
        'cache-control': UNKNOWN_INVITER_CACHE_CONTROL,
      },
      body: '',
    });
    if (!inviterId) return unknown();
    let shortLink: string;
    try {
      ({ shortLink } = await this.deps.createAppLink(inviterId, link));
    } catch (error) {
      // No inviter, or one who replaced her link: her invitation's page says which.
      if (error instanceof FlowError && (error.code === 'not-found' || isInvitationReplacedRefusal(error)))
        return unknown();
      throw error;
    }
    // Only a web link leaves our pages (the optional link provider is a third party).
    if (!/^https?:$/.test(new URL(shortLink).protocol)) {
      this.deps.logger.error('The short link is not http(s)', { inviterId, shortLink });
      throw new Error('The short link is not http(s)');
    }
    return {
      status: 303,
      headers: { location: shortLink, 'cache-control': APP_LINK_REDIRECT_CACHE_CONTROL },
      body: '',
    };
  }
}
