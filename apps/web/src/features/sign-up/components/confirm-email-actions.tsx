import type { User } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { useRuntimeConfig } from '@/config/runtime-config';
import { failureMessageKey } from '@/lib/errors';
import type { ConfirmEmailState } from '../api/verification';

type VerificationApi = typeof import('../api/verification');

/** How often the page asks Auth whether the address is confirmed, while it is visible. */
const CHECK_EVERY_MS = 3_000;
/** The wait between two e-mails: Firebase refuses a burst anyway, and a mail takes a moment to arrive. */
const RESEND_COOLDOWN_MS = 30_000;

/**
 * The confirmation page's actions for the account this tab signed up (`state`): "send the e-mail
 * again" (at most once every RESEND_COOLDOWN_MS), and a watch that moves on (`onConfirmed`)
 * within a few seconds of the page being visible once the address is confirmed anywhere.
 * Without that session (another tab, the session gone) it says how to get a new e-mail.
 */
export function ConfirmEmailActions({
  state,
  sentAt,
  onConfirmed,
}: {
  state: ConfirmEmailState;
  /** When the last e-mail went (ms since the epoch). */
  sentAt: number;
  onConfirmed: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { productDomain } = useRuntimeConfig();
  const [session, setSession] = useState<{ api: VerificationApi; user: User } | null | undefined>(undefined);
  const [lastSent, setLastSent] = useState(sentAt);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ message: string; error: boolean; key: number } | null>(null);

  // After the first paint: the Auth SDK, and this tab's session of the new account.
  useEffect(() => {
    let live = true;
    import('../api/verification')
      .then(async (api) => {
        const user = await api.signedUpAccount(state.uid);
        if (live) setSession(user ? { api, user } : null);
      })
      .catch((error: unknown) => {
        // eslint-disable-next-line no-console
        console.error('The confirmation page could not start Auth', error);
        if (live) setSession(null);
      });
    return () => {
      live = false;
    };
  }, [state.uid]);

  // The watch: when the page becomes visible again (back from the mail app), and every few seconds while it is.
  useEffect(() => {
    if (!session) return;
    let done = false;
    let checking = false;
    const check = async () => {
      if (done || checking || document.visibilityState !== 'visible') return;
      checking = true;
      try {
        if (await session.api.confirmedElsewhere(session.user)) {
          done = true;
          onConfirmed();
        }
      } catch {
        // Offline for a moment: the next check tries again.
      } finally {
        checking = false;
      }
    };
    const timer = window.setInterval(() => void check(), CHECK_EVERY_MS);
    const onVisible = () => void check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    void check();
    return () => {
      done = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [session, onConfirmed]);

  const waitMs = lastSent + RESEND_COOLDOWN_MS - now;
  useEffect(() => {
    if (waitMs <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(waitMs, 1_000));
    return () => window.clearTimeout(timer);
  }, [waitMs, now]);

  if (session === undefined) return null;
  if (session === null) return <p>{t('confirmEmail.noSession')}</p>;

  async function resend() {
    if (!session || sending || waitMs > 0) return;
    setSending(true);
    try {
      await session.api.sendVerificationEmail(session.user, state.inviterId, productDomain, i18n.language);
      setLastSent(Date.now());
      setNow(Date.now());
      setOutcome((last) => ({ message: t('confirmEmail.resent'), error: false, key: (last?.key ?? 0) + 1 }));
    } catch (error) {
      // eslint-disable-next-line no-console
      console.error('Sending the verification e-mail again failed', error);
      const message = t(failureMessageKey(error, { byCode: { 'too-many-requests': 'confirmEmail.tooManyRequests' } }));
      setOutcome((last) => ({ message, error: true, key: (last?.key ?? 0) + 1 }));
    } finally {
      setSending(false);
    }
  }

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
