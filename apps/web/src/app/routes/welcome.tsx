import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { ActivationStatus } from '@/features/welcome/components/activation-status';
import { StoreBadges } from '@/features/welcome/components/store-badges';

/** `/welcome/:uid?/:fid?` and `/`: welcome and the store badges; with a uid, activates that account first. */
export default function WelcomeRoute() {
  const { t } = useTranslation();
  const { uid, fid } = useParams();
  const [search] = useSearchParams();
  const verificationCode = search.get('mode') === 'verifyEmail' ? (search.get('oobCode') ?? undefined) : undefined;
  const content = (
    <>
      <p className="lead">{t('welcome.congratulations')}</p>
      <p className="download-prompt">{t('welcome.download')}</p>
      <StoreBadges />
    </>
  );
  return (
    <Page title={t('welcome.title')}>
      {uid ? (
        <ActivationStatus activation={{ uid, inviterId: fid, verificationCode }}>{content}</ActivationStatus>
      ) : (
        content
      )}
    </Page>
  );
}
