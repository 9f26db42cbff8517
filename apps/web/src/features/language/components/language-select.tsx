import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';
import { changeLanguage, offeredLanguages } from '@/lib/i18n';

/** The languages of the configuration that the app has a translation for; switching changes every string at once. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const id = useId();
  const offered = offeredLanguages(config);
  if (offered.length < 2) return null;

  return (
    <div className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {t('app.language')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => void changeLanguage(i18n, event.target.value)}
      >
        {offered.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
