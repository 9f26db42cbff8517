import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/page';
import { href } from '@dayfocus/contracts/page-paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <p className="lead">{t('notFound.body')}</p>
      <Link className="button button-secondary" to={href('home')}>
        {t('notFound.home')}
      </Link>
    </Page>
  );
}
