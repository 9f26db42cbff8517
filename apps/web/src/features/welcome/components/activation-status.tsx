import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessageKey } from '@/lib/errors';
import { useActivation, VerificationLinkError, type Activation, type ActivationAnswer } from '../api/activate-account';

/**
 * Activates the new account named in the link (after applying the e-mail's verification
 * code, if it carried one): `children` pending (the page is whole meanwhile: the server renders it
 * so), the place of "Activated" held, then `children` with the answer; a
 * failure shows what went wrong and a retry instead of hanging (and `children` without an
 * answer: the app can be downloaded whatever happened here).
 */
export function ActivationStatus({
  activation,
  children,
}: {
  activation: Activation;
  children: (answer: ActivationAnswer | undefined, pending: boolean) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const query = useActivation(activation);
  useEffect(() => {
    // eslint-disable-next-line no-console
    if (query.error) console.error('Activation failed', query.error);
  }, [query.error]);
  if (query.isPending) {
    return (
      <>
        {/* Where "Activated" will be said (the greeting below says what is going on meanwhile). */}
        <p className="status-note" role="status">
          {'\u00a0'}
        </p>
        {children(undefined, true)}
      </>
    );
  }
  if (query.isError) {
    const error = query.error;
    // The store badges stay: the app can be downloaded whatever happened here. Each failed try
    // is announced anew (focusKey), and the retry button keeps its focus while it works.
    if (error instanceof VerificationLinkError) {
      return (
        <>
          <Alert focusKey={query.errorUpdatedAt}>
            <p>{error.outcome === 'expired' ? t('welcome.linkExpired') : t('welcome.linkInvalid')}</p>
            <p>{t('welcome.newLink')}</p>
            {activation.inviterId && (
              <Link className="button button-secondary" to={paths.signUp.href(activation.inviterId)}>
                {t('welcome.signUpAgain')}
              </Link>
            )}
          </Alert>
          {children(undefined, false)}
        </>
      );
    }
    const message = t(
      failureMessageKey(error, {
        byCode: { 'failed-precondition': 'welcome.notVerified' },
        fallback: 'welcome.activationFailed',
      }),
    );
    return (
      <>
        <Alert focusKey={query.errorUpdatedAt}>
          <p>{message}</p>
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={query.isFetching}
            onClick={() => {
              if (!query.isFetching) void query.refetch();
            }}
          >
            {query.isFetching && <span className="spinner spinner-inline" aria-hidden="true" />}
            {t('app.retry')}
          </button>
        </Alert>
        {children(undefined, false)}
      </>
    );
  }
  return (
    <>
      <p className="status-note" role="status">
        {t('welcome.activated')}
      </p>
      {children(query.data, false)}
    </>
  );
}
