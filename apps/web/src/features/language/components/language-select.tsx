import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useRuntimeConfig } from '@/config/runtime-config';
import { changeLanguage, offeredLanguages } from '@/lib/i18n';

/**
 * The languages of the configuration that the app has a translation for, as links. On the
 * invitation page each goes to the invitation in that language (`/feedback/{uid}/{lg}`), so
 * the choice works without JavaScript and can be shared; elsewhere a link switches every
 * string at once, in place, and before the app runs (a page the server rendered) it loads the
 * page again in that language (`?lg=`).
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const { pathname } = useLocation();
  const offered = offeredLanguages(config);
  if (offered.length < 2) return null;
  const current = i18n.resolvedLanguage ?? i18n.language;
  const inviterId = matchPath(paths.invitation.pattern, pathname)?.params.inviterId;

  return (
    <nav className="language-select" aria-label={t('app.language')}>
      {offered.map((language) => {
        const props = {
          lang: language.code,
          hrefLang: language.code,
          'aria-current': language.code === current ? ('true' as const) : undefined,
        };
        if (inviterId) {
          return (
            <Link key={language.code} to={paths.invitation.href(inviterId, language.code)} replace {...props}>
              {language.name}
            </Link>
          );
        }
        const switchLanguage = (event: MouseEvent) => {
          event.preventDefault();
          void changeLanguage(i18n, language.code);
        };
        return (
          <a key={language.code} href={`${pathname}?lg=${language.code}`} onClick={switchLanguage} {...props}>
            {language.name}
          </a>
        );
      })}
    </nav>
  );
}
