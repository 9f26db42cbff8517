import { linkRequestFromPath, playStoreUrlFor } from '@dayfocus/contracts/link-paths';
import { useEffect, useState } from 'react';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';
import { ActionLink } from '@/components/action-link';
import { usePhone } from '@/lib/use-phone';
import { handoffAvailable, keepActivationCode, mintSignInHandoff } from '../api/sign-in-handoff';
import { CopyInviteButton } from './copy-invite-button';
import { StoreBadge } from './store-badges';

/** Null for anything but one of our short links. */
function inviteCodeOf(inviteLink: string | null): string | null {
  if (!inviteLink) return null;
  try {
    return linkRequestFromPath(new URL(inviteLink).pathname)?.code ?? null;
  } catch {
    return null;
  }
}

/**
 * For the account signed in on this tab, the link waits for a sign-in handoff (at most
 * HANDOFF_WAIT_MS) to carry it in the referrer. A tap with no session here (nor a code this tab
 * minted before), or one that opens a new tab, follows the link as it is.
 */
function usePlayHandoff(playStoreUrl: string, code: string | null) {
  const [busy, setBusy] = useState(false);
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const plain = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (busy) return event.preventDefault(); // on its way already
    if (!code || plain || !handoffAvailable('android')) return;
    event.preventDefault();
    setBusy(true);
    void mintSignInHandoff('android').then((handoff) => {
      window.location.assign(playStoreUrlFor(playStoreUrl, code, handoff ?? undefined));
      setBusy(false);
    });
  };
  return { onClick, busy };
}

/**
 * From the welcome page to the app, with the invite carried across the install
 * (docs/app-contract.md): one primary action for this device, then on a phone "I already have the
 * app" (the short link, which opens the app), visibly lesser. A desktop shows the short link's QR
 * code, so that the phone that scans it gets the invite. The tap on the phone's store adds a
 * sign-in handoff: the account signed in on this tab (the sign-up's own) is signed in in the app
 * too. While `pending`, what needs the invite waits in place, disabled, so that nothing moves when
 * it comes. Without an invite link (activation failed, or no invitee) the stores alone.
 */
export function AppHandoff({
  inviteLink,
  pending = false,
  signIn,
  account,
  lesser = false,
}: {
  inviteLink: string | null;
  pending?: boolean;
  /** Second to the page's own action (the confirm step, "Sign up again"), and looking it. */
  lesser?: boolean;
  /** Answered by activation on the mail's first opening. */
  signIn?: ActivationAnswer['signIn'];
  /** The account activated, whose code it is. */
  account?: string | undefined;
}) {
  const { t } = useTranslation();
  const { appStoreUrl, playStoreUrl } = useRuntimeConfig();
  const phone = usePhone();
  const code = inviteCodeOf(inviteLink);
  useEffect(() => {
    if (signIn && account) keepActivationCode(account, signIn);
  }, [signIn, account]);
  // Google Play's link, and the iPhone's copy, carry that code before any script (copy-invite-tap.ts).
  const playSignIn = signIn?.platform === 'android' ? signIn.code : undefined;
  const withInvite = pending || inviteLink !== null;
  /** Where a link that needs the invite goes: nowhere yet while activation runs. */
  const waiting = (href: string) => (pending ? undefined : href);
  const playHandoff = usePlayHandoff(playStoreUrl, code);

  const appStore = <StoreBadge key="app-store" store="app-store" href={appStoreUrl} lesser={lesser} />;
  const googlePlay = (
    <StoreBadge
      key="google-play"
      store="google-play"
      lesser={lesser}
      href={waiting(code ? playStoreUrlFor(playStoreUrl, code, playSignIn) : playStoreUrl)}
      {...(phone === 'android' ? playHandoff : {})}
    />
  );
  const alreadyHaveApp = withInvite && (
    <ActionLink href={inviteLink ?? undefined} disabled={!inviteLink} className="button button-link welcome-already">
      {t('welcome.openApp')}
    </ActionLink>
  );

  if (phone === 'android') {
    return (
      <div className="welcome-actions">
        {googlePlay}
        {alreadyHaveApp}
      </div>
    );
  }
  if (phone === 'ios') {
    return (
      <div className="welcome-actions">
        {withInvite ? <CopyInviteButton inviteLink={inviteLink} signIn={signIn} lesser={lesser} /> : appStore}
        {alreadyHaveApp}
      </div>
    );
  }
  // The short link's own QR code: no encoder in the page's script.
  return (
    <div className="welcome-actions">
      {(pending || code) && (
        <figure className="welcome-qr-figure">
          {code ? (
            <img className="welcome-qr" src={`/l/${code}/qr.svg`} alt={t('welcome.qrAlt')} width={112} height={112} />
          ) : (
            <span className="welcome-qr welcome-qr-waiting" aria-hidden="true" />
          )}
          <figcaption>{t('welcome.qrHint')}</figcaption>
        </figure>
      )}
      {appStore}
      {googlePlay}
    </div>
  );
}
