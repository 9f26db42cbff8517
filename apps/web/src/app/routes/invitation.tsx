import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Loader } from '@/components/loader';
import { Page } from '@/components/page';
import { paths } from '@/config/paths';
import { HaveAccountButton } from '@/features/app-link/components/have-account-button';
import { useInviterStatus } from '@/features/inviter/api/get-inviter';
import { InviterCard, InviterCardSkeleton } from '@/features/inviter/components/inviter-card';
import { InviterProblem } from '@/features/inviter/components/inviter-problem';
import { useRouteLanguage } from '@/features/language/use-route-language';

/** `/feedback/:uid/:lg?` and `/tasks-Feedback`: the invitation, with the inviter's name and picture. */
export default function InvitationRoute() {
  const { uid, lg } = useParams();
  const languageReady = useRouteLanguage(lg);
  if (!languageReady) return <Loader />;
  return <Invitation inviterId={uid} />;
}

function Invitation({ inviterId }: { inviterId: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useInviterStatus(inviterId);
  const found = status.state === 'found';
  return (
    <Page title={t('invitation.title')}>
      <InviterProblem status={status} />
      {status.state === 'loading' && <InviterCardSkeleton />}
      {found && <InviterCard inviter={status.inviter} />}
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!found}
          onClick={() => inviterId && void navigate(paths.socialSignUp.href(inviterId))}
        >
          {t('invitation.signUp')}
        </button>
        <HaveAccountButton inviterId={inviterId} disabled={!found} />
      </div>
    </Page>
  );
}
