import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { isInvitationClosedRefusal, isInvitationReplacedRefusal } from '@dayfocus/contracts/invite-controls';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firebaseAuth } from '@/lib/auth';
import {
  failureMessageKey,
  firebaseErrorCode,
  isCancelledSignIn,
  isUnverifiedProvider,
  signInFailureKey,
} from '@/lib/errors';
import { useCompleteSocialSignUp } from '../api/complete-social-sign-up';
import { signInByPopup, signInByRedirect, type Provider } from '../api/social-sign-in';
import { signInByServer } from '../api/server-start';
import { useSignInOnOpen } from './use-sign-in-on-open';

/** The provider whose sign-in runs, the server step once signed in, or nothing. */
export type Busy = Provider | 'finishing' | null;

export interface Problem {
  /** What the person is told (a translation key, which may name `{{provider}}`). */
  message: string;
  provider?: Provider;
  /** Cancelled by the person: said calmly (a status), not as an alert. */
  cancelled?: boolean;
  /** Signed in, but the server step failed: "Try again" repeats only that step. */
  finishPending: boolean;
  /** Each failure is announced anew. */
  key: number;
}

export interface SocialSignInOptions {
  inviterId: string | undefined;
  /** The page runs in an in-app browser, where popups fail: a tap goes by redirect. */
  inAppBrowser: boolean;
  onSignedUp: (signedUp: { uid: string; answer: ActivationAnswer }) => void;
}

/**
 * docs/arrival.md: a tap opens the popup within the tap, or goes by redirect where a popup cannot
 * be had (an in-app browser, Auth not ready yet, the popup blocked); then the server completes the
 * sign-up. The session stays in the tab for the welcome page.
 */
export function useSocialSignIn({ inviterId, inAppBrowser, onSignedUp }: SocialSignInOptions) {
  const { i18n } = useTranslation();
  const completeSignUp = useCompleteSocialSignUp();
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  function fail(error: unknown, finishPending: boolean, provider?: Provider) {
    const cancelled = isCancelledSignIn(error);
    // eslint-disable-next-line no-console
    if (!cancelled) console.error('Sign-up with a provider failed', error);
    const message = provider ? signInFailureKey(error) : failureMessageKey(error);
    setBusy(null);
    if (!message) return;
    setProblem((last) => ({ message, provider, cancelled, finishPending, key: (last?.key ?? 0) + 1 }));
  }

  /** The server step, once signed in; on failure the session stays, so a retry needs no new sign-in. */
  async function finish() {
    const uid = firebaseAuth().currentUser?.uid;
    if (!inviterId || !uid) return;
    setBusy('finishing');
    setProblem(null);
    let answer: ActivationAnswer;
    try {
      answer = await completeSignUp.mutateAsync({ inviterId });
    } catch (error) {
      // Her invitation closed after the page was drawn, or the provider did not confirm her address:
      // trying again meets the same answer, so the words stand alone, in the place kept for them.
      fail(
        error,
        !isInvitationClosedRefusal(error) && !isInvitationReplacedRefusal(error) && !isUnverifiedProvider(error),
      );
      return;
    }
    // The session stays in this tab (session storage) for the welcome page: its "Get the app" hands
    // it to the app as a sign-in handoff, then ends it (features/welcome/api/sign-in-handoff.ts).
    onSignedUp({ uid, answer });
  }

  /** The `?start=` the server sent back: it does not start this provider, Firebase's redirect does. */
  function redirect(provider: Provider) {
    signInByRedirect(provider, i18n.language).catch((error: unknown) => fail(error, false, provider));
  }

  // Synchronous up to the popup: window.open must run within the tap.
  function tap(provider: Provider) {
    if (!inviterId) return;
    setProblem(null);
    setBusy(provider);
    const popup = inAppBrowser ? undefined : signInByPopup(provider, i18n.language);
    if (!popup) {
      signInByServer(provider, i18n.language);
      return;
    }
    popup.then(
      () => void finish(),
      (error: unknown) => {
        if (firebaseErrorCode(error) === 'popup-blocked') signInByServer(provider, i18n.language);
        else fail(error, false, provider);
      },
    );
  }

  const popupReady = useSignInOnOpen({
    onStart: (provider) => {
      setBusy(provider);
      redirect(provider);
    },
    onLeaving: (provider) => setBusy(provider),
    onReturning: () => setBusy('finishing'),
    onRedirectResult: (signedIn) => {
      if (signedIn) void finish();
      else setBusy((current) => (current === 'finishing' ? null : current));
    },
    onRedirectFailure: (error, provider) => fail(error, false, provider),
  });

  /** `retry`: the server step again, after it failed (`problem.finishPending`). */
  return { busy, problem, popupReady, tap, retry: finish };
}
