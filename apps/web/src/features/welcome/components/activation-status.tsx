import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { Link } from 'react-router';
import { failureMessageKey } from '@/lib/errors';
import { useForgetCodeOnceUsed } from '../hooks/use-forget-code';
import {
  useActivation,
  VerificationLinkError,
  type Activation,
  type ActivationAnswer,
  type CodeProblem,
} from '../api/activate-account';

/**
 * `children` render while activation runs (the page is whole meanwhile, and the server renders it
 * so), and after a failure without an answer: the app can be downloaded whatever happened here.
 * Nothing here celebrates: the greeting says the news once there is an answer.
 */
export function ActivationStatus({
  activation,
  answer,
  retryByForm = false,
  signUpAgain,
  children,
}: {
  activation: Activation;
  /** "Sign up again"'s address when the link's code turns out to be no good (LinkProblem). */
  signUpAgain: string | undefined;
  /** Activation's answer already given (the server's page confirmed it): shown, never asked again. */
  answer?: ActivationAnswer;
  /**
   * The page's address is the e-mail's link, whose confirm form the server answers: a failed try
   * is tried again by that form's POST, which needs no App Check (the call may have failed for it).
   */
  retryByForm?: boolean;
  children: (answer: ActivationAnswer | undefined, pending: boolean) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const query = useActivation(activation, answer);
  useForgetCodeOnceUsed(query.isSuccess);
  useEffect(() => {
    // eslint-disable-next-line no-console
    if (query.error) console.error('Activation failed', query.error);
  }, [query.error]);
  if (query.isPending) return children(undefined, true);
  if (query.isError) {
    const error = query.error;
    // Each failed try is announced anew (focusKey).
    if (error instanceof VerificationLinkError) {
      return (
        <>
          <LinkProblem outcome={error.outcome} signUpAgain={signUpAgain} focusKey={query.errorUpdatedAt} />
          {children(undefined, false)}
        </>
      );
    }
    const message = t(
      failureMessageKey(error, {
        byCode: { 'failed-precondition': 'welcome.notVerified' },
        fallback: 'welcome.activationFailed',
      }),
    );
    return (
      <>
        <Alert focusKey={query.errorUpdatedAt}>
          <p>{message}</p>
          {retryByForm ? (
            <form method="post">
              <button type="submit" className="button button-secondary">
                {t('app.retry')}
              </button>
            </form>
          ) : (
            <RetryButton query={query} />
          )}
        </Alert>
        {children(undefined, false)}
      </>
    );
  }
  return children(query.data, false);
}

/** aria-disabled, not disabled: the button keeps its focus while it works. */
function RetryButton({ query }: { query: ReturnType<typeof useActivation> }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-disabled={query.isFetching}
      onClick={() => {
        if (!query.isFetching) void query.refetch();
      }}
    >
      {query.isFetching && <span className="spinner spinner-inline" aria-hidden="true" />}
      {t('app.retry')}
    </button>
  );
}

/** The app's activation and the server's confirm form say it alike. */
export function LinkProblem({
  outcome,
  signUpAgain,
  focusKey,
}: {
  outcome: CodeProblem;
  /** "Sign up again"'s address: the link's inviter's form, which offers the link that finishes the account's sign-up. */
  signUpAgain: string | undefined;
  focusKey?: unknown;
}) {
  const { t } = useTranslation();
  return (
    <Alert focusKey={focusKey}>
      <p>{outcome === 'expired' ? t('welcome.linkExpired') : t('welcome.linkInvalid')}</p>
      <p>{t('welcome.newLink')}</p>
      {signUpAgain && (
        <Link className="button button-primary" to={signUpAgain}>
          {t('welcome.signUpAgain')}
        </Link>
      )}
    </Alert>
  );
}
