/**
 * The route table of the pages the server answers for the web app (Hosting sends them to the
 * `invitationPage` function): the one list that the web app's router and server renderer, the
 * page function and firebase.json's rewrites read, and that every link is built from (`href`).
 * A page is a line in `webPages` and a row in `pageRoutes` under the same key, the name of its
 * module `apps/web/src/app/routes/{key}.tsx` (docs/first-change.md).
 * `:name` is one path segment, `:name?` an optional one.
 */
import { DEFAULT_LANGUAGE } from './limits.js';

/** What the server renderer needs of a page of the web app that has no other place to say it. */
interface WebPageRow {
  /** Its heading, which is also its title (components/page.tsx): a key of the language files. */
  title: string;
  /** It shows the inviter its path names: without one it says "Invalid URL" (404). */
  showsInviter?: true;
  /** Search engines may list it (the others say `noindex`). */
  indexed?: true;
}

/** The web app's pages the server renders, each the module `apps/web/src/app/routes/{name}.tsx`. */
export const webPages = {
  invitation: { title: 'invitation.title', showsInviter: true },
  'social-sign-up': { title: 'socialSignUp.title', showsInviter: true },
  'sign-up': { title: 'signUp.title', showsInviter: true },
  'confirm-email': { title: 'confirmEmail.title' },
  welcome: { title: 'welcome.title' },
  home: { title: 'home.title', indexed: true },
} as const satisfies Record<string, WebPageRow>;

export type WebPageName = keyof typeof webPages;

/** One path the page function answers, and how. */
export interface PageRouteRow {
  pattern: string;
  /** The page of the web app it shows; none for a redirect. */
  page?: WebPageName;
  /**
   * How the function answers a GET: `page` (the default), the page drawn by the web app's
   * renderer and kept by Hosting's CDN, one copy for everyone, per language asked; or one of the
   * answers of its own: the welcome page (per request, with its form: welcome-page-flow.ts), the
   * redirect of every e-mail's link, the redirect to the inviter's short link.
   */
  answer?: 'welcome' | 'email-action' | 'app-link' | 'sign-in-start' | 'sign-in-return';
  /**
   * Its links name the page's language (`?lg=`) even when it is the default one: the welcome
   * page is drawn for each request in the language its link names. Others leave the default out.
   */
  namesDefaultLanguage?: true;
  /** A `page` drawn for the visitor's user agent (the phone's own store or provider first), kept per user agent. */
  byUserAgent?: true;
  /**
   * What a POST to a `page` gets: `view`, the app's view beacon (one view in the inviter's
   * funnel); `page-again`, a form posted before the app ran (the page again, 303). Otherwise 404.
   */
  post?: 'view' | 'page-again';
}

/**
 * Every path the page function answers, in the order Hosting's rewrites and the app's router try
 * them. A page's main route goes by the page's key; an older route has a key of its own.
 */
export const pageRoutes = {
  /** The invitation: the inviter, and the page's language when the link names one. */
  invitation: { pattern: '/feedback/:inviterId/:lg?', page: 'invitation', post: 'view' },
  /** The older invitation route: it carries no inviter, so it shows an unknown inviter. */
  'legacy-invitation': { pattern: '/tasks-Feedback', page: 'invitation' },
  /** The sign-up method page (Apple, Google or e-mail), naming the inviter; the phone's own provider first. */
  'social-sign-up': {
    pattern: '/social-sign-up/:inviterId',
    page: 'social-sign-up',
    byUserAgent: true,
    post: 'page-again',
  },
  /** The e-mail sign-up form, naming the inviter. */
  'sign-up': { pattern: '/sign-up/:inviterId', page: 'sign-up', post: 'page-again' },
  /**
   * Where the e-mail sign-up leads: "we sent you an e-mail" (the address is the history entry's),
   * and the mail's code, whose form a browser without script posts.
   */
  'confirm-email': { pattern: '/confirm-email', page: 'confirm-email', post: 'page-again' },
  /** The welcome page: the new account to activate, then the inviter who sent the link. */
  welcome: {
    pattern: '/welcome/:inviteeId?/:inviterId?',
    page: 'welcome',
    answer: 'welcome',
    namesDefaultLanguage: true,
  },
  /**
   * Every e-mail's link: the Firebase console's custom action URL (docs/deploying.md). The server
   * redirects it to the welcome page or to Firebase's own handler.
   */
  'email-action': { pattern: '/auth/action', answer: 'email-action' },
  /**
   * A provider's button on the method page, before the app has it: the server answers with the
   * provider's page (provider-return.ts). A POST from the site's own page only.
   */
  'sign-in-start': { pattern: '/auth/start', answer: 'sign-in-start' },
  /** Where the provider posts her back: on to the page she came from, the sign-in in its fragment. */
  'sign-in-return': { pattern: '/auth/return', answer: 'sign-in-return' },
  /** "I already have an account": the server redirects to the inviter's short link. */
  'app-link': { pattern: '/app-link/:inviterId', answer: 'app-link' },
  /** The front door, for someone who arrives with no invitation: the product and its stores. */
  home: { pattern: '/', page: 'home', byUserAgent: true },
} as const satisfies Record<string, PageRouteRow> & { [P in WebPageName]: PageRouteRow & { page: P } };

export type PageRouteName = keyof typeof pageRoutes;

/**
 * The query's mark on the mailed link that finishes a sign-up left half-way (`?finish=1`, its code
 * in the fragment, which no request carries): the server, which never sees the fragment, draws the
 * finishing form from the first paint instead of the sign-up form.
 */
export const FINISH_LINK_PARAMETER = 'finish';

/** Each route's path pattern, by its name. */
export const pagePatterns = Object.fromEntries(
  Object.entries(pageRoutes).map(([name, row]) => [name, row.pattern]),
) as { readonly [N in PageRouteName]: (typeof pageRoutes)[N]['pattern'] };

/** The routes in their order, each with its name (rows without a field read as absent). */
export const pageRouteRows: readonly (PageRouteRow & { name: PageRouteName })[] = Object.entries(pageRoutes).map(
  ([name, row]) => ({ ...row, name: name as PageRouteName }),
);

/** The routes that show a page of the web app, in matching order: the rest are the function's redirects. */
export const webPageRoutes: readonly { name: PageRouteName; pattern: string; page: WebPageName }[] =
  pageRouteRows.flatMap(({ name, pattern, page }) => (page ? [{ name, pattern, page }] : []));

const compiled = new Map<string, RegExp>();

function regexOf(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    const segments = pattern
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
        const name = segment.replace(/^:|\?$/g, '');
        return segment.endsWith('?') ? `(?:/(?<${name}>[^/]+))?` : `/(?<${name}>[^/]+)`;
      });
    regex = new RegExp(`^${segments.join('')}/?$`);
    compiled.set(pattern, regex);
  }
  return regex;
}

/**
 * The segments a path gives a pattern's parameters, as sent (not decoded), or null when the
 * path is not the pattern's (case-sensitive, as Hosting's rewrites are; a trailing slash allowed).
 */
export function matchPagePath(pattern: string, path: string): Record<string, string | undefined> | null {
  const match = regexOf(pattern).exec(path);
  return match ? { ...match.groups } : null;
}

/**
 * The Hosting paths that send a pattern's pages to the page function (firebase.json's
 * `source` globs): the fixed part, `/**` for its parameters, and the bare fixed part too when
 * its first parameter is optional.
 */
export function hostingSourcesOf(pattern: string): string[] {
  const firstParam = pattern.indexOf('/:');
  if (firstParam < 0) return [pattern];
  const fixed = pattern.slice(0, firstParam);
  const optional = /^\/:[^/]+\?/.test(pattern.slice(firstParam));
  return optional ? [fixed, `${fixed}/**`] : [`${fixed}/**`];
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A pattern's parameters: `:name` required, `:name?` optional. */
export type PathParams<P extends string> = {
  [N in ParamNames<P> as N extends `${string}?` ? never : N]: string;
} & { [N in ParamNames<P> as N extends `${infer Optional}?` ? Optional : never]?: string | undefined };

/**
 * What a link to a route takes: its pattern's parameters, and `lg`, the page's language, in the
 * path when the pattern has a place for it, else in the query.
 */
export type HrefParams<R extends PageRouteName> = PathParams<(typeof pageRoutes)[R]['pattern']> & {
  lg?: string | undefined;
};

/**
 * The link to a route: each parameter encoded as one segment. An optional parameter left out
 * (or empty) ends the path there, since a later one cannot be told from it.
 */
export function href<R extends PageRouteName>(
  route: R,
  ...[params]: object extends HrefParams<R> ? [params?: HrefParams<R>] : [params: HrefParams<R>]
): string {
  const row: PageRouteRow = pageRoutes[route];
  const values: Record<string, string | undefined> = { ...params };
  const segments: string[] = [];
  for (const segment of row.pattern.split('/').filter(Boolean)) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const name = segment.replace(/^:|\?$/g, '');
    const value = values[name];
    if (!value) {
      if (segment.endsWith('?')) break;
      throw new Error(`A link to ${route} needs its ${name}`);
    }
    segments.push(encodeURIComponent(value));
  }
  const lg = values.lg;
  const inPath = /\/:lg\??(\/|$)/.test(row.pattern);
  const query =
    !inPath && lg && (row.namesDefaultLanguage || lg !== DEFAULT_LANGUAGE) ? `?lg=${encodeURIComponent(lg)}` : '';
  return `/${segments.join('/')}${query}`;
}
