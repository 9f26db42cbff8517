import { playStoreUrlFor } from '@dayfocus/contracts/link-paths';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';
import type { Platform } from '@/lib/platform';

/**
 * App Store and Google Play badges, linking to the store pages of the runtime configuration,
 * the visitor's own store first (Google Play first on Android; the App Store first elsewhere).
 * With an invite code, the Google Play link carries it as the install referrer
 * (`referrer=invite%3D{code}`, docs/app-contract.md). Drawn in HTML rather than as pictures so
 * that their words follow the chosen language.
 */
export function StoreBadges({ platform, inviteCode }: { platform: Platform; inviteCode: string | null }) {
  const { t } = useTranslation();
  const { appStoreUrl, playStoreUrl } = useRuntimeConfig();
  const apple = (
    <StoreBadge
      key="app-store"
      href={appStoreUrl}
      mark={<AppleMark />}
      before={t('welcome.appStoreBefore')}
      store="App Store"
      after={t('welcome.appStoreAfter')}
    />
  );
  const play = (
    <StoreBadge
      key="google-play"
      href={inviteCode ? playStoreUrlFor(playStoreUrl, inviteCode) : playStoreUrl}
      mark={<PlayMark />}
      before={t('welcome.playStoreBefore')}
      store="Google Play"
      after={t('welcome.playStoreAfter')}
    />
  );
  return <div className="store-badges">{platform === 'android' ? [play, apple] : [apple, play]}</div>;
}

/**
 * One badge: the small words before and after the store's name (languages put them on either
 * side), separated by spaces so that the link's accessible name is the whole phrase as shown.
 */
function StoreBadge({
  href,
  mark,
  before,
  store,
  after,
}: {
  href: string;
  mark: React.ReactNode;
  before: string;
  store: string;
  after: string;
}) {
  return (
    <a href={href} className="store-badge" rel="noopener">
      {mark}
      <span className="store-badge-text">
        {before && <span className="store-badge-line">{before}</span>} <span className="store-badge-name">{store}</span>{' '}
        {after && <span className="store-badge-line">{after}</span>}
      </span>
    </a>
  );
}

function AppleMark() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <path
        d="M16.4 12.6c0-2.2 1.8-3.2 1.9-3.3a4.1 4.1 0 0 0-3.2-1.7c-1.4-.1-2.6.8-3.3.8s-1.7-.8-2.8-.8A4.2 4.2 0 0 0 5.5 10c-1.5 2.6-.4 6.4 1.1 8.5.7 1 1.5 2.2 2.6 2.1 1-.04 1.4-.7 2.7-.7s1.6.7 2.7.7c1.1 0 1.8-1 2.5-2a8.6 8.6 0 0 0 1.1-2.3 3.6 3.6 0 0 1-1.8-3.7zM14.3 6.1A3.7 3.7 0 0 0 15.2 3.4a3.8 3.8 0 0 0-2.5 1.3 3.5 3.5 0 0 0-.9 2.6 3.1 3.1 0 0 0 2.5-1.2z"
        fill="#fff"
      />
    </svg>
  );
}

function PlayMark() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M4 2.5l11.5 9.5L4 21.5z" fill="#34A853" />
      <path d="M4 2.5l8 9.5 3.5-3z" fill="#4285F4" />
      <path d="M4 21.5l8-9.5 3.5 3z" fill="#EA4335" />
      <path d="M15.5 9l4 2.2c.8.5.8 1.2 0 1.6l-4 2.2-3.5-3z" fill="#FBBC04" />
    </svg>
  );
}
