import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { StoreBadges } from '@/features/welcome/components/store-badges';
import { usePhone } from '@/lib/use-phone';

/**
 * `/`: the front door, for someone who arrives with no invitation (a typed address, the home
 * link of another page): what Dayfocus is, how an invitation works, and the app for this phone
 * (the server renders it for the request's user agent; a desktop gets both stores).
 * Nothing here congratulates: this person has done nothing yet.
 */
export default function HomeRoute() {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Page title={t('home.title')}>
      <p className="lead">{t('product.about')}</p>
      <p>{t('home.invited')}</p>
      <h2 className="section-heading">{t('product.getApp')}</h2>
      <StoreBadges phone={phone} inviteCode={null} deviceOnly />
    </Page>
  );
}
