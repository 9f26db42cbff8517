/**
 * Every e-mail of the project links to `/auth/action` (the console's custom action URL,
 * docs/deploying.md). A verification e-mail of this companion goes on to its welcome page, in the
 * language its continue URL carries (`?lg=`): the welcome page applies the code and activates, so a
 * link opened twice (a mail scanner first) or after the address was confirmed still welcomes, where
 * Firebase's own page would say the link was used. Every other e-mail, password resets included,
 * goes to Firebase's handler unchanged. The server answers `/auth/action` with the redirect
 * (functions/src/pages/flows/page-flow.ts), so the welcome page is the server's page from the first
 * byte.
 */
import { pagePatterns } from '@dayfocus/contracts/page-paths';
import { matchPath } from 'react-router';
import type { RuntimeConfig } from '@dayfocus/contracts/runtime-config';
import { sameOriginUrl } from './paths';

/** The auth domain is the site itself once deployed. */
function firebaseActionHandler(config: RuntimeConfig): string {
  return config.emulators
    ? `${config.emulators.auth}/emulator/action`
    : `https://${config.firebase.authDomain}/__/auth/action`;
}

/** `query` is `/auth/action`'s; the welcome page's answer is a path of this site. */
export function emailActionTarget(query: string, config: RuntimeConfig): string {
  const search = new URLSearchParams(query);
  const code = search.get('oobCode');
  const origin = new URL(config.productDomain).origin;
  const welcome =
    search.get('mode') === 'verifyEmail' && code ? sameOriginUrl(search.get('continueUrl'), origin) : null;
  const match = welcome ? matchPath(pagePatterns.welcome, welcome.pathname) : null;
  if (!welcome || !match?.params.inviteeId || !match.params.inviterId) {
    return `${firebaseActionHandler(config)}?${search.toString()}`;
  }
  const next = new URLSearchParams(welcome.search);
  next.set('mode', 'verifyEmail');
  next.set('oobCode', code ?? '');
  return `${welcome.pathname}?${next.toString()}`;
}
