import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';

/** App Store and Google Play badges, linking to the store pages of the runtime configuration. */
export function StoreBadges() {
  const { t } = useTranslation();
  const { appStoreUrl, playStoreUrl } = useRuntimeConfig();
  return (
    <div className="store-badges">
      <a href={appStoreUrl} className="store-badge" rel="noopener">
        <img src="/images/app-store-badge.svg" alt={t('welcome.appStoreAlt')} width={160} height={48} />
      </a>
      <a href={playStoreUrl} className="store-badge" rel="noopener">
        <img src="/images/google-play-badge.svg" alt={t('welcome.playStoreAlt')} width={160} height={48} />
      </a>
    </div>
  );
}
