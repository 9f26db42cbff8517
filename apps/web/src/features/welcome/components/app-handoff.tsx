import { linkRequestFromPath } from '@dayfocus/contracts/link-paths';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';
import { ActionLink } from '@/components/action-link';
import { usePlatform } from '@/lib/use-platform';
import { StoreBadges } from './store-badges';

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
 * (docs/app-contract.md): on a phone, "Open Dayfocus" through the inviter's short link for
 * people who have the app; on an iPhone, "Copy invite and get the app" (the short link to the
 * clipboard, then the App Store); then the store badges, the visitor's own first. `pending`:
 * activation has not answered yet, so the buttons that need the link wait, disabled.
 */
export function AppHandoff({ inviteLink, pending = false }: { inviteLink: string | null; pending?: boolean }) {
  const { t } = useTranslation();
  const { appStoreUrl } = useRuntimeConfig();
  const platform = usePlatform();
  const code = inviteCodeOf(inviteLink);

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
    <>
      {/* While activation runs, in place and disabled: nothing moves when the link comes. */}
      {platform !== 'other' && (inviteLink || pending) && (
        <div className="actions">
          {platform === 'ios' && (
            <button
              type="button"
              className="button button-primary"
              disabled={!inviteLink}
              onClick={() => void copyInviteAndGetApp()}
            >
              {t('welcome.copyInvite')}
            </button>
          )}
          <ActionLink href={inviteLink ?? undefined} disabled={!inviteLink} className="button button-secondary">
            {t('welcome.openApp')}
          </ActionLink>
        </div>
      )}
      <StoreBadges platform={platform} inviteCode={code} />
    </>
  );
}
