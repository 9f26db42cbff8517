/**
 * The paths of the pages the server answers for the web app (Hosting sends them to the
 * `invitationPage` function): the one place both the web app's router (apps/web/src/config/paths.ts)
 * and the function read them from. `:name` is one path segment, `:name?` an optional one.
 */
export const pagePatterns = {
  /** The invitation: the inviter, and the page's language when the link names one. */
  invitation: '/feedback/:inviterId/:lg?',
  /** The older invitation route: it carries no inviter, so it shows an unknown inviter. */
  legacyInvitation: '/tasks-Feedback',
  /** The sign-up method page (Apple, Google or e-mail), naming the inviter. */
  socialSignUp: '/social-sign-up/:inviterId',
  /** The e-mail sign-up form, naming the inviter. */
  signUp: '/sign-up/:inviterId',
  /** Where the e-mail sign-up leads: "we sent you an e-mail" (the address is the history entry's). */
  confirmEmail: '/confirm-email',
  /** The welcome page: the new account to activate, then the inviter who sent the link. */
  welcome: '/welcome/:inviteeId?/:inviterId?',
  /** Every e-mail's link: the server redirects it to the welcome page or to Firebase's handler. */
  emailAction: '/auth/action',
  /** "I already have an account": the server redirects to the inviter's short link. */
  inviterAppLink: '/app-link/:inviterId',
  /** The front door, for someone who arrives with no invitation: the product and its stores. */
  home: '/',
} as const;

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
