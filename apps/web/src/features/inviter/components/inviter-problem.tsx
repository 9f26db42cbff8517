import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import type { InviterStatus } from '../api/get-inviter';

/** A change from one problem to the other is announced and focused anew (focusKey). */
export function InviterProblem({ status }: { status: InviterStatus }) {
  const { t } = useTranslation();
  if (status.state === 'unknown') return <Alert focusKey="unknown">{t('invitation.invalidUrl')}</Alert>;
  if (status.state === 'unavailable') {
    return (
      <Alert focusKey="unavailable">
        <p>{t('invitation.unavailable')}</p>
        <button type="button" className="button button-secondary" onClick={status.retry}>
          {t('app.retry')}
        </button>
      </Alert>
    );
  }
  return null;
}
