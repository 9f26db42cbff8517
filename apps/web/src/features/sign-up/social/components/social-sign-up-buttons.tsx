import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { OpenInBrowser, useInAppBrowser } from '@/components/open-in-browser';
import { useTakenOver } from '@/lib/taken-over';
import type { Phone } from '@dayfocus/contracts/phones';
import { usePhone } from '@/lib/use-phone';
import type { Provider } from '../api/social-sign-in';
import { useSocialSignIn } from '../hooks/use-social-sign-in';
import { ProviderButton } from './provider-button';
import { SignInProblem } from './sign-in-problem';

/** The phone's own first; elsewhere Google, as more people have a Google account than an Apple ID (docs/arrival.md). */
export function providerOrder(phone: Phone | undefined): Provider[] {
  return phone === 'ios' ? ['apple.com', 'google.com'] : ['google.com', 'apple.com'];
}

/** In an in-app browser, Google (the way out in its place) last: the ways that work there come first. */
function inAppOrder(providers: Provider[], inApp: boolean): Provider[] {
  return inApp ? [...providers.filter((p) => p !== 'google.com'), 'google.com'] : providers;
}

/**
 * Inside an in-app browser Google is not offered: Google refuses to sign in there, so the way into
 * the real browser stands after the ways that work in the app, and `inAppFirst` (the e-mail way,
 * there the page's one filled action) leads: on a 360x740 phone the notice alone would fill the
 * first screen, and no provider is filled there. A tap that comes before the app has taken the server's page
 * over is kept: the buttons submit a GET form (START_PARAM), and the page that comes back starts
 * that sign-in by redirect (only after a tap: lib/sign-in-start.ts).
 */
export function SocialSignUpButtons({
  inviterId,
  disabled,
  onSignedUp,
  inAppFirst,
  children,
}: {
  inviterId: string | undefined;
  disabled: boolean;
  onSignedUp: (signedUp: { uid: string; answer: ActivationAnswer }) => void;
  /** In an in-app browser, the way that leads, before the providers (the e-mail way). */
  inAppFirst?: ReactNode;
  /** The page's other ways (e-mail, "I already have an account"), between the buttons and what a sign-in says. */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  // Known to the server's render too (the request's user agent): the same order when the app takes over.
  const phone = usePhone();
  const formId = useId();
  const takenOver = useTakenOver();
  const inApp = useInAppBrowser();
  const { pathname } = useLocation();
  const { busy, problem, popupReady, tap, retry } = useSocialSignIn({
    inviterId,
    inAppBrowser: inApp !== null,
    onSignedUp,
  });

  return (
    <>
      <form id={formId} method="get" action={pathname} hidden>
        <input type="hidden" name="lg" value={i18n.language} />
      </form>
      {/* Without scripts a provider's button can only load this page again: said before the tap. */}
      <noscript>
        <p className="alert alert-info">{t('socialSignUp.needsJavaScript')}</p>
      </noscript>
      {inApp && inAppFirst}
      {inAppOrder(providerOrder(phone), inApp !== null).map((provider, index) =>
        provider === 'google.com' && inApp ? (
          <OpenInBrowser key={provider} inApp={inApp}>
            <p>{t('inAppBrowser.google')}</p>
          </OpenInBrowser>
        ) : (
          <ProviderButton
            key={provider}
            provider={provider}
            form={formId}
            from={pathname}
            first={index === 0 && !inApp}
            takenOver={takenOver}
            disabled={disabled || !inviterId || busy !== null}
            busy={busy === provider}
            popupReady={popupReady}
            onTap={() => tap(provider)}
          />
        ),
      )}
      {children}
      <SignInProblem busy={busy} problem={problem} onRetry={() => void retry()} />
    </>
  );
}
