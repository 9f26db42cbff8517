import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';
import { storeMark } from './store-badges';

/**
 * "Copy invite and get the app", an iPhone's way to the app with the invite (docs/app-contract.md):
 * the short link to the clipboard, where the app looks for it on its first start, then the App
 * Store. Disabled while there is no link yet.
 */
export function CopyInviteButton({ inviteLink }: { inviteLink: string | null }) {
  const { t } = useTranslation();
  const { appStoreUrl } = useRuntimeConfig();

  async function copyInviteAndGetApp() {
    try {
      if (inviteLink) await navigator.clipboard.writeText(inviteLink);
    } catch (error) {
      // Without the clipboard the app store still opens; the app then simply has no invite to read.
      // eslint-disable-next-line no-console
      console.warn('The invite could not be copied', error);
    }
    window.location.assign(appStoreUrl);
  }

  return (
    <button
      type="button"
      className="store-badge store-badge-action"
      data-store="app-store"
      disabled={!inviteLink}
      onClick={() => void copyInviteAndGetApp()}
    >
      {storeMark('app-store')}
      <span className="store-badge-name">{t('welcome.copyInvite')}</span>
    </button>
  );
}
