import { GoogleAuthProvider, OAuthProvider, signInWithPopup, signOut, type AuthProvider } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { firebaseAuth } from '@/lib/auth';
import { firebaseErrorCode } from '@/lib/errors';
import { useCompleteSocialSignUp } from '../api/complete-social-sign-up';

type Provider = 'apple.com' | 'google.com';

function authProvider(provider: Provider): AuthProvider {
  if (provider === 'google.com') return new GoogleAuthProvider();
  const apple = new OAuthProvider('apple.com');
  apple.addScope('email');
  apple.addScope('name');
  return apple;
}

/** The visitor closed or cancelled the popup: nothing to tell them. */
const CANCELLED = new Set(['popup-closed-by-user', 'cancelled-popup-request', 'user-cancelled']);

/**
 * Sign-up with Apple or Google in a popup; on success the server completes the sign-up
 * (completeSocialSignUp) and `onSignedUp` runs. A failure is logged and the visitor stays.
 */
export function SocialSignUpButtons({
  inviterId,
  disabled,
  onSignedUp,
}: {
  inviterId: string | undefined;
  disabled: boolean;
  onSignedUp: () => void;
}) {
  const { t } = useTranslation();
  const completeSignUp = useCompleteSocialSignUp();
  const [busy, setBusy] = useState<Provider | null>(null);
  const [failed, setFailed] = useState(0);

  // Auth prepares its popup helper when it starts; starting it now keeps the click's popup
  // from waiting on that (a popup opened late can be blocked by the browser).
  useEffect(() => {
    firebaseAuth();
  }, []);

  async function signUp(provider: Provider) {
    if (!inviterId) return;
    setBusy(provider);
    let signedIn = false;
    try {
      await signInWithPopup(firebaseAuth(), authProvider(provider));
      signedIn = true;
      await completeSignUp.mutateAsync({ inviterId });
      onSignedUp();
    } catch (error) {
      // eslint-disable-next-line no-console
      console.error(`Sign-up with ${provider} failed`, error);
      if (!CANCELLED.has(firebaseErrorCode(error) ?? '')) setFailed((n) => n + 1);
    } finally {
      // As the email path does: nothing after this needs the session (the welcome page and the
      // app sign in on their own), and a browser left signed in, perhaps a shared one, would
      // keep the account open to whoever comes next. A retry opens the popup again.
      if (signedIn) await signOut(firebaseAuth()).catch(() => undefined);
      setBusy(null);
    }
  }

  const buttons: { provider: Provider; label: string; className: string }[] = [
    { provider: 'apple.com', label: t('socialSignUp.apple'), className: 'button button-apple' },
    { provider: 'google.com', label: t('socialSignUp.google'), className: 'button button-google' },
  ];
  return (
    <>
      {buttons.map(({ provider, label, className }) => (
        <button
          key={provider}
          type="button"
          className={className}
          disabled={disabled || !inviterId || busy !== null}
          aria-busy={busy === provider}
          onClick={() => void signUp(provider)}
        >
          {busy === provider ? (
            <span className="spinner spinner-inline" aria-hidden="true" />
          ) : (
            <ProviderMark provider={provider} />
          )}
          {label}
        </button>
      ))}
      {failed > 0 && <Alert focusKey={failed}>{t('app.genericError')}</Alert>}
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
