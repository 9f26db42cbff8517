import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import type { ActivationAnswer } from '@/features/welcome/api/activate-account';
import { ActivationStatus } from '@/features/welcome/components/activation-status';
import { AppHandoff } from '@/features/welcome/components/app-handoff';
import { FriendGreeting } from '@/features/welcome/components/friend-greeting';

/** `/welcome/:inviteeId?/:inviterId?` and `/`: welcome and the store badges; with an invitee, activates that account first. */
export default function WelcomeRoute() {
  const { t } = useTranslation();
  const { inviteeId, inviterId } = useParams();
  const [search] = useSearchParams();
  const verificationCode = search.get('mode') === 'verifyEmail' ? (search.get('oobCode') ?? undefined) : undefined;
  // Once activation answers: the new friend, greeted by name, and the way to the app.
  const content = (answer?: ActivationAnswer) => (
    <>
      {answer?.inviter && <FriendGreeting inviter={answer.inviter} />}
      <p className="lead">{t('welcome.congratulations')}</p>
      <p className="download-prompt">{t('welcome.download')}</p>
      <AppHandoff inviteLink={answer?.inviteLink ?? null} />
    </>
  );
  return (
    <Page title={t('welcome.title')}>
      {inviteeId ? (
        <ActivationStatus activation={{ uid: inviteeId, inviterId, verificationCode }}>{content}</ActivationStatus>
      ) : (
        content()
      )}
    </Page>
  );
}
