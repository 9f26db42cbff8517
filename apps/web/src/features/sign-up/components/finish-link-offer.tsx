import { useTranslation } from 'react-i18next';
import { useMailSignUpLink } from '../api/finish-sign-up';

/**
 * Under "already registered": the address may be her own sign-up, left half-way and tried again
 * with another password. One tap asks for the link that finishes it; the answer says "if", as
 * the server tells nobody whether the address had one.
 */
export function FinishLinkOffer({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const mail = useMailSignUpLink();
  if (mail.isSuccess) {
    return (
      <p className="status-note" role="status">
        {t('signUp.finishLinkSent', { email })}
      </p>
    );
  }
  return (
    <>
      <p>{t('signUp.finishLinkOffer')}</p>
      <button
        type="button"
        className="button button-secondary"
        disabled={mail.isPending}
        aria-busy={mail.isPending}
        onClick={() => mail.mutate({ email, language: i18n.language })}
      >
        {t('signUp.finishLinkButton')}
      </button>
      {mail.isError && <p className="field-error">{t('signUp.finishLinkFailed')}</p>}
    </>
  );
}
