/**
 * The route table of the pages the server answers for the web app (Hosting sends them to the
 * `invitationPage` function): the one list that the web app's router and server renderer
 * (apps/web/src/config/paths.ts, app/router.tsx, entry-server.tsx), the page function
 * (functions/src/pages/domain/page-route.ts) and firebase.json's rewrites (functions.ts) read.
 * A new page is a line in `webPages` and a row in `pageRoutes` (docs/first-change.md).
 * `:name` is one path segment, `:name?` an optional one.
 */

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
  answer?: 'welcome' | 'email-action' | 'app-link';
  /** A `page` drawn for the visitor's user agent (the phone's own store or provider first), kept per user agent. */
  byUserAgent?: true;
  /**
   * What a POST to a `page` gets: `view`, the app's view beacon (one view in the inviter's
   * funnel); `page-again`, a form posted before the app ran (the page again, 303). Otherwise 404.
   */
  post?: 'view' | 'page-again';
}

/** Every path the page function answers, in the order Hosting's rewrites and the app's router try them. */
export const pageRoutes = {
  /** The invitation: the inviter, and the page's language when the link names one. */
  invitation: { pattern: '/feedback/:inviterId/:lg?', page: 'invitation', post: 'view' },
  /** The older invitation route: it carries no inviter, so it shows an unknown inviter. */
  legacyInvitation: { pattern: '/tasks-Feedback', page: 'invitation' },
  /** The sign-up method page (Apple, Google or e-mail), naming the inviter; the phone's own provider first. */
  socialSignUp: {
    pattern: '/social-sign-up/:inviterId',
    page: 'social-sign-up',
    byUserAgent: true,
    post: 'page-again',
  },
  /** The e-mail sign-up form, naming the inviter. */
  signUp: { pattern: '/sign-up/:inviterId', page: 'sign-up', post: 'page-again' },
  /** Where the e-mail sign-up leads: "we sent you an e-mail" (the address is the history entry's). */
  confirmEmail: { pattern: '/confirm-email', page: 'confirm-email' },
  /** The welcome page: the new account to activate, then the inviter who sent the link. */
  welcome: { pattern: '/welcome/:inviteeId?/:inviterId?', page: 'welcome', answer: 'welcome' },
  /** Every e-mail's link: the server redirects it to the welcome page or to Firebase's handler. */
  emailAction: { pattern: '/auth/action', answer: 'email-action' },
  /** "I already have an account": the server redirects to the inviter's short link. */
  inviterAppLink: { pattern: '/app-link/:inviterId', answer: 'app-link' },
  /** The front door, for someone who arrives with no invitation: the product and its stores. */
  home: { pattern: '/', page: 'home', byUserAgent: true },
} as const satisfies Record<string, PageRouteRow>;

export type PageRouteName = keyof typeof pageRoutes;

/** Each route's path pattern, by its name. */
export const pagePatterns = Object.fromEntries(
  Object.entries(pageRoutes).map(([name, row]) => [name, row.pattern]),
) as { readonly [N in PageRouteName]: (typeof pageRoutes)[N]['pattern'] };

/** The routes in their order, each with its name (rows without a field read as absent). */
export const pageRouteRows: readonly (PageRouteRow & { name: PageRouteName })[] = Object.entries(pageRoutes).map(
  ([name, row]) => ({ ...row, name: name as PageRouteName }),
);

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
