import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import type { ConfirmEmailState } from '../api/verification';
import { useConfirmationWatch } from '../hooks/use-confirmation-watch';
import { useResendVerification } from '../hooks/use-resend-verification';
import { useVerificationSession } from '../hooks/use-verification-session';

/**
 * For the account this tab signed up. Without that session (another tab, the session gone) it says
 * how to get a new e-mail.
 */
export function ConfirmEmailActions({
  state,
  sentAt,
  paused = false,
  onConfirmed,
}: {
  state: ConfirmEmailState;
  /** When the last e-mail went (ms since the epoch). */
  sentAt: number;
  /** While the page's own code is tried: its answer, not this watch, moves the page on. */
  paused?: boolean;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation();
  const session = useVerificationSession(state.uid);
  useConfirmationWatch(paused ? null : session, onConfirmed);
  const { waitMs, sending, outcome, resend } = useResendVerification(session, sentAt);

  if (session === undefined) return null;
  if (session === null) return <p>{t('confirmEmail.noSession')}</p>;

  const seconds = Math.ceil(waitMs / 1_000);
  return (
    <>
      <p className="hint">{t('confirmEmail.watching')}</p>
      {outcome && (
        <Alert tone={outcome.error ? 'error' : 'info'} focusKey={outcome.key}>
          <p>{outcome.message}</p>
        </Alert>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={waitMs > 0}
        aria-busy={sending}
        onClick={() => void resend()}
      >
        {sending && <span className="spinner spinner-inline" aria-hidden="true" />}
        {t('confirmEmail.resend')}
      </button>
      {waitMs > 0 && <p className="hint">{t('confirmEmail.resendIn', { seconds })}</p>}
    </>
  );
}
