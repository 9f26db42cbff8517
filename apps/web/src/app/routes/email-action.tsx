import { useEffect, useMemo } from 'react';
import { matchPath, Navigate, useSearchParams } from 'react-router';
import { Loader } from '@/components/loader';
import { paths, sameOriginUrl } from '@/config/paths';
import { useRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';
import { useRouteLanguage } from '@/features/language/use-route-language';

/** The welcome page a verification e-mail of this companion continues to (same origin only), or null. */
function welcomeOf(continueUrl: string | null): URL | null {
  const url = sameOriginUrl(continueUrl, window.location.origin);
  if (!url) return null;
  const match = matchPath(paths.welcome.pattern, url.pathname);
  return match?.params.inviteeId && match.params.inviterId ? url : null;
}

/** Firebase's own handler of e-mail actions: on the auth domain (the site itself once deployed), or the Auth emulator's. */
function firebaseActionHandler(config: RuntimeConfig): string {
  return config.emulators
    ? `${config.emulators.auth}/emulator/action`
    : `https://${config.firebase.authDomain}/__/auth/action`;
}

/**
 * `/auth/action`: where every e-mail of the project leads (the console's custom action URL,
 * docs/deploying.md). A verification e-mail of this companion goes on to its welcome page with
 * its code, in its language: the welcome page applies the code and activates, so a link opened
 * twice (a mail scanner first) or after the address was confirmed still welcomes, where
 * Firebase's own page would say the link was used. Every other e-mail, the app's password
 * resets included, goes to Firebase's own handler, unchanged.
 */
export default function EmailActionRoute() {
  const [search] = useSearchParams();
  const config = useRuntimeConfig();
  const welcome = useMemo(
    () => (search.get('mode') === 'verifyEmail' && search.get('oobCode') ? welcomeOf(search.get('continueUrl')) : null),
    [search],
  );
  const languageReady = useRouteLanguage(welcome?.searchParams.get('lg') ?? search.get('lang') ?? undefined);

  useEffect(() => {
    if (!welcome) window.location.replace(`${firebaseActionHandler(config)}?${search.toString()}`);
  }, [welcome, config, search]);

  if (!welcome || !languageReady) return <Loader />;
  const next = new URLSearchParams(welcome.search);
  next.set('mode', 'verifyEmail');
  next.set('oobCode', search.get('oobCode') ?? '');
  return <Navigate replace to={`${welcome.pathname}?${next.toString()}`} />;
}
