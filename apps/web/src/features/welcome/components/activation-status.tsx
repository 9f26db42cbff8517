import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { Loader } from '@/components/loader';
import { firebaseErrorCode } from '@/lib/firebase';
import { useActivation, type Activation } from '../api/activate-account';

/**
 * Activates the new account named in the link (after applying the e-mail's verification
 * code, if it carried one): a loader until the server answers 200, then `children`; a
 * failure shows what went wrong and a retry instead of hanging.
 */
export function ActivationStatus({ activation, children }: { activation: Activation; children: React.ReactNode }) {
  const { t } = useTranslation();
  const query = useActivation(activation);
  if (query.isPending) return <Loader label={t('welcome.activating')} />;
  if (query.isError) {
    // eslint-disable-next-line no-console
    console.error('Activation failed', query.error);
    const notVerified = firebaseErrorCode(query.error) === 'failed-precondition';
    return (
      <>
        <Alert>
          <p>{notVerified ? t('welcome.notVerified') : t('welcome.activationFailed')}</p>
          <button type="button" className="button button-secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
            {query.isFetching && <span className="spinner spinner-inline" aria-hidden="true" />}
            {t('app.retry')}
          </button>
        </Alert>
      </>
    );
  }
  return (
    <>
      <p className="status-note" role="status">
        {t('welcome.activated')}
      </p>
      {children}
    </>
  );
}
