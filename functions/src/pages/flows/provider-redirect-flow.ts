/**
 * `/auth/start` and `/auth/return` (@dayfocus/contracts/provider-return): a tap on the method
 * page's Apple or Google button, before the app has the page, reaches the provider's page in one
 * round trip: no script, no Auth, no App Check on the way. The provider posts her back here, and
 * the page she came from gets the provider's ID token in its fragment and signs in with it.
 * docs/arrival.md, "The provider's tap in one round trip".
 */
import {
  isServerStartProvider,
  providerRefusalFragment,
  providerReturnFragment,
  SIGN_IN_FROM_PARAM,
  SIGN_IN_PROVIDER_FIELD,
} from '@dayfocus/contracts/provider-return';
import type { HttpAnswer } from '../../platform/domain/http-answer.js';
import type { HttpRequest } from '../../platform/domain/http-request.js';
import type { Logger } from '../../platform/flows/ports.js';
import { ownPathOf } from '../../platform/domain/own-path.js';
import { pageRouteOf } from '../domain/page-route.js';
import {
  appleNameOf,
  authorizeUrl,
  clearedStartCookie,
  fromOfState,
  providerAnswerOf,
  startCookie,
  startOfCookie,
  stateOf,
  type ProviderClients,
  type SignInStart,
} from '../domain/provider-redirect.js';

export interface ProviderRedirectDeps {
  /** The providers the server starts (their OAuth clients); the others are started by the page. */
  clients(): ProviderClients;
  /** The site's origin: the providers send her back to `{origin}/auth/return`. */
  productDomain(): string;
  randomBytes(size: number): Buffer;
  logger: Logger;
}

const LANGUAGE = /^[a-z]{2,3}$/;
const NO_STORE = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' };

const seeOther = (location: string, headers: Record<string, string> = {}): HttpAnswer => ({
  status: 303,
  headers: { location, ...NO_STORE, ...headers },
  body: '',
});

const refused = (status: number, why: string): HttpAnswer => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', ...NO_STORE },
  body: why,
});

export class ProviderRedirectFlow {
  constructor(private readonly deps: ProviderRedirectDeps) {}

  /**
   * The method page's form, posted by a provider's button: the provider's page, with a cookie that
   * keeps the start. Only the site's own page may start one: a link or another site's form that
   * did would sign her in without her tap (the `Sec-Fetch-Site` of every browser since 2023, else
   * the `Origin` every browser sends with a POST).
   */
  start(request: HttpRequest): HttpAnswer {
    if (request.method !== 'POST') return { ...refused(405, 'POST only'), headers: { allow: 'POST', ...NO_STORE } };
    if (!this.sameSite(request)) return refused(403, 'A sign-in starts from the site’s own page.');
    const form = request.form ?? {};
    const provider = form[SIGN_IN_PROVIDER_FIELD];
    const path = this.pageOf(new URL(request.rawUrl, 'http://localhost').searchParams.get(SIGN_IN_FROM_PARAM));
    if (!isServerStartProvider(provider) || path === null) return refused(400, 'No such sign-in.');
    const language = LANGUAGE.test(form['lg'] ?? '') ? (form['lg'] ?? '') : '';
    const from = language ? `${path}?lg=${language}` : path;
    const client = this.deps.clients()[provider];
    // A provider without a client here: the page again, which starts it by its own redirect.
    if (!client)
      return seeOther(`${path}?${new URLSearchParams({ ...(language ? { lg: language } : {}), start: provider })}`);
    const random = (size: number) => this.deps.randomBytes(size).toString('base64url');
    const start: SignInStart = { provider, state: stateOf(random(18), from), rawNonce: random(24), from };
    const origin = this.deps.productDomain();
    const location = authorizeUrl(provider, client, start, {
      redirectUri: `${origin}/auth/return`,
      language: language || 'en',
    });
    return seeOther(location, { 'set-cookie': startCookie(start, origin.startsWith('https:')) });
  }

  /**
   * The provider's answer, posted (or, for some refusals, in the query): back to her page, the ID
   * token in its fragment; a refusal named there; a cancel says nothing. The cookie goes either way.
   */
  finish(request: HttpRequest): HttpAnswer {
    const fields =
      request.method === 'POST'
        ? (request.form ?? {})
        : Object.fromEntries(new URL(request.rawUrl, 'http://localhost').searchParams);
    const start = startOfCookie(request.cookie, isServerStartProvider);
    const answer = providerAnswerOf(fields, start);
    const cleared = { 'set-cookie': clearedStartCookie(this.deps.productDomain().startsWith('https:')) };
    if (start && answer.kind === 'signed-in') {
      const { provider, rawNonce, from } = start;
      const name = provider === 'apple.com' ? appleNameOf(fields['user']) : undefined;
      const handed = { provider, idToken: answer.idToken, rawNonce, ...(name ? { name } : {}) };
      return seeOther(`${from}#${providerReturnFragment(handed)}`, cleared);
    }
    // Without the cookie, the state still names her page (fromOfState), checked as any page is.
    const from = start?.from ?? this.ownPage(fromOfState(fields['state']));
    if (from === null) return refused(400, 'This sign-in was not started here.');
    if (answer.kind === 'cancelled') return seeOther(from, cleared);
    this.deps.logger.warn('A provider sign-in came back refused', { why: answer.kind === 'refused' ? answer.why : '' });
    return seeOther(start ? `${from}#${providerRefusalFragment(start.provider)}` : from, cleared);
  }

  private sameSite(request: HttpRequest): boolean {
    if (request.fetchSite !== undefined) return request.fetchSite === 'same-origin';
    return request.origin === this.deps.productDomain();
  }

  /** A path of ours that shows a page, or null. */
  private pageOf(path: string | null): string | null {
    if (!path || !path.startsWith('/')) return null;
    const own = ownPathOf(path);
    return own !== null && own === path && pageRouteOf(own).kind === 'page' ? own : null;
  }

  /** A page of ours with at most its language in the query (a start's `from`), or null. */
  private ownPage(from: string | null): string | null {
    if (!from) return null;
    const [path = '', query] = from.split('?');
    if (this.pageOf(path) === null) return null;
    return query === undefined || /^lg=[a-z]{2,3}$/.test(query) ? from : null;
  }
}
