import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ActionLink } from '@/components/action-link';
import { CentredEnd } from '@/components/centred-end';
import { useInAppBrowser } from '@/components/open-in-browser';
import { Page } from '@/components/page';
import { href } from '@dayfocus/contracts/page-paths';
import { HaveAccountLink } from '@/features/app-link/components/have-account-link';
import { useInviterStatus } from '@/features/inviter/api/get-inviter';
import { InviterProblem } from '@/features/inviter/components/inviter-problem';
import { SocialSignUpButtons } from '@/features/sign-up/social/components/social-sign-up-buttons';
import { rememberActivation } from '@/features/welcome/api/activate-account';
import { prefetchWelcomeAfterLoad } from './load-welcome';

/** `/social-sign-up/:inviterId`: Google and Apple (the phone's own first), or email. */
export default function SocialSignUpRoute() {
  const { t, i18n } = useTranslation();
  useEffect(prefetchWelcomeAfterLoad, []);
  const { inviterId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useInviterStatus(inviterId);
  const found = status.state === 'found';
  // In an in-app browser, where Google cannot sign in, the e-mail way leads as the page's one filled action.
  const inApp = useInAppBrowser() !== null;
  const emailWay = (look: 'button-primary' | 'button-secondary') => (
    <ActionLink
      to={inviterId ? href('sign-up', { inviterId, lg: i18n.language }) : undefined}
      disabled={!found}
      className={`button ${look} centred-together`}
    >
      <MailMark />
      <span>{t('socialSignUp.email')}</span>
      <CentredEnd />
    </ActionLink>
  );
  return (
    <Page title={t('socialSignUp.title')}>
      <InviterProblem status={status} />
      <p className="lead">
        {found ? t('socialSignUp.intro', { name: status.inviter.name }) : t('socialSignUp.introUnknown')}
      </p>
      <div className="actions">
        <SocialSignUpButtons
          inviterId={inviterId}
          disabled={!found}
          inAppFirst={emailWay('button-primary')}
          onSignedUp={({ uid, answer }) => {
            // The welcome page of this account and inviter greets with the answer at once, and a
            // reload there asks activation again, which answers the same.
            rememberActivation(queryClient, { uid, inviterId }, answer);
            void navigate(href('welcome', { inviteeId: uid, inviterId }));
          }}
        >
          {!inApp && emailWay('button-secondary')}
          <p className="divider centred-together">
            <span>{t('socialSignUp.or')}</span>
            <CentredEnd />
          </p>
          <HaveAccountLink inviterId={inviterId} disabled={!found} variant="link" />
        </SocialSignUpButtons>
      </div>
    </Page>
  );
}

function MailMark() {
  return (
    <svg
      className="provider-mark"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </svg>
  );
}
