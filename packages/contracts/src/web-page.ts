/**
 * The web app's pages the server renders (every one of page-paths.ts's `webPages`: the invitation,
 * the sign-up pages after it, the confirmation page, the welcome page, home): the contract between
 * the HTTP function that answers them (functions/src/entry-points/invitation-page.ts) and the
 * renderer the web app's build produces (apps/web/src/server/renderer.tsx, bundled into
 * `functions/lib/web/`), and the pages' cache rules. docs/invitation-page.md explains both.
 */
import type { ActivationAnswer, InviterCard } from './answers.js';

/**
 * What the server knows of the welcome page it renders from the e-mail's link (the app takes it
 * over from the same state): docs/invitation-page.md, "The welcome page's confirm form".
 * - `confirm`: the link's GET. Nothing is applied; the page offers the one step left, a form the
 *   server answers ("Confirm and become friends with Asha"), for the inviter `inviter` names.
 * - `confirmed`: the form's POST activated the account: activation's own answer.
 * - `refused`: the form's POST could not: the link's code was no good (`expired`,
 *   `used-or-invalid`), or the account cannot be activated from it (`not-confirmed`, one answer
 *   for every account state, as the callable gives an anonymous caller).
 * - `limited`: too many confirmations from this client or for this account in a short while.
 */
export type WelcomePageState =
  | { kind: 'confirm' }
  | { kind: 'confirmed'; answer: ActivationAnswer }
  | { kind: 'refused'; reason: 'expired' | 'used-or-invalid' | 'not-confirmed' }
  | { kind: 'limited' };

/** What the page function asks the renderer for one of the web app's pages (page-paths.ts's `webPages`). */
export interface WebPageInput {
  /** The request's path (no query), e.g. `/feedback/abc/hi`. */
  path: string;
  /** The language the link's query names (`?lg=hi`): the pages whose path names none speak it. */
  queryLanguage?: string;
  /**
   * The request's query, without the `?`, as the page keeps it (the function first sends any other
   * to the page's own address): what the first HTML can know that the app reads from the address
   * too (an in-app browser's failed way out, the finishing link's mark).
   */
  query?: string;
  /** The request's User-Agent: the welcome page shows the visitor's own store first. */
  userAgent?: string;
  /**
   * The request's Accept-Language: a page whose link names no offered language is rendered in the
   * first offered language the browser prefers (a phone set to Hindi gets Hindi on a first visit).
   */
  acceptLanguage?: string;
  /**
   * The inviter the path names, or null when it names nobody (or nothing). The welcome page's
   * only with its `welcome` state (the link names that inviter: the form greets with her).
   */
  inviter: InviterCard | null;
  /** The welcome page's state, when it was rendered from the e-mail's link or its form's answer. */
  welcome?: WelcomePageState;
  /** Origin of the product's pages, for the absolute URLs of the link preview. */
  productDomain: string;
  /** The preview picture when the inviter has none. */
  productImageUrl: string;
}

/** The rendered page and how to answer with it. */
export interface WebPageOutput {
  /**
   * 200 with the inviter; 404 ("Invalid URL", buttons disabled, no personal preview) without.
   * The confirmation and welcome pages name no inviter to look up (activation, in the browser,
   * finds the welcome page's): 200.
   */
  status: 200 | 404;
  html: string;
  /** The page's language: the link's when offered, else the browser's first offered one, else English. */
  language: string;
  /**
   * The link names no offered language, so the page's language came from Accept-Language: the
   * answer carries `Vary: Accept-Language`, so that a cache keeps one copy per language asked.
   */
  negotiated: boolean;
}

/** What the renderer (`functions/lib/web/invitation-renderer.cjs`) exports for the web app's pages. */
export interface WebPageRenderer {
  renderWebPage(input: WebPageInput): Promise<WebPageOutput>;
  /**
   * Where an e-mail's link (the query of `/auth/action`) goes on to: the welcome page (a path of
   * the site) for the companion's verification e-mails, Firebase's handler for the rest.
   */
  emailActionTarget(query: string): string;
  /** The web configuration (`/config.json`) it was built with, carried by every page it renders (tools/deploy checks it). */
  readonly runtimeConfig?: unknown;
  /**
   * The query string (no `?`) the page at `path` (a page this renderer renders) is served under,
   * given the one it was asked with: only the parameters the app reads there, with values it
   * takes, each once, in one order. A request with any other query is redirected to it.
   */
  pageQuery(path: string, query: string): string;
}

/**
 * How long Hosting's CDN keeps an invitation: fresh for 60 s, then served stale for up to
 * 240 s more while one request renders it anew in the background. A burst of one inviter's
 * invitees (a link shared in a big group) costs at most one function run a minute per page
 * and CDN location, and nobody waits for a render after the first; a renamed inviter or a
 * new picture shows within 5 minutes. Browsers keep nothing (`max-age=0`): the CDN is the
 * cache, so a visitor who reloads gets the CDN's copy. The page carries no per-visitor data.
 */
export const INVITATION_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=240';

/**
 * The welcome page: its address is one person's (their uid, often the e-mail's code) and its
 * store order follows the visitor's phone, so no cache keeps it.
 */
export const WELCOME_CACHE_CONTROL = 'private, no-store';

/** An unknown inviter: cached briefly and not served stale, so a new account's link works within a minute. */
export const UNKNOWN_INVITER_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';

/**
 * `/app-link/{uid}` ("I already have an account"): the redirect to the inviter's short link is
 * kept 30 s at the CDN (a burst of taps costs one function run), not longer: a link retired by
 * hand must stop being handed out within a minute, with an instance's 10 s of keeping what it read
 * before it (docs/short-links.md).
 */
export const APP_LINK_REDIRECT_CACHE_CONTROL = 'public, max-age=0, s-maxage=30';

/**
 * A page asked for with a query string it does not read (`?x=random`, a social app's click id):
 * the redirect to the page's own URL. It depends on nothing but the URL and this deploy, so
 * browsers keep it an hour and the CDN a day, and it costs no read and no render.
 */
export const CANONICAL_REDIRECT_CACHE_CONTROL = 'public, max-age=3600, s-maxage=86400';
