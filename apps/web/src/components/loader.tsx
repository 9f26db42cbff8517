import { useTranslation } from 'react-i18next';

export function Loader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="loader-label">{label ?? t('app.loading')}</span>
    </div>
  );
}
