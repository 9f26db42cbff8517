import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import type { Provider } from '../api/social-sign-in';
import type { Busy, Problem } from '../hooks/use-social-sign-in';

const providerNames: Record<Provider, string> = { 'apple.com': 'Apple', 'google.com': 'Google' };

/** In a place kept for it at the end of the method page, so that nothing moves when it comes. */
export function SignInProblem({
  busy,
  problem,
  onRetry,
}: {
  busy: Busy;
  problem: Problem | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const problemText = ({ message, provider }: Problem) =>
    t(message, { provider: provider ? providerNames[provider] : '' });
  return (
    <div className="sign-in-problem">
      <div role="status">
        {busy === 'finishing' ? (
          <p className="status-note">
            <span className="spinner spinner-inline" aria-hidden="true" />
            {t('socialSignUp.finishing')}
          </p>
        ) : (
          problem?.cancelled && <p className="alert alert-info">{problemText(problem)}</p>
        )}
      </div>
      {busy !== 'finishing' && problem && !problem.cancelled && (
        <Alert focusKey={problem.key}>
          <p>{problemText(problem)}</p>
          {problem.finishPending && (
            <button type="button" className="button button-secondary" onClick={onRetry}>
              {t('app.retry')}
            </button>
          )}
        </Alert>
      )}
    </div>
  );
}
