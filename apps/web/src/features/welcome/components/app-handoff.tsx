import { linkRequestFromPath, playStoreUrlFor } from '@dayfocus/contracts/link-paths';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';
import { ActionLink } from '@/components/action-link';
import { usePlatform } from '@/lib/use-platform';
import { CopyInviteButton } from './copy-invite-button';
import { StoreBadge } from './store-badges';

/** The code of one of our short links (`{origin}/l/{code}`), or null. */
function inviteCodeOf(inviteLink: string | null): string | null {
  if (!inviteLink) return null;
  try {
    return linkRequestFromPath(new URL(inviteLink).pathname)?.code ?? null;
  } catch {
    return null;
  }
}

/**
 * From the welcome page to the app, with the invite carried across the install
 * (docs/app-contract.md). One primary action for this device: Google Play on Android (its
 * referrer the invite), "Copy invite and get the app" on an iPhone (the short link to the
 * clipboard, then the App Store), both stores and the QR code of the short link on a desktop (the
 * phone that scans it gets the invite). Then, on a phone, "I already have the app" (the short
 * link, which opens the app), visibly lesser. `pending`: activation has not answered yet, so what
 * needs the invite waits in place, disabled (nothing moves when it comes). Without an invite
 * link (activation failed, or no invitee) the stores alone.
 */
export function AppHandoff({ inviteLink, pending = false }: { inviteLink: string | null; pending?: boolean }) {
  const { t } = useTranslation();
  const { appStoreUrl, playStoreUrl } = useRuntimeConfig();
  const platform = usePlatform();
  const code = inviteCodeOf(inviteLink);
  const withInvite = pending || inviteLink !== null;
  /** Where a link that needs the invite goes: nowhere yet while activation runs. */
  const waiting = (href: string) => (pending ? undefined : href);

  const appStore = <StoreBadge key="app-store" store="app-store" href={appStoreUrl} />;
  const googlePlay = (
    <StoreBadge
      key="google-play"
      store="google-play"
      href={waiting(code ? playStoreUrlFor(playStoreUrl, code) : playStoreUrl)}
    />
  );
  const alreadyHaveApp = withInvite && (
    <ActionLink href={inviteLink ?? undefined} disabled={!inviteLink} className="button button-link welcome-already">
      {t('welcome.openApp')}
    </ActionLink>
  );

  if (platform === 'android') {
    return (
      <div className="welcome-actions">
        {googlePlay}
        {alreadyHaveApp}
      </div>
    );
  }
  if (platform === 'ios') {
    return (
      <div className="welcome-actions">
        {withInvite ? <CopyInviteButton inviteLink={inviteLink} /> : appStore}
        {alreadyHaveApp}
      </div>
    );
  }
  // The QR code is the short link's own (`/l/{code}/qr.svg`): no encoder in the page's script.
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
