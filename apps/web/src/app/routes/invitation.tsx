import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { inviteLinkOf } from '@dayfocus/contracts/invite-links';
import { ActionLink } from '@/components/action-link';
import { Loader } from '@/components/loader';
import { Page } from '@/components/page';
import { href } from '@dayfocus/contracts/page-paths';
import { HaveAccountLink } from '@/features/app-link/components/have-account-link';
import { useInviterStatus } from '@/features/inviter/api/get-inviter';
import { InviterCard, InviterCardSkeleton } from '@/features/inviter/components/inviter-card';
import { InviterProblem } from '@/features/inviter/components/inviter-problem';
import { useRouteLanguage } from '@/features/language/hooks/use-route-language';
import { StoreBadges } from '@/features/welcome/components/store-badges';
import { useTakenOver } from '@/lib/taken-over';

/**
 * `/feedback/:inviterId/:lg?` and `/tasks-Feedback`: the invitation, with the inviter's name and
 * picture. The server renders it first (functions/src/entry-points/invitation-page.ts) and the app
 * takes it over; both actions are links, so the page works without JavaScript.
 */
/**
 * The way out of an in-app browser (docs/arrival.md), loaded only once the app has taken the
 * page over: the server's HTML is the same for everyone, and the takeover stays as light as it was.
 */
const InAppBrowserNotice = lazy(() => import('@/components/open-in-browser'));

export default function InvitationRoute() {
  const { inviterId, lg } = useParams();
  const languageReady = useRouteLanguage(lg);
  if (!languageReady) return <Loader />;
  return <Invitation inviterId={inviterId} />;
}

function Invitation({ inviterId }: { inviterId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const status = useInviterStatus(inviterId);
  const found = status.state === 'found';
  const running = useTakenOver();
  const unknown = status.state === 'unknown';
  // Her levers closed it (the server's card says so, the same for the app that takes the page over).
  const closed = found && status.inviter.invitationClosed === true;
  // She replaced the link this address stands for: it admits nobody (docs/inviter-view.md).
  const replaced = found && status.inviter.invitationReplaced === true;
  const link = inviteLinkOf(`/${useLocation().search}`);
  return (
    <Page title={t(unknown ? 'invitation.unknownTitle' : 'invitation.title')}>
      <InviterProblem status={status} />
      {status.state === 'loading' && <InviterCardSkeleton />}
      {found && <InviterCard inviter={status.inviter} />}
      {closed || replaced ? (
        // Her invitation takes no friend now: nothing here makes an account, the stores stay.
        <div className="next-step">
          <p role="status">
            {t(replaced ? 'invitation.replaced' : 'invitation.closed', { name: status.inviter.name })}
          </p>
          <h2 className="section-heading">{t('product.getApp')}</h2>
          <StoreBadges phone={undefined} inviteCode={null} />
        </div>
      ) : (
        <div className="actions">
          <ActionLink
            to={inviterId ? href('social-sign-up', { inviterId, lg: i18n.language }) : undefined}
            disabled={!found}
            className="button button-primary"
          >
            {t('invitation.signUp')}
          </ActionLink>
          <HaveAccountLink inviterId={inviterId} link={link} disabled={!found} />
        </div>
      )}
      {/* The spec's disabled buttons stay; what a person can still do comes after them. */}
      {unknown && (
        <div className="next-step">
          <p>{t('invitation.unknownHelp')}</p>
          <h2 className="section-heading">{t('product.getApp')}</h2>
          {/* Both stores in one order: the CDN keeps this page for every visitor alike. */}
          <StoreBadges phone={undefined} inviteCode={null} />
        </div>
      )}
      {/* After the actions, so that it moves nothing when it appears (after the app took over). */}
      {running && found && !closed && !replaced && (
        <Suspense fallback={null}>
          <InAppBrowserNotice>
            <p>{t('inAppBrowser.invitation')}</p>
          </InAppBrowserNotice>
        </Suspense>
      )}
    </Page>
  );
}
