import { signOut } from 'firebase/auth';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { useEffect, useEffectEvent, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/alert';
import { OpenInBrowser, useInAppBrowser } from '@/components/open-in-browser';
import { firebaseAuth, prepareAuth } from '@/lib/auth';
import { currentInAppBrowser } from '@/lib/in-app-browser';
import { isStartProvider, START_PARAM, takeStartTap } from '@/lib/sign-in-start';
import { useHydrated } from '@/lib/use-hydrated';
import { usePlatform } from '@/lib/use-platform';
import type { Platform } from '@/lib/platform';
import { failureMessageKey, firebaseErrorCode, isCancelledSignIn, signInFailureKey } from '@/lib/errors';
import { useCompleteSocialSignUp } from '../api/complete-social-sign-up';
import {
  RedirectSignInError,
  redirectSignIn,
  returningFromRedirect,
  signInByPopup,
  signInByRedirect,
  type Provider,
} from '../api/social-sign-in';

type Busy = Provider | 'finishing' | null;

interface Problem {
  /** What the person is told (a translation key, which may name `{{provider}}`). */
  message: string;
  /** The provider whose sign-in failed or was cancelled. */
  provider?: Provider;
  /** Cancelled by the person: said calmly (a status), not as an alert. */
  cancelled?: boolean;
  /** Signed in, but the server step failed: "Try again" repeats only that step. */
  finishPending: boolean;
  /** Each failure is announced anew. */
  key: number;
}

const providerNames: Record<Provider, string> = { 'apple.com': 'Apple', 'google.com': 'Google' };

/**
 * The providers in the order the page offers them: the phone's own first (Apple on an iPhone,
 * Google on Android, where most of our visitors are); elsewhere Google first, as more people
 * have a Google account than an Apple ID (docs/arrival.md).
 */
export function providerOrder(platform: Platform): Provider[] {
  return platform === 'ios' ? ['apple.com', 'google.com'] : ['google.com', 'apple.com'];
}

/**
 * Sign-up with Apple or Google (docs/arrival.md): a popup opened within the tap, or the full-page
 * redirect where a popup cannot be had (blocked, Auth not ready yet at the tap, an in-app
 * browser); then the server completes the sign-up (completeSocialSignUp), the browser signs out
 * and `onSignedUp` runs. Inside an in-app browser Google is not offered: Google refuses to sign
 * in there, so the way into the real browser stands in its place. A tap that comes before the app
 * has taken the server's page over is kept: the buttons submit a GET form (START_PARAM), and the
 * page that comes back starts that sign-in by redirect (only after a tap: lib/sign-in-start.ts).
 */
export function SocialSignUpButtons({
  inviterId,
  disabled,
  onSignedUp,
  children,
}: {
  inviterId: string | undefined;
  disabled: boolean;
  /** The account made or completed, and the server's answer: the inviter now a friend, her short link. */
  onSignedUp: (signedUp: { uid: string; answer: ActivationAnswer }) => void;
  /** The page's other ways (e-mail, "I already have an account"), between the buttons and what a sign-in says. */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  // Known to the server's render too (the request's user agent): the same order when it hydrates.
  const platform = usePlatform();
  const formId = useId();
  const hydrated = useHydrated();
  const inApp = useInAppBrowser();
  const completeSignUp = useCompleteSocialSignUp();
  const [busy, setBusy] = useState<Busy>(null);
  /** Auth is ready: a tap opens the popup (before, it goes by redirect). Marked on the buttons. */
  const [popupReady, setPopupReady] = useState(false);
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<Problem | null>(null);

  /** The server step failed (`finishPending`), or the sign-in with `provider` did. */
  function fail(error: unknown, finishPending: boolean, provider?: Provider) {
    const cancelled = isCancelledSignIn(error);
    // eslint-disable-next-line no-console
    if (!cancelled) console.error('Sign-up with a provider failed', error);
    const message = provider ? signInFailureKey(error) : failureMessageKey(error);
    setBusy(null);
    if (!message) return;
    setProblem((last) => ({
      message,
      provider,
      cancelled,
      finishPending,
      key: (last?.key ?? 0) + 1,
    }));
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
      fail(error, true);
      return;
    }
    // Nothing after this needs the session (the welcome page and the app sign in on their own).
    await signOut(firebaseAuth()).catch(() => undefined);
    onSignedUp({ uid, answer });
  }

  // What a redirect brought back: the sign-up to finish, or the sign-in's failure.
  const redirected = useEffectEvent((credential: Awaited<ReturnType<typeof redirectSignIn>>) => {
    if (credential && firebaseAuth().currentUser?.uid === credential.user.uid) void finish();
    else setBusy((current) => (current === 'finishing' ? null : current));
  });
  const redirectFailed = useEffectEvent((error: unknown) => {
    if (error instanceof RedirectSignInError) fail(error.cause, false, error.provider);
    else fail(error, false);
  });

  /**
   * What the page opens with: back from a provider's page, the sign-up is finishing until the
   * result is read; or a tap the server's page took before the app ran, whose sign-in goes by
   * redirect (not Google's inside an in-app browser, which refuses it: the way out is on the page).
   */
  const opened = useEffectEvent(() => {
    const requested = search.get(START_PARAM);
    if (isStartProvider(requested)) {
      const rest = new URLSearchParams(search);
      rest.delete(START_PARAM);
      void navigate({ pathname, search: rest.size > 0 ? `?${rest}` : '' }, { replace: true });
      // Only a tap on this page's own form starts a sign-in (lib/sign-in-start.ts): a link with
      // `?start=`, wherever it was, opens the page.
      if (!takeStartTap(pathname, requested)) return;
      if (requested === 'google.com' && currentInAppBrowser()) return;
      setBusy(requested);
      redirect(requested);
    } else if (returningFromRedirect()) setBusy('finishing');
  });

  // Readies Auth for a tap, and reads a redirect's result: once per page, as it can be read once.
  useEffect(() => {
    let live = true;
    // Known only in the browser (session storage, the URL), so not before hydration: the
    // server's copy of the page has no such state. One more render when the page opens.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    opened();
    redirectSignIn().then(
      (credential) => live && redirected(credential),
      (error: unknown) => live && redirectFailed(error),
    );
    prepareAuth().then(
      () => live && setPopupReady(true),
      () => undefined, // a tap then goes by redirect, which tries Auth again
    );
    return () => {
      live = false;
    };
  }, []);

  function redirect(provider: Provider) {
    signInByRedirect(provider, i18n.language).catch((error: unknown) => fail(error, false, provider));
  }

  // Synchronous up to the popup: window.open must run within the tap.
  function tap(provider: Provider) {
    if (!inviterId) return;
    setProblem(null);
    setBusy(provider);
    const popup = inApp ? undefined : signInByPopup(provider, i18n.language);
    if (!popup) {
      redirect(provider);
      return;
    }
    popup.then(
      () => void finish(),
      (error: unknown) => {
        if (firebaseErrorCode(error) === 'popup-blocked') redirect(provider);
        else fail(error, false, provider);
      },
    );
  }

  const buttons = { 'apple.com': t('socialSignUp.apple'), 'google.com': t('socialSignUp.google') };
  const problemText = ({ message, provider }: Problem) =>
    t(message, { provider: provider ? providerNames[provider] : '' });
  return (
    <>
      <form id={formId} method="get" action={pathname} hidden>
        <input type="hidden" name="lg" value={i18n.language} />
      </form>
      {providerOrder(platform).map((provider, index) =>
        provider === 'google.com' && inApp ? (
          <OpenInBrowser key={provider} inApp={inApp}>
            <p>{t('inAppBrowser.google')}</p>
          </OpenInBrowser>
        ) : (
          <button
            key={provider}
            // The server's copy submits the form (START_PARAM); the app's opens the popup.
            type={hydrated ? 'button' : 'submit'}
            form={formId}
            name={START_PARAM}
            value={provider}
            // The first is the filled one: one button stands out, the phone's own provider.
            className={`button button-${provider === 'apple.com' ? 'apple' : 'google'}${index === 0 ? ' button-first' : ''}`}
            disabled={disabled || !inviterId || busy !== null}
            aria-busy={busy === provider}
            data-popup-ready={popupReady || undefined}
            onClick={() => tap(provider)}
          >
            {busy === provider ? (
              <span className="spinner spinner-inline" aria-hidden="true" />
            ) : (
              <ProviderMark provider={provider} />
            )}
            {buttons[provider]}
          </button>
        ),
      )}
      {children}
      {/* What a sign-in says, in a place kept for it at the end: nothing moves when it comes. */}
      <div className="sign-in-problem">
        <div role="status">
          {busy === 'finishing' ? (
            <p className="status-note">
              <span className="spinner spinner-inline" aria-hidden="true" />
              {t('socialSignUp.finishing')}
            </p>
          ) : (
            problem?.cancelled && <p className="alert alert-info">{problemText(problem)}</p>
          )}
        </div>
        {busy !== 'finishing' && problem && !problem.cancelled && (
          <Alert focusKey={problem.key}>
            <p>{problemText(problem)}</p>
            {problem.finishPending && (
              <button type="button" className="button button-secondary" onClick={() => void finish()}>
                {t('app.retry')}
              </button>
            )}
          </Alert>
        )}
      </div>
    </>
  );
}

function ProviderMark({ provider }: { provider: Provider }) {
  if (provider === 'google.com') {
    return (
      <svg className="provider-mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="#fff" />
        <path
          d="M12 6.5a5.5 5.5 0 1 0 5.4 6.5H12v-2.2h7.7A7.7 7.7 0 1 1 17.4 6.6l-1.6 1.6A5.5 5.5 0 0 0 12 6.5z"
          fill="#1F2937"
        />
      </svg>
    );
  }
  return (
    <svg className="provider-mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M16.4 12.6c0-2.2 1.8-3.2 1.9-3.3a4.1 4.1 0 0 0-3.2-1.7c-1.4-.1-2.6.8-3.3.8s-1.7-.8-2.8-.8A4.2 4.2 0 0 0 5.5 10c-1.5 2.6-.4 6.4 1.1 8.5.7 1 1.5 2.2 2.6 2.1 1-.04 1.4-.7 2.7-.7s1.6.7 2.7.7c1.1 0 1.8-1 2.5-2a8.6 8.6 0 0 0 1.1-2.3 3.6 3.6 0 0 1-1.8-3.7zM14.3 6.1A3.7 3.7 0 0 0 15.2 3.4a3.8 3.8 0 0 0-2.5 1.3 3.5 3.5 0 0 0-.9 2.6 3.1 3.1 0 0 0 2.5-1.2z"
        fill="currentColor"
      />
    </svg>
  );
}
