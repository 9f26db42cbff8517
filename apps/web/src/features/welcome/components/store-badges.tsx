import { playStoreUrlFor } from '@dayfocus/contracts/link-paths';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';
import { CentredEnd } from '@/components/centred-end';
import type { Phone } from '@dayfocus/contracts/phones';

export type Store = 'app-store' | 'google-play';

/**
 * A store badge, drawn in HTML rather than as a picture so that its words follow the chosen
 * language: the store's mark, and the small words before and after the store's name (languages
 * put them on either side), separated by spaces so that the accessible name is the whole phrase
 * as shown. `href` undefined: the badge waits (activation has not given the invite yet).
 */
export function StoreBadge({
  store,
  href,
  onClick,
  busy = false,
  lesser = false,
}: {
  store: Store;
  href: string | undefined;
  /** Second to the page's own action (a link that cannot confirm: "Sign up again"; the confirm step). */
  lesser?: boolean;
  /** A tap's own work before the link is followed (the welcome page's sign-in handoff). */
  onClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  /** That work is running: the badge says so, and stays where it is. */
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [before, after] =
    store === 'app-store'
      ? [t('welcome.appStoreBefore'), t('welcome.appStoreAfter')]
      : [t('welcome.playStoreBefore'), t('welcome.playStoreAfter')];
  const text = (
    <>
      {storeMark(store)}
      <span className="store-badge-text">
        {before && <span className="store-badge-line">{before}</span>}{' '}
        <span className="store-badge-name">{store === 'app-store' ? 'App Store' : 'Google Play'}</span>{' '}
        {after && <span className="store-badge-line">{after}</span>}
      </span>
      <CentredEnd />
      {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
    </>
  );
  const className = `store-badge centred-together${lesser ? ' store-badge-lesser' : ''}`;
  return href ? (
    <a href={href} className={className} rel="noopener" data-store={store} onClick={onClick} aria-busy={busy}>
      {text}
    </a>
  ) : (
    <button type="button" className={className} disabled data-store={store}>
      {text}
    </button>
  );
}

export function storeMark(store: Store): ReactNode {
  return store === 'app-store' ? <AppleMark /> : <PlayMark />;
}

function AppleMark() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" className="store-mark">
      <path
        d="M16.4 12.6c0-2.2 1.8-3.2 1.9-3.3a4.1 4.1 0 0 0-3.2-1.7c-1.4-.1-2.6.8-3.3.8s-1.7-.8-2.8-.8A4.2 4.2 0 0 0 5.5 10c-1.5 2.6-.4 6.4 1.1 8.5.7 1 1.5 2.2 2.6 2.1 1-.04 1.4-.7 2.7-.7s1.6.7 2.7.7c1.1 0 1.8-1 2.5-2a8.6 8.6 0 0 0 1.1-2.3 3.6 3.6 0 0 1-1.8-3.7zM14.3 6.1A3.7 3.7 0 0 0 15.2 3.4a3.8 3.8 0 0 0-2.5 1.3 3.5 3.5 0 0 0-.9 2.6 3.1 3.1 0 0 0 2.5-1.2z"
        fill="currentColor"
      />
    </svg>
  );
}

function PlayMark() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="store-mark">
      <path d="M4 2.5l11.5 9.5L4 21.5z" fill="#34A853" />
      <path d="M4 2.5l8 9.5 3.5-3z" fill="#4285F4" />
      <path d="M4 21.5l8-9.5 3.5 3z" fill="#EA4335" />
      <path d="M15.5 9l4 2.2c.8.5.8 1.2 0 1.6l-4 2.2-3.5-3z" fill="#FBBC04" />
    </svg>
  );
}

/**
 * The visitor's own store first, for a page that offers the app without an invite of its own.
 * Google Play carries `inviteCode` as the install referrer.
 */
export function StoreBadges({
  phone,
  inviteCode,
  deviceOnly = false,
}: {
  phone: Phone | undefined;
  inviteCode: string | null;
  /** A phone gets its own store alone (a desktop both): for a page drawn for this visitor only. */
  deviceOnly?: boolean;
}) {
  const { appStoreUrl, playStoreUrl } = useRuntimeConfig();
  const apple = <StoreBadge key="app-store" store="app-store" href={appStoreUrl} />;
  const play = (
    <StoreBadge
      key="google-play"
      store="google-play"
      href={inviteCode ? playStoreUrlFor(playStoreUrl, inviteCode) : playStoreUrl}
    />
  );
  if (deviceOnly && phone === 'android') return <div className="store-badges">{play}</div>;
  if (deviceOnly && phone === 'ios') return <div className="store-badges">{apple}</div>;
  return <div className="store-badges">{phone === 'android' ? [play, apple] : [apple, play]}</div>;
}
