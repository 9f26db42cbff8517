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
  // The page, whole before activation answers (the greeting's place and the buttons that need the
  // invite link held, so nothing moves), then the new friend, greeted by name, and the way to the app.
  const content = (answer?: ActivationAnswer, pending = false) => (
    <>
      {(pending || answer?.inviter) && <FriendGreeting inviter={answer?.inviter ?? undefined} />}
      <p className="lead">{t('welcome.congratulations')}</p>
      <p className="download-prompt">{t('welcome.download')}</p>
      <AppHandoff inviteLink={answer?.inviteLink ?? null} pending={pending} />
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
