import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { firebaseAuth, prepareAuth } from '@/lib/auth';

import { currentInAppBrowser } from '@/lib/in-app-browser';
import { nextTask } from '@/lib/next-task';
import { isStartProvider, START_PARAM, takeStartTap } from '@/lib/sign-in-start';
import {
  RedirectSignInError,
  redirectSignIn,
  returningFromRedirect,
  tappedSignInStarted,
  type Provider,
} from '../api/social-sign-in';

/** What the method page does with what it finds when it opens. */
export interface OpeningHandlers {
  /** A tap the server's page took before the app ran: its sign-in starts, by redirect. */
  onStart: (provider: Provider) => void;
  /** That sign-in started already, before the app (takeover/entry.ts, `startTappedSignIn`): the page is leaving for it. */
  onLeaving: (provider: Provider) => void;
  /** Back from a provider's page: the sign-up is finishing until the result is read. */
  onReturning: () => void;
  /** A redirect's result read: signed in as the tab's user (the sign-up to finish), or nothing. */
  onRedirectResult: (signedIn: boolean) => void;
  /** A redirect's sign-in failed (`provider`: the one it went to, when known). */
  onRedirectFailure: (error: unknown, provider?: Provider) => void;
}

/**
 * Once per page: a redirect's result can be read once. Answers whether Auth is ready for a tap: a
 * tap then opens the popup (before, it goes by redirect).
 */
export function useSignInOnOpen(handlers: OpeningHandlers): boolean {
  const [popupReady, setPopupReady] = useState(false);
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const redirected = useEffectEvent((credential: Awaited<ReturnType<typeof redirectSignIn>>) => {
    handlers.onRedirectResult(credential !== null && firebaseAuth().currentUser?.uid === credential.user.uid);
  });
  const redirectFailed = useEffectEvent((error: unknown) => {
    if (error instanceof RedirectSignInError) handlers.onRedirectFailure(error.cause, error.provider);
    else handlers.onRedirectFailure(error);
  });

  const leaving = useEffectEvent((provider: Provider) => handlers.onLeaving(provider));
  const opened = useEffectEvent(() => {
    const requested = search.get(START_PARAM);
    if (isStartProvider(requested)) {
      const rest = new URLSearchParams(search);
      rest.delete(START_PARAM);
      void navigate({ pathname, search: rest.size > 0 ? `?${rest}` : '' }, { replace: true });
      // Only a tap on this page's own form starts a sign-in (lib/sign-in-start.ts): a link with
      // `?start=`, wherever it was, opens the page.
      if (!takeStartTap(pathname, requested)) return;
      // Google refuses to sign in inside an in-app browser: the way out is on the page.
      if (requested === 'google.com' && currentInAppBrowser()) return;
      handlers.onStart(requested);
    } else if (returningFromRedirect()) handlers.onReturning();
  });

  useEffect(() => {
    let live = true;
    const leavingFor = tappedSignInStarted();
    if (leavingFor) {
      // Reading a redirect's result now would take the sign-in's own mark away on its way out.
      leaving(leavingFor);
      return;
    }
    // Known only in the browser (session storage, the URL), so not before the takeover: the
    // server's copy of the page has no such state. One more render when the page opens.
    opened();
    // Firebase Auth starts in a task of its own, after the page's commit: started in the commit's
    // effects it made the takeover's last task the page's longest on a slow phone.
    void nextTask().then(() => {
      if (!live) return;
      redirectSignIn().then(
        (credential) => live && redirected(credential),
        (error: unknown) => live && redirectFailed(error),
      );
      prepareAuth().then(
        () => live && setPopupReady(true),
        () => undefined, // a tap then goes by redirect, which tries Auth again
      );
    });
    return () => {
      live = false;
    };
  }, []);

  return popupReady;
}
