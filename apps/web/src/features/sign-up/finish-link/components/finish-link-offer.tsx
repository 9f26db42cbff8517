import { useTranslation } from 'react-i18next';
import { WithAddress } from '@/components/with-address';
import { useNavigate } from 'react-router';
import { useMailSignUpLink, type FinishLinkTarget } from '../api/finish-sign-up';
import { useFinishedElsewhere } from '../hooks/use-finished-elsewhere';

/**
 * The link that finishes a sign-up left half-way, one tap away: under "already registered" (the
 * address may be her own sign-up, tried again with another password: there it is the likely way on,
 * so `primary`), or on the form reached from an expired or cut verification link (by its account).
 * The answer says "if", as the server tells nobody whether there was a sign-up to finish, and "on
 * its way", as the mailbox's minute may hold the mail back a little (sign-up-link-flow.ts).
 */
export function FinishLinkOffer({
  target,
  inviterId,
  primary = false,
}: {
  target: FinishLinkTarget;
  /** The invitation the sign-up is of: once the link has finished it in this browser, on to its welcome page. */
  inviterId: string;
  primary?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const mail = useMailSignUpLink();
  const navigate = useNavigate();
  useFinishedElsewhere(inviterId, target, (welcome) => void navigate(welcome, { replace: true }));
  const byAddress = 'email' in target;
  if (mail.isSuccess) {
    return (
      <p className="status-note" role="status">
        {byAddress ? (
          <WithAddress text={t('signUp.finishLinkSent', { email: target.email })} address={target.email} />
        ) : (
          t('signUp.resumeSent')
        )}
      </p>
    );
  }
  return (
    <>
      <p>{byAddress ? t('signUp.finishLinkOffer') : t('signUp.resumeOffer')}</p>
      <button
        type="button"
        className={`button ${primary ? 'button-primary' : 'button-secondary'}`}
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
