import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { href, pagePatterns } from '@dayfocus/contracts/page-paths';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { CentredEnd } from '@/components/centred-end';
import { useRuntimeConfig } from '@/config/runtime-config';
import { changeLanguage, offeredLanguages } from '@/lib/i18n';
import { pageTakenOver } from '@/lib/taken-over';

/** Up to this many languages sit in the top bar side by side; more open from a menu that fits a phone. */
const INLINE_LANGUAGES = 2;

/**
 * Links, so that the choice works without JavaScript. On the invitation page each goes to the
 * invitation in that language, whose path names it, so that it can be shared; elsewhere a link
 * switches every string at once, in place, and says the choice in the address (`?lg=`, the rest of
 * the query kept), so that a reload or a shared address keeps it; before the app runs (a page the
 * server rendered) the link loads the page again in that language. A menu (`<details>`, which
 * opens without JavaScript too) is named by the current language.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  const offered = offeredLanguages(config);
  if (offered.length < 2) return null;
  const current = i18n.resolvedLanguage ?? i18n.language;
  const inviterId = matchPath(pagePatterns.invitation, pathname)?.params.inviterId;

  const links = (
    // Two links side by side at the top bar's end: the first must not be drawn there alone.
    <nav className="language-select centred-together" aria-label={t('app.language')}>
      {offered.map((language) => {
        const props = {
          lang: language.code,
          hrefLang: language.code,
          'aria-current': language.code === current ? ('true' as const) : undefined,
        };
        if (inviterId) {
          return (
            <Link
              key={language.code}
              to={href('invitation', { inviterId, lg: language.code })}
              replace
              onClick={closeMenu}
              {...props}
            >
              {language.name}
            </Link>
          );
        }
        const switchLanguage = (event: MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          closeMenu(event);
          // A tap while React still takes the server's page over applies once it has.
          void (async () => {
            await pageTakenOver();
            const changed = await changeLanguage(i18n, language.code);
            // The address as it is now (a page may have taken a used code out of it meanwhile), and the
            // page's state kept with it (the check-your-mail page's account and address live there).
            if (changed)
              void navigate(
                { pathname, search: withLanguage(window.location.search, language.code) },
                { replace: true, state },
              );
          })();
        };
        return (
          <a
            key={language.code}
            // The server renders no query: the link names the language alone, as both render it.
            href={`${pathname}?lg=${language.code}`}
            onClick={switchLanguage}
            {...props}
          >
            {language.name}
          </a>
        );
      })}
      <CentredEnd />
    </nav>
  );
  if (offered.length <= INLINE_LANGUAGES) return links;
  const currentName = offered.find((language) => language.code === current)?.name ?? offered[0]?.name;
  return (
    // Its `open` is the person's: a menu opened while the app takes the server's page over is
    // expected to differ from the server's HTML, and React keeps it as it is.
    <details className="language-menu" suppressHydrationWarning>
      <summary>
        <span className="visually-hidden">{t('app.language')}: </span>
        <span lang={current}>{currentName}</span>
      </summary>
      {links}
    </details>
  );
}

/** The menu a language was chosen from closes, so that it no longer covers the page that changes under it. */
function closeMenu(event: MouseEvent<HTMLAnchorElement>): void {
  event.currentTarget.closest('details')?.removeAttribute('open');
}

function withLanguage(search: string, code: string): string {
  const params = new URLSearchParams(search);
  params.set('lg', code);
  return `?${params.toString()}`;
}
