import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_MIN_GAP_MS } from '@dayfocus/contracts/limits';
import { failureMessageKey } from '@/lib/errors';
import type { VerificationSession } from './use-verification-session';

/** What the last "send it again" did: said once, each time anew (`key`). */
export interface ResendOutcome {
  message: string;
  error: boolean;
  key: number;
}

/**
 * At most once a minute after the last e-mail (`sentAt`, ms since the epoch), or later when the
 * server says so (the address's daily limit): `waitMs` counts down to the next one, each second.
 */
export function useResendVerification(session: VerificationSession | null | undefined, sentAt: number) {
  const { t, i18n } = useTranslation();
  const [nextAt, setNextAt] = useState(sentAt + RESEND_MIN_GAP_MS);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null);

  const waitMs = nextAt - now;
  useEffect(() => {
    if (waitMs <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(waitMs, 1_000));
    return () => window.clearTimeout(timer);
  }, [waitMs, now]);

  async function resend() {
    if (!session || sending || waitMs > 0) return;
    setSending(true);
    try {
      const { retryAfterMs } = await session.api.sendVerificationEmail(i18n.language);
      setNextAt(Date.now() + retryAfterMs);
      setNow(Date.now());
      // A wait longer than the minute's: the address has had its mails for the day, none went now.
      const limited = retryAfterMs > RESEND_MIN_GAP_MS;
      const message = t(limited ? 'confirmEmail.tooManyRequests' : 'confirmEmail.resent');
      setOutcome((last) => ({ message, error: limited, key: (last?.key ?? 0) + 1 }));
    } catch (error) {
      // eslint-disable-next-line no-console
      console.error('Sending the verification e-mail again failed', error);
      const message = t(failureMessageKey(error, { byCode: { 'too-many-requests': 'confirmEmail.tooManyRequests' } }));
      setOutcome((last) => ({ message, error: true, key: (last?.key ?? 0) + 1 }));
    } finally {
      setSending(false);
    }
  }

  return { waitMs, sending, outcome, resend };
}
