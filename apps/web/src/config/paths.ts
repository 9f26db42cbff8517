/** Every route of the app and how to build a link to it: the one place that knows the URLs. */
export const paths = {
  invitation: {
    pattern: '/feedback/:uid/:lg?',
    href: (uid: string, lg?: string) => `/feedback/${encodeURIComponent(uid)}${lg ? `/${encodeURIComponent(lg)}` : ''}`,
  },
  /** The older invitation route: it carries no inviter, so it shows an unknown inviter. */
  legacyInvitation: { pattern: '/tasks-Feedback', href: () => '/tasks-Feedback' },
  socialSignUp: {
    pattern: '/social-sign-up/:uid',
    href: (uid: string) => `/social-sign-up/${encodeURIComponent(uid)}`,
  },
  signUp: { pattern: '/sign-up/:uid', href: (uid: string) => `/sign-up/${encodeURIComponent(uid)}` },
  confirmEmail: { pattern: '/confirm-email', href: () => '/confirm-email' },
  welcome: {
    pattern: '/welcome/:uid?/:fid?',
    href: (uid?: string, fid?: string) => {
      if (!uid) return '/welcome';
      return fid
        ? `/welcome/${encodeURIComponent(uid)}/${encodeURIComponent(fid)}`
        : `/welcome/${encodeURIComponent(uid)}`;
    },
  },
  home: { pattern: '/', href: () => '/' },
} as const;

/** The pages of the app; each is the module `src/app/routes/{page}.tsx`, loaded on its own. */
export type PageName = 'invitation' | 'social-sign-up' | 'sign-up' | 'confirm-email' | 'welcome' | 'not-found';

/**
 * Every path the app serves and the page that shows it, in matching order; any other path
 * shows the not-found page. The router, the Hosting rewrites and headers of firebase.json
 * (checked by hosting-routes.test.ts) and the size benchmark all follow this list.
 */
export const routes: readonly { pattern: string; page: Exclude<PageName, 'not-found'> }[] = [
  { pattern: paths.invitation.pattern, page: 'invitation' },
  { pattern: paths.legacyInvitation.pattern, page: 'invitation' },
  { pattern: paths.socialSignUp.pattern, page: 'social-sign-up' },
  { pattern: paths.signUp.pattern, page: 'sign-up' },
  { pattern: paths.confirmEmail.pattern, page: 'confirm-email' },
  { pattern: paths.welcome.pattern, page: 'welcome' },
  { pattern: paths.home.pattern, page: 'welcome' },
];

/** The continue URL of the verification e-mail: `{product domain}/welcome/{new uid}/{inviter uid}`. */
export function verificationContinueUrl(productDomain: string, newUid: string, inviterId: string): string {
  return `${productDomain.replace(/\/+$/, '')}${paths.welcome.href(newUid, inviterId)}`;
}
