import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { WelcomePageState } from '@dayfocus/contracts/web-page';
import { Alert } from '@/components/alert';
import { Page } from '@/components/page';
import { getInviterQueryOptions } from '@/features/inviter/api/get-inviter';
import { useLinkProblem, type ActivationAnswer } from '@/features/welcome/api/activate-account';
import { ActivationStatus, LinkProblem } from '@/features/welcome/components/activation-status';
import { AppHandoff } from '@/features/welcome/components/app-handoff';
import { ConfirmFriendship } from '@/features/welcome/components/confirm-friendship';
import { FriendGreeting } from '@/features/welcome/components/friend-greeting';
import { prepareCallable } from '@/lib/callables';
import { useTakenOver } from '@/lib/taken-over';
import { usePhone } from '@/lib/use-phone';
import { href } from '@dayfocus/contracts/page-paths';
import { signUpAgainHref } from '@/features/sign-up/finish-link/lib/sign-up-again';
import { useServerWelcome } from './server-welcome';

/**
 * `/welcome/:inviteeId?/:inviterId?`: with an invitee, activates that account, then says
 * the news first ("You and Asha are now friends", congratulations), then the app for this device
 * (docs/deviations.md). Nothing celebrates before activation has succeeded, nor without an
 * invitee (nobody was activated here): then only the way to the app.
 *
 * From the e-mail's link the server draws the page before any script (server-welcome.ts):
 * the one step left as a form it answers, then that answer. The form stays when the app has the
 * page, and waits for the tap, which the app then activates in place; the app goes on from the
 * server's answer when there is one.
 */
export default function WelcomeRoute() {
  const { t, i18n } = useTranslation();
  const { inviteeId, inviterId } = useParams();
  const [search] = useSearchParams();
  const server = useServerWelcome();
  // The inviter's card, when the sign-up's pages in this tab asked for it: the greeting holds the news'
  // place with it while activation runs, and then names whom the answer names (none: it joined nobody).
  // Read, never fetched (nor on the server's page).
  const queryClient = useQueryClient();
  const knownInviter = inviterId
    ? (queryClient.getQueryData(getInviterQueryOptions(inviterId).queryKey) ?? undefined)
    : undefined;
  const takenOver = useTakenOver();
  const verificationCode = search.get('mode') === 'verifyEmail' ? (search.get('oobCode') ?? undefined) : undefined;
  const phone = usePhone();
  // The server's answer of a confirmation is activation's own: the app starts from it, asking nothing.
  // Its confirm form stays once the app has loaded and waits for the tap, which the app then
  // activates in place (a failure offers the form's own POST, which needs no App Check).
  const [tapped, setTapped] = useState(false);
  const kind = server?.state.kind;
  const drawn = server && kind !== 'confirmed' && (!takenOver || kind === 'refused' || (kind === 'confirm' && !tapped));
  const serverPage = drawn ? server : null;
  const confirmed = server?.state.kind === 'confirmed' ? server.state.answer : undefined;
  const activation = inviteeId
    ? { uid: inviteeId, inviterId, verificationCode, platform: phone, language: i18n.language }
    : null;
  // A link that cannot confirm is what the page is about: its title says so, the alert says why.
  const refused = server?.state.kind === 'refused' ? server.state.reason : undefined;
  const problem = useLinkProblem(activation) ?? (refused === 'not-confirmed' ? undefined : refused);
  // "Sign up again" from a link that cannot confirm: the form then offers the link that finishes
  // this account's sign-up, mailed to its own address (the page never learns it).
  const signUpAgain = inviterId
    ? inviteeId
      ? signUpAgainHref(inviterId, inviteeId, i18n.language)
      : href('sign-up', { inviterId })
    : undefined;
  // The page is whole before activation answers (the greeting's place, and the actions that need
  // the invite link held), so that nothing moves when the answer comes.
  const content = (answer: ActivationAnswer | undefined, pending: boolean) => (
    <>
      {(pending || answer) && (
        <FriendGreeting inviter={answer ? answer.inviter : knownInviter} pending={pending} answer={answer} />
      )}
      <p className="download-prompt">{t('welcome.download')}</p>
      <AppHandoff
        inviteLink={answer?.inviteLink ?? null}
        pending={pending}
        signIn={answer?.signIn}
        account={inviteeId}
        lesser={problem !== undefined && signUpAgain !== undefined}
      />
    </>
  );
  const title = problem === 'expired' ? 'welcome.titleExpired' : problem ? 'welcome.titleInvalid' : 'welcome.title';
  return (
    <Page title={t(title)}>
      {serverPage ? (
        <ServerWelcomePage
          state={serverPage.state}
          inviter={serverPage.inviter}
          signUpAgain={signUpAgain}
          onConfirm={takenOver ? () => setTapped(true) : undefined}
        >
          {content}
        </ServerWelcomePage>
      ) : activation ? (
        <ActivationStatus
          activation={activation}
          answer={confirmed}
          retryByForm={kind === 'confirm'}
          signUpAgain={signUpAgain}
        >
          {content}
        </ActivationStatus>
      ) : (
        content(undefined, false)
      )}
    </Page>
  );
}

/**
 * While she reads the confirm step, the App Check token its tap's activation needs: asked for now,
 * so that the tap waits for the call alone (a person opened this link herself; a scanner that
 * runs the page costs one background attestation, never the fallback's challenge).
 */
function usePreparedActivation(confirming: boolean) {
  useEffect(() => {
    if (confirming) void prepareCallable('activateAccount', { ahead: true }).catch(() => undefined);
  }, [confirming]);
}

/** What the server drew: the confirm form, its answer, or why it could not confirm. */
function ServerWelcomePage({
  state,
  inviter,
  signUpAgain,
  onConfirm,
  children,
}: {
  state: WelcomePageState;
  inviter: ServerWelcomeInviter;
  signUpAgain: string | undefined;
  /** The tap on the confirm step, once the app has the page (before, the form posts). */
  onConfirm: (() => void) | undefined;
  children: (answer: ActivationAnswer | undefined, pending: boolean) => React.ReactNode;
}) {
  const { t } = useTranslation();
  usePreparedActivation(state.kind === 'confirm' && onConfirm !== undefined);
  switch (state.kind) {
    case 'confirmed':
      return children(state.answer, false);
    case 'confirm':
      return (
        <>
          {inviter && <ConfirmFriendship inviter={inviter} onConfirm={onConfirm} />}
          <p className="download-prompt">{t('welcome.download')}</p>
          <AppHandoff inviteLink={null} pending lesser />
        </>
      );
    case 'limited':
      return (
        <>
          <Alert>
            <p>{t('welcome.tooManyTries')}</p>
          </Alert>
          {children(undefined, false)}
        </>
      );
    case 'refused':
      return (
        <>
          {state.reason === 'not-confirmed' ? (
            <Alert>
              <p>{t('welcome.notVerified')}</p>
            </Alert>
          ) : (
            <LinkProblem outcome={state.reason} signUpAgain={signUpAgain} />
          )}
          {children(undefined, false)}
        </>
      );
  }
}

type ServerWelcomeInviter = NonNullable<ReturnType<typeof useServerWelcome>>['inviter'];
