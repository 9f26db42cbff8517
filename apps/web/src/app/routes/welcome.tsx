import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import type { ActivationAnswer } from '@/features/welcome/api/activate-account';
import { ActivationStatus } from '@/features/welcome/components/activation-status';
import { AppHandoff } from '@/features/welcome/components/app-handoff';
import { FriendGreeting } from '@/features/welcome/components/friend-greeting';

/**
 * `/welcome/:inviteeId?/:inviterId?`: with an invitee, activates that account, then says
 * the news first ("You and Asha are now friends", congratulations), then the app for this device
 * (docs/deviations.md). Nothing celebrates before activation has succeeded, nor without an
 * invitee (nobody was activated here): then only the way to the app.
 */
export default function WelcomeRoute() {
  const { t } = useTranslation();
  const { inviteeId, inviterId } = useParams();
  const [search] = useSearchParams();
  const verificationCode = search.get('mode') === 'verifyEmail' ? (search.get('oobCode') ?? undefined) : undefined;
  // The page is whole before activation answers (the greeting's place, and the actions that need
  // the invite link held), so that nothing moves when the answer comes.
  const content = (answer: ActivationAnswer | undefined, pending: boolean) => (
    <>
      {(pending || answer) && <FriendGreeting inviter={answer?.inviter} pending={pending} />}
      <p className="download-prompt">{t('welcome.download')}</p>
      <AppHandoff inviteLink={answer?.inviteLink ?? null} pending={pending} />
    </>
  );
  return (
    <Page title={t('welcome.title')}>
      {inviteeId ? (
        <ActivationStatus activation={{ uid: inviteeId, inviterId, verificationCode }}>{content}</ActivationStatus>
      ) : (
        content(undefined, false)
      )}
    </Page>
  );
}
