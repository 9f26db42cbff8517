import { useTranslation } from 'react-i18next';
import { useMailSignUpLink, type FinishLinkTarget } from '../api/finish-sign-up';

/**
 * The link that finishes a sign-up left half-way, one tap away: under "already registered" (the
 * address may be her own sign-up, tried again with another password), or on the form reached from
 * an expired or cut verification link (by its account). The answer says "if", as the server tells
 * nobody whether there was a sign-up to finish.
 */
export function FinishLinkOffer({ target }: { target: FinishLinkTarget }) {
  const { t, i18n } = useTranslation();
  const mail = useMailSignUpLink();
  const byAddress = 'email' in target;
  if (mail.isSuccess) {
    return (
      <p className="status-note" role="status">
        {byAddress ? t('signUp.finishLinkSent', { email: target.email }) : t('signUp.resumeSent')}
      </p>
    );
  }
  return (
    <>
      <p>{byAddress ? t('signUp.finishLinkOffer') : t('signUp.resumeOffer')}</p>
      <button
        type="button"
        className="button button-secondary"
        disabled={mail.isPending}
        aria-busy={mail.isPending}
        onClick={() => mail.mutate({ target, language: i18n.language })}
      >
        {t('signUp.finishLinkButton')}
      </button>
      {mail.isError && <p className="field-error">{t('signUp.finishLinkFailed')}</p>}
    </>
  );
}
