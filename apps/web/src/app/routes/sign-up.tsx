import { RESEND_MIN_GAP_MS } from '@dayfocus/contracts/limits';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType, useParams } from 'react-router';
import { ActionLink } from '@/components/action-link';
import { Page } from '@/components/page';
import { FINISH_LINK_PARAMETER, href } from '@dayfocus/contracts/page-paths';
import { useInviterStatus } from '@/features/inviter/api/get-inviter';
import { InviterProblem } from '@/features/inviter/components/inviter-problem';
import { submitProblemOf, useSignUpWithEmail, type SignedUp } from '@/features/sign-up/email/api/sign-up-with-email';
import type { ConfirmEmailState } from '@/features/sign-up/email/api/verification';
import { pageTakenOver, useTakenOver } from '@/lib/taken-over';
import { FinishLinkOffer } from '@/features/sign-up/finish-link/components/finish-link-offer';
import { FinishSignUpForm } from '@/features/sign-up/finish-link/components/finish-sign-up-form';
import { SignUpForm, type FilledEmailProof } from '@/features/sign-up/email/components/sign-up-form';
import { useEmailProof } from '@/features/sign-up/email-proof/hooks/use-email-proof';
import {
  finishedAt,
  finishFields,
  keepFields,
  keptFields,
  type KeptFields,
} from '@/features/sign-up/email/lib/kept-fields';
import { RESUME_PARAMETER } from '@/features/sign-up/finish-link/lib/sign-up-again';
import { announceFinished } from '@/features/sign-up/finish-link/hooks/use-finished-elsewhere';
import type { SubmitProblem, ValidSignUp } from '@/features/sign-up/email/hooks/use-sign-up-form';
import { usePhone } from '@/lib/use-phone';
import { prepareCallable } from '@/lib/callables';
import { prefetchConfirmEmailAfterLoad } from './load-confirm-email';
import { prefetchWelcomeAfterLoad } from './load-welcome';

/**
 * `/sign-up/:inviterId`: the email sign-up form; on success, to `/confirm-email` with the address.
 * With `#mode=resetPassword&oobCode=`, the link that finishes a sign-up left half-way (mailed on
 * "already registered"): a new password, then the welcome page. With `#resume=` (an expired or cut
 * verification link's "sign up again"), the form offers that link for the account at once.
 */
export default function SignUpRoute() {
  const { t, i18n } = useTranslation();
  const { inviterId } = useParams();
  const status = useInviterStatus(inviterId);
  const signUp = useSignUpWithEmail();
  // The server renders this page; until the app has taken it over, the form waits, visibly.
  const takenOver = useTakenOver();
  // The address of the last submit: "already registered" offers it the link to finish.
  const [sentEmail, setSentEmail] = useState('');
  const { hash, search } = useLocation();
  const finishCode = finishCodeOf(hash);
  // The mailed link marks its query (the server's page is the finish from its first paint); an
  // older link without the mark shows the finish once the app, which reads the fragment, has the page.
  const finishing = new URLSearchParams(search).has(FINISH_LINK_PARAMETER) || (takenOver && finishCode !== null);
  // The browser's proof of the address: a nonce once the app has the form, never waited for.
  const emailProof = useEmailProof(takenOver && !finishing && status.state === 'found');
  const phone = usePhone();
  const goOn = useGoOn();
  useLeaveFinished(inviterId, takenOver);
  usePrefetchConfirmEmail(takenOver);

  // The code is in the fragment, which the server never sees: known once the app has the page.
  if (finishing && inviterId) return <FinishPage code={takenOver ? finishCode : undefined} inviterId={inviterId} />;

  async function submit(values: ValidSignUp, proof?: FilledEmailProof): Promise<SubmitProblem> {
    if (!inviterId) return 'failed'; // the route always has one; the form is disabled without an inviter
    setSentEmail(values.email.trim());
    // A submit held since the server's page waits for the language she chose (takeover/page.tsx).
    await pageTakenOver();
    try {
      const signedUp = await signUp.mutateAsync({
        inviterId,
        language: i18n.language,
        ...values,
        ...(proof ? { proof: { ...proof, ...(phone ? { platform: phone } : {}) } } : {}),
      });
      await goOn(signedUp, { username: values.username, email: values.email });
      return null;
    } catch (error) {
      const problem = submitProblemOf(error);
      // eslint-disable-next-line no-console
      if (problem === 'failed') console.error('Email sign-up failed', error);
      return problem;
    }
  }

  // "Already registered" is most often her own sign-up left half-way: the link to finish it leads.
  // For the owner of an account, the app with this invitation (its short link, through /app-link as
  // "I already have an account" goes), where the friendship happens, is a plain link after it.
  const emailInUseHelp = inviterId && (
    <>
      <FinishLinkOffer key={sentEmail} target={{ email: sentEmail }} inviterId={inviterId} primary />
      <p className="alert-aside">
        {t('signUp.emailInUseOwner')}{' '}
        <ActionLink href={href('app-link', { inviterId })} rel="nofollow" className="text-link">
          {t('signUp.openAppWithInvite')}
        </ActionLink>
      </p>
    </>
  );

  return (
    <Page title={t('signUp.title')}>
      <InviterProblem status={status} />
      {takenOver && inviterId && <ResumeOffer hash={hash} inviterId={inviterId} />}
      <SignUpForm
        disabled={status.state !== 'found'}
        ready={takenOver}
        onSubmit={submit}
        emailInUseHelp={emailInUseHelp}
        kept={() => keptFields(inviterId)}
        keep={(typed) => inviterId && keepFields(inviterId, typed)}
        emailProof={emailProof}
        onStart={prepareSignUp}
      />
    </Page>
  );
}

/** The confirmation page comes next: fetched ahead, not after the sign-up's call has answered. */
function usePrefetchConfirmEmail(takenOver: boolean) {
  useEffect(() => {
    if (takenOver) prefetchConfirmEmailAfterLoad();
  }, [takenOver]);
}

/** Her App Check token for the sign-up's call, asked for while she types (lib/firebase.ts). */
function prepareSignUp(): void {
  void prepareCallable('signUpWithEmail').catch(() => undefined);
}

/** Whether this page has shown the form before: a later step back onto it is through the history. */
let formShownBefore = false;

/**
 * Back (or Forward) onto the form of a sign-up this tab has finished: on to its welcome page, where
 * she is friends already, instead of a form that asks her to sign up again. Only a step through the
 * history: a form opened anew (the next person on a shared phone) is empty.
 */
function useLeaveFinished(inviterId: string | undefined, takenOver: boolean) {
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  // Back within the app, or a whole page the browser loaded for a step through its history.
  const [stepped] = useState(() => navigationType === 'POP' && (formShownBefore || documentLoadedByHistory()));
  useEffect(() => {
    formShownBefore = true;
  }, []);
  useEffect(() => {
    const welcome = takenOver && stepped ? finishedAt(inviterId) : null;
    if (welcome) void navigate(welcome, { replace: true });
  }, [takenOver, stepped, inviterId, navigate]);
}

function documentLoadedByHistory(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward';
}

/**
 * The welcome page of `activation` greets with `answer`, asking activation nothing. Without the
 * module (the network), it asks activation itself, which answers the same.
 */
async function greetWith(
  queryClient: QueryClient,
  activation: { uid: string; inviterId: string },
  answer: ActivationAnswer,
): Promise<void> {
  await import('@/features/welcome/api/activate-account').then(
    ({ rememberActivation }) => rememberActivation(queryClient, activation, answer),
    () => undefined,
  );
}

/**
 * After the sign-up: where the browser proved the address (no mail went), on to the welcome page as
 * the mail's code goes, which greets with activation's answer and asks nothing again; otherwise to
 * "check your mail", with what was typed kept for the way back.
 */
function useGoOn() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (signedUp: SignedUp, typed: KeptFields) => {
    const { uid, inviterId } = signedUp;
    if (signedUp.proved) {
      const answer = signedUp.proved;
      await greetWith(queryClient, { uid, inviterId }, answer);
      const welcome = href('welcome', { inviteeId: uid, inviterId, lg: i18n.language });
      finishFields(inviterId, welcome);
      await navigate(welcome);
      return;
    }
    keepFields(inviterId, typed);
    // A mail that went now answers the minute's wait; a shorter one says the last still holds.
    const sentAt = Date.now() + signedUp.retryAfterMs - RESEND_MIN_GAP_MS;
    const state: ConfirmEmailState & { sentAt: number } = {
      uid,
      email: signedUp.email,
      inviterId,
      mailSent: signedUp.retryAfterMs >= RESEND_MIN_GAP_MS,
      sentAt,
    };
    // In the page's language, for a reload (the server renders it, and knows no other).
    await navigate(href('confirm-email', { lg: i18n.language }), { state });
  };
}

/** The finish link's page: a new password, then the welcome page of this account and inviter, signed in. */
function FinishPage({ code, inviterId }: { code: string | null | undefined; inviterId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The welcome page comes next: fetched while she types, so that no "Loading…" stands between.
  useEffect(prefetchWelcomeAfterLoad, []);
  return (
    <Page title={t('signUp.finishTitle')}>
      <FinishSignUpForm
        code={code}
        signUpAgain={href('sign-up', { inviterId, lg: i18n.language })}
        onFinished={async (answer, before) => {
          const { uid } = answer;
          // Opened again: no session in this tab, so the welcome page greets with the server's answer.
          if (before) await greetWith(queryClient, { uid, inviterId }, answer);
          const welcome = href('welcome', { inviteeId: uid, inviterId, lg: i18n.language });
          finishFields(inviterId, welcome);
          // The tab that asked for this link, in this browser, moves on too (use-finished-elsewhere.ts).
          announceFinished({ inviterId, uid, email: answer.email, welcome });
          await navigate(welcome, { replace: before === true });
        }}
      />
    </Page>
  );
}

/** The code of a finish link's fragment (`#mode=resetPassword&oobCode=`), or null. */
function finishCodeOf(hash: string): string | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return fragment.get('mode') === 'resetPassword' ? fragment.get('oobCode') : null;
}

/** "Sign up again" from an expired or cut link's page (`#resume=`, sign-up-again.ts): that account's link to finish. */
function ResumeOffer({ hash, inviterId }: { hash: string; inviterId: string }) {
  const uid = new URLSearchParams(hash.replace(/^#/, '')).get(RESUME_PARAMETER);
  if (!uid) return null;
  return (
    <div className="alert alert-info">
      <FinishLinkOffer target={{ uid }} inviterId={inviterId} />
    </div>
  );
}
