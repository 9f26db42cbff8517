/**
 * The welcome page (`/welcome/{invitee?}/{inviter?}`), never cached: docs/invitation-page.md,
 * "The welcome page's confirm form".
 *
 * - A GET of an e-mail's link (its `oobCode`) names the inviter the link names and offers the one
 *   step left as a form the server answers ("Confirm and become friends with Asha"). It applies
 *   nothing: mail scanners fetch links, and the mail promises that nothing happens without a tap.
 *   The form stays when the app has loaded: the page waits for the tap, whose POST needs no App
 *   Check, so a refused attestation cannot stop it.
 * - A GET of a link of this account's own mail, confirmed before (her tap came before: the link
 *   opened again, in this browser or another; or another way proved her sign-up since: the code,
 *   the browser's token, another mail's link) answers as that tap's POST would again: "You and Asha
 *   are now friends", the stores ready. The door's activation may run; a proof taken before proves
 *   nothing new and mints nothing, and the join is made once per pair.
 * - The form's POST (to the same address: the code is the proof) activates as the callable does
 *   for a caller nobody signed in, within the form's own limits, and answers the page that says
 *   so: "You and Asha are now friends", the store links with the invite, and on a phone the
 *   sign-in code the code's first application mints (its store tap signs the app in). A code that
 *   proves nothing writes nothing; one used twice (a scanner's tap first) still welcomes.
 * - Any other welcome page (no link's code: after an Apple or Google sign-up) is the page before
 *   activation, which the app runs in the browser; nothing is looked up.
 */
import type { ActivationAnswer, InviterCard } from '@dayfocus/contracts/answers';
import { phoneOf, type Phone } from '@dayfocus/contracts/phones';
import { WELCOME_CACHE_CONTROL, type WelcomePageState } from '@dayfocus/contracts/web-page';
import type { HttpAnswer } from '../../platform/domain/http-answer.js';
import { queryLanguageOf } from '../../short-links/domain/link-pages.js';
import type { PageRoute } from '../domain/page-route.js';
import { welcomeLinkOf, welcomeRefusalOf, type ConfirmLimiter, type WelcomeLink } from '../domain/welcome-confirm.js';
import { pageAgain, renderedPage, type PageRendering } from './rendered-page.js';
import type { HttpRequest } from '../../platform/domain/http-request.js';

/** Its client is the key of the confirm form's limits. */
export type WelcomeRequest = HttpRequest;

export interface WelcomePageDeps extends PageRendering {
  findInviter(inviterId: string, asked: WelcomeRequest): Promise<InviterCard | null>;
  /**
   * Activation for a caller nobody signed in, the link's code its proof (activation/flows/door.ts),
   * with the phone's store and the page's language for the sign-in code it may mint.
   */
  activate(
    link: WelcomeLink,
    page: { platform: Phone | undefined; language: string | undefined },
  ): Promise<ActivationAnswer>;
  confirmLimits: ConfirmLimiter;
  /**
   * Whether this link of the account's own mail was confirmed before: its code taken, or her sign-up
   * proved since by another way (one round of our own records, no Auth).
   */
  confirmedBefore(link: WelcomeLink): Promise<boolean>;
}

type WelcomeRoute = Extract<PageRoute, { kind: 'welcome' }>;

/** The status of each state's page: a refusal and a limit are no success, though each page says what to do. */
const STATUS: Record<WelcomePageState['kind'], number> = { confirm: 200, confirmed: 200, refused: 403, limited: 429 };

export class WelcomePageFlow {
  constructor(private readonly deps: WelcomePageDeps) {}

  async answer(route: WelcomeRoute, request: WelcomeRequest): Promise<HttpAnswer> {
    const path = new URL(request.rawUrl, 'http://localhost').pathname.replace(/\/$/, '');
    const link = welcomeLinkOf(route, request.rawUrl);
    if (request.method === 'POST') {
      // A POST without a link's code confirms nothing: the page again, nothing read or written.
      if (!link) return pageAgain(request.rawUrl);
      return this.confirm(path, link, request);
    }
    const [inviter, confirmedBefore] = link
      ? await Promise.all([this.deps.findInviter(link.inviterId, request), this.deps.confirmedBefore(link)])
      : [null, false];
    // Confirmed before: the page says so, and the form it would offer is never a step back.
    if (link && confirmedBefore) return this.confirm(path, link, request, { again: true });
    // An inviter the page cannot show (switched off, or nobody) gets no form: the app decides.
    return this.render(path, request, inviter ? { kind: 'confirm' } : undefined, inviter);
  }

  private async confirm(
    path: string,
    link: WelcomeLink,
    request: WelcomeRequest,
    { again = false }: { again?: boolean } = {},
  ): Promise<HttpAnswer> {
    const allowance = await this.deps.confirmLimits.take(request.client ?? 'unknown', link.uid);
    if (!allowance.allowed) {
      const answer = await this.render(path, request, { kind: 'limited' }, null);
      return { ...answer, headers: { ...answer.headers, 'retry-after': String(allowance.retryAfterSeconds) } };
    }
    let state: WelcomePageState;
    try {
      // Opened again: no phone to mint for (a spent proof mints nothing; nor is it asked to).
      const platform = again ? undefined : phoneOf(request.userAgent);
      const page = { platform, language: queryLanguageOf(request.rawUrl) };
      state = { kind: 'confirmed', answer: await this.deps.activate(link, page) };
    } catch (error) {
      const reason = welcomeRefusalOf(error);
      if (!reason) throw error;
      state = { kind: 'refused', reason };
    }
    // Activation went through, so the code was the account's own: only such tries count for it.
    if (state.kind === 'confirmed') await this.deps.confirmLimits.confirmed(link.uid);
    return this.render(path, request, state, state.kind === 'confirmed' ? state.answer.inviter : null);
  }

  private async render(
    path: string,
    request: WelcomeRequest,
    welcome: WelcomePageState | undefined,
    inviter: InviterCard | null,
  ): Promise<HttpAnswer> {
    const input = {
      path,
      queryLanguage: queryLanguageOf(request.rawUrl),
      userAgent: request.userAgent,
      acceptLanguage: request.acceptLanguage,
      inviter,
      ...(welcome ? { welcome } : {}),
    };
    const page = await renderedPage(this.deps, input, () => WELCOME_CACHE_CONTROL);
    // The address carries the e-mail's one-time code: no referrer leaves with it, not even to
    // this site's own pages (which the site's policy would send the whole address to).
    const answer = { ...page, headers: { ...page.headers, 'Referrer-Policy': 'no-referrer' } };
    return welcome ? { ...answer, status: STATUS[welcome.kind] } : answer;
  }
}
