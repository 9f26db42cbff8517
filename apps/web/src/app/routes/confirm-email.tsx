import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { WithAddress } from '@/components/with-address';
import { brand } from '@dayfocus/contracts/brand';
import { href } from '@dayfocus/contracts/page-paths';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import type { ConfirmEmailState } from '@/features/sign-up/email/api/verification';
import { ConfirmEmailActions } from '@/features/sign-up/email/components/confirm-email-actions';
import { MailCodeForm } from '@/features/sign-up/mail-code/components/mail-code-form';
import { finishFields } from '@/features/sign-up/email/lib/kept-fields';
import {
  ADDRESS_SLOT,
  FILL_ADDRESS_CALL,
  NO_ENTRY_ATTRIBUTE,
  SENT_TO_ATTRIBUTE,
  STILL_HOLDS_ATTRIBUTE,
} from '@/features/sign-up/email/lib/reloaded-address';
import { useTakenOver } from '@/lib/taken-over';
import { prefetchWelcomeAfterLoad } from './load-welcome';

/** What the sign-up form left in the history entry (a reload keeps it), if it is whole. */
function confirmEmailState(state: unknown): (ConfirmEmailState & { sentAt: number }) | undefined {
  const value = state as Partial<Record<keyof ConfirmEmailState | 'sentAt', unknown>> | null;
  if (typeof value?.email !== 'string' || typeof value.uid !== 'string' || typeof value.inviterId !== 'string')
    return undefined;
  const sentAt = typeof value.sentAt === 'number' ? value.sentAt : 0;
  const mailSent = value.mailSent !== false;
  return { email: value.email, uid: value.uid, inviterId: value.inviterId, mailSent, sentAt };
}

/** The address the lead names, and whether the mail went now: as the script after the lead reads them (reloaded-address.ts). */
function leadOf(state: unknown): { email: string; mailSent: boolean } | undefined {
  const value = state as { email?: unknown; mailSent?: unknown } | null;
  if (typeof value?.email !== 'string' || !value.email) return undefined;
  return { email: value.email, mailSent: value.mailSent !== false };
}

/**
 * `/confirm-email`: where the confirmation e-mail went; the mail's code, typed here; "send it
 * again"; and, once the address is confirmed (often in another browser), on to the welcome page by
 * itself.
 */
export default function ConfirmEmailRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // The history entry is the browser's: the server's copy of the page (a reload) has none, so
  // the page reads it once it is the app's, and is the server's until then.
  const takenOver = useTakenOver();
  const location = useLocation();
  const rawState: unknown = takenOver ? location.state : null;
  const state = confirmEmailState(rawState);
  const uid = state?.uid;
  const inviterId = state?.inviterId;
  const onConfirmed = useCallback(() => {
    if (!uid || !inviterId) return;
    const welcome = href('welcome', { inviteeId: uid, inviterId, lg: i18n.language });
    finishFields(inviterId, welcome);
    void navigate(welcome, { replace: true });
  }, [navigate, uid, inviterId, i18n.language]);
  // The code's answer is activation's: the welcome page greets with it and asks nothing again. The
  // watch for a confirmation elsewhere waits while a code is tried, so that it does not move first.
  const queryClient = useQueryClient();
  const [codeBusy, setCodeBusy] = useState(false);
  // Only for the tab that signed up, the one where a code can work.
  useEffect(() => {
    if (uid) prefetchWelcomeAfterLoad();
  }, [uid]);
  const onCodeConfirmed = useCallback(
    (answer: ActivationAnswer) => {
      if (!uid || !inviterId) return;
      void import('@/features/welcome/api/activate-account').then(({ rememberActivation }) => {
        rememberActivation(queryClient, { uid, inviterId }, answer);
        onConfirmed();
      }, onConfirmed);
    },
    [queryClient, uid, inviterId, onConfirmed],
  );
  return (
    <Page title={t('confirmEmail.title')}>
      <MailIllustration />
      <SentLead state={location.state} />
      {/* Without scripts the code cannot be tried here: the stylesheet hides its form
          (`needs-scripts`), and the page says what works in any browser, the mail's link. */}
      <p className="needs-scripts">{t('confirmEmail.next')}</p>
      <noscript>
        <p>{t('confirmEmail.nextWithoutScripts')}</p>
      </noscript>
      <div className="needs-scripts">
        <MailCodeForm uid={uid} ready={takenOver} onBusy={setCodeBusy} onConfirmed={onCodeConfirmed} />
      </div>
      {inviterId && (
        <p>
          <Link className="link-alone" to={href('sign-up', { inviterId, lg: i18n.language })}>
            {t('confirmEmail.wrongAddress')}
          </Link>
        </p>
      )}
      {state ? (
        <ConfirmEmailActions state={state} sentAt={state.sentAt} paused={codeBusy} onConfirmed={onConfirmed} />
      ) : (
        <NoEntryAdvice state={location.state} />
      )}
    </Page>
  );
}

/**
 * Where the mail went. The lead alone reads the history entry from the first render: a reload's
 * server page has had the address written in before it painted (reloaded-address.ts), and the
 * takeover finds it there.
 */
function SentLead({ state }: { state: unknown }) {
  const { t } = useTranslation();
  const lead = leadOf(state);
  return (
    <>
      <p
        className="lead"
        {...{
          [SENT_TO_ATTRIBUTE]: t('confirmEmail.sentTo', { email: ADDRESS_SLOT }),
          [STILL_HOLDS_ATTRIBUTE]: t('confirmEmail.stillHolds', { email: ADDRESS_SLOT }),
        }}
      >
        {lead ? (
          <WithAddress
            text={t(lead.mailSent ? 'confirmEmail.sentTo' : 'confirmEmail.stillHolds', { email: lead.email })}
            address={lead.email}
          />
        ) : (
          t('confirmEmail.sent')
        )}
      </p>
      <script dangerouslySetInnerHTML={{ __html: FILL_ADDRESS_CALL }} />
    </>
  );
}

/**
 * Without the entry, the way to a new mail. The server's page has no entry either, so a cold visit
 * (another tab, a link) paints it from the first paint, and the app keeps it: nothing is added
 * under the code form, nothing moves the footer. A reloaded tab that signed up has the entry: the
 * call after the advice hides it before the page paints (reloaded-address.ts), as the app's first
 * render does from the same entry, and the app puts the tab's actions in its place.
 */
function NoEntryAdvice({ state }: { state: unknown }) {
  const { t } = useTranslation();
  return (
    <>
      <p {...{ [NO_ENTRY_ATTRIBUTE]: '' }} hidden={confirmEmailState(state) !== undefined}>
        {t('confirmEmail.noSession')}
      </p>
      <script dangerouslySetInnerHTML={{ __html: FILL_ADDRESS_CALL }} />
    </>
  );
}

function MailIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 96 72" width="96" height="72" aria-hidden="true">
      <rect
        x="4"
        y="8"
        width="88"
        height="60"
        rx="8"
        fill={brand.colours.brandTint}
        stroke={brand.colours.brand}
        strokeWidth="3"
      />
      <path d="M8 14l40 28 40-28" fill="none" stroke={brand.colours.brand} strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}
