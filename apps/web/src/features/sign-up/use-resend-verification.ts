import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';
import { failureMessageKey } from '@/lib/errors';
import type { VerificationSession } from './use-verification-session';

/** The wait between two e-mails: Firebase refuses a burst anyway, and a mail takes a moment to arrive. */
const RESEND_COOLDOWN_MS = 30_000;

/** What the last "send it again" did: said once, each time anew (`key`). */
export interface ResendOutcome {
  message: string;
  error: boolean;
  key: number;
}

/**
 * "Send the e-mail again" for the session's account (invited by `inviterId`), at most once every
 * RESEND_COOLDOWN_MS after the last e-mail (`sentAt`, ms since the epoch): `waitMs` counts down to
 * the next one, each second.
 */
export function useResendVerification(
  session: VerificationSession | null | undefined,
  inviterId: string,
  sentAt: number,
) {
  const { t, i18n } = useTranslation();
  const { productDomain } = useRuntimeConfig();
  const [lastSent, setLastSent] = useState(sentAt);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null);

  const waitMs = lastSent + RESEND_COOLDOWN_MS - now;
  useEffect(() => {
    if (waitMs <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(waitMs, 1_000));
    return () => window.clearTimeout(timer);
  }, [waitMs, now]);

  async function resend() {
    if (!session || sending || waitMs > 0) return;
    setSending(true);
    try {
      await session.api.sendVerificationEmail(session.user, inviterId, productDomain, i18n.language);
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

  return { waitMs, sending, outcome, resend };
}
