import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { useFetchAppLink } from '../api/create-app-link';

/**
 * "I already have an account": opens the inviter's short link, which takes a phone to the
 * app (or its store page) with the inviter in it.
 */
export function HaveAccountButton({
  inviterId,
  disabled,
  variant = 'secondary',
}: {
  inviterId: string | undefined;
  disabled: boolean;
  variant?: 'secondary' | 'link';
}) {
  const { t } = useTranslation();
  const fetchAppLink = useFetchAppLink();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function open() {
    if (!inviterId) return;
    setBusy(true);
    setFailed(false);
    try {
      const { shortLink } = await fetchAppLink(inviterId);
      // Only a web link leaves this page (the optional link provider is a third party).
      if (!/^https?:$/.test(new URL(shortLink).protocol))
        throw new Error(`createAppLink answered a link that is not http(s): ${shortLink}`);
      window.location.assign(shortLink);
    } catch (error) {
      // eslint-disable-next-line no-console
      console.error('createAppLink failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={variant === 'link' ? 'button button-link' : 'button button-secondary'}
        disabled={disabled || busy || !inviterId}
        aria-busy={busy}
        onClick={() => void open()}
      >
        {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
        {t('invitation.haveAccount')}
      </button>
      {failed && <Alert>{t('app.genericError')}</Alert>}
    </>
  );
}
