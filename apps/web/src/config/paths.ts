/** Every route of the app and how to build a link to it: the one place that knows the URLs. */
export const paths = {
  invitation: { pattern: '/feedback/:uid/:lg?', href: (uid: string, lg?: string) => `/feedback/${encodeURIComponent(uid)}${lg ? `/${encodeURIComponent(lg)}` : ''}` },
  /** The older invitation route: it carries no inviter, so it shows an unknown inviter. */
  legacyInvitation: { pattern: '/tasks-Feedback', href: () => '/tasks-Feedback' },
  socialSignUp: { pattern: '/social-sign-up/:uid', href: (uid: string) => `/social-sign-up/${encodeURIComponent(uid)}` },
  signUp: { pattern: '/sign-up/:uid', href: (uid: string) => `/sign-up/${encodeURIComponent(uid)}` },
  confirmEmail: { pattern: '/confirm-email', href: () => '/confirm-email' },
  welcome: {
    pattern: '/welcome/:uid?/:fid?',
    href: (uid?: string, fid?: string) => {
      if (!uid) return '/welcome';
      return fid ? `/welcome/${encodeURIComponent(uid)}/${encodeURIComponent(fid)}` : `/welcome/${encodeURIComponent(uid)}`;
    },
  },
  home: { pattern: '/', href: () => '/' },
} as const;

/** The continue URL of the verification e-mail: `{product domain}/welcome/{new uid}/{inviter uid}`. */
export function verificationContinueUrl(productDomain: string, newUid: string, inviterId: string): string {
  return `${productDomain.replace(/\/+$/, '')}${paths.welcome.href(newUid, inviterId)}`;
}
