import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Page } from '@/components/page';

/** `/confirm-email`: where the confirmation e-mail went (kept in the history entry, so a reload keeps it). */
export default function ConfirmEmailRoute() {
  const { t } = useTranslation();
  const state: unknown = useLocation().state;
  const email =
    typeof (state as { email?: unknown } | null)?.email === 'string' ? (state as { email: string }).email : undefined;
  return (
    <Page title={t('confirmEmail.title')}>
      <MailIllustration />
      <p className="lead">{email ? t('confirmEmail.sentTo', { email }) : t('confirmEmail.sent')}</p>
      <p>{t('confirmEmail.next')}</p>
    </Page>
  );
}

function MailIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 96 72" width="96" height="72" aria-hidden="true">
      <rect x="4" y="8" width="88" height="60" rx="8" fill="#FDE4EC" stroke="#C8124A" strokeWidth="3" />
      <path d="M8 14l40 28 40-28" fill="none" stroke="#C8124A" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}
