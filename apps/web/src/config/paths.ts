/**
 * Every route of the app and how to build a link to it. The paths and the pages that show them
 * are the contracts' route table (@dayfocus/contracts/page-paths), which the function reads too.
 */
import { DEFAULT_LANGUAGE } from '@dayfocus/contracts/limits';
import { pagePatterns, pageRouteRows, type WebPageName } from '@dayfocus/contracts/page-paths';

/** `?lg=` for a language other than the one a page without it is served in. */
const languageQuery = (lg: string | undefined) =>
  lg && lg !== DEFAULT_LANGUAGE ? `?lg=${encodeURIComponent(lg)}` : '';

export const paths = {
  invitation: {
    pattern: pagePatterns.invitation,
    href: (inviterId: string, lg?: string) =>
      `/feedback/${encodeURIComponent(inviterId)}${lg ? `/${encodeURIComponent(lg)}` : ''}`,
  },
  /** The older invitation route: it carries no inviter, so it shows an unknown inviter. */
  legacyInvitation: { pattern: pagePatterns.legacyInvitation, href: () => pagePatterns.legacyInvitation },
  /** `lg`: the page's language, for the server's copy of the page (the app keeps it anyway). */
  socialSignUp: {
    pattern: pagePatterns.socialSignUp,
    href: (inviterId: string, lg?: string) => `/social-sign-up/${encodeURIComponent(inviterId)}${languageQuery(lg)}`,
  },
  signUp: {
    pattern: pagePatterns.signUp,
    href: (inviterId: string, lg?: string) => `/sign-up/${encodeURIComponent(inviterId)}${languageQuery(lg)}`,
  },
  confirmEmail: {
    pattern: pagePatterns.confirmEmail,
    href: (lg?: string) => `${pagePatterns.confirmEmail}${languageQuery(lg)}`,
  },
  welcome: {
    /** The new account (the invitee) to activate, then the inviter who sent the link. */
    pattern: pagePatterns.welcome,
    href: (inviteeId?: string, inviterId?: string) => {
      if (!inviteeId) return '/welcome';
      return inviterId
        ? `/welcome/${encodeURIComponent(inviteeId)}/${encodeURIComponent(inviterId)}`
        : `/welcome/${encodeURIComponent(inviteeId)}`;
    },
  },
  /**
   * Not a page of the app: where every e-mail of the Firebase project leads (the console's custom
   * action URL, docs/deploying.md). The server redirects a verification e-mail of this companion
   * to its welcome page, every other e-mail (the app's too) to Firebase's own handler
   * (config/email-action.ts).
   */
  emailAction: { pattern: pagePatterns.emailAction, href: () => pagePatterns.emailAction },
  home: { pattern: pagePatterns.home, href: () => pagePatterns.home },
  /**
   * Not a page of the app: the server finds (or makes) the inviter's short link and redirects
   * to it ("I already have an account"; functions/src/entry-points/invitation-page.ts).
   */
  inviterAppLink: {
    pattern: pagePatterns.inviterAppLink,
    href: (inviterId: string) => `/app-link/${encodeURIComponent(inviterId)}`,
  },
} as const;

/** The pages of the app; each is the module `src/app/routes/{page}.tsx`, loaded on its own. */
export type PageName = WebPageName | 'not-found';

/**
 * Every path the app serves and the page that shows it, in matching order (the contracts' route
 * table, @dayfocus/contracts/page-paths, less its redirects); any other path shows the not-found
 * page. The router, the server renderer and the size benchmark follow this list. Hosting sends
 * each path to the `invitationPage` function, which renders the page (entry-server.tsx) for the
 * app to take over (firebase.json's rewrites, checked by hosting-routes.test.ts): the build's
 * HTML is only the not-found page (404.html), which Hosting serves for any other path.
 */
export const routes: readonly { pattern: string; page: WebPageName }[] = pageRouteRows.flatMap(({ pattern, page }) =>
  page ? [{ pattern, page }] : [],
);

/** `value` as a URL of this site (relative to `origin`), or null when it is not one. */
export function sameOriginUrl(value: string | null, origin: string): URL | null {
  if (!value || !URL.canParse(value, origin)) return null;
  const url = new URL(value, origin);
  return url.origin === origin ? url : null;
}
