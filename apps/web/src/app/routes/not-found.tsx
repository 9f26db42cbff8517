import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/page';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <p className="lead">{t('notFound.body')}</p>
      <Link className="button button-secondary" to={paths.home.href()}>
        {t('notFound.home')}
      </Link>
    </Page>
  );
}
