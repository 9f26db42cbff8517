import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CentredEnd } from '@/components/centred-end';
import { ErrorBoundary } from '@/components/error-boundary';
import { Logo } from '@/components/logo';
import { href } from '@dayfocus/contracts/page-paths';
import { useRuntimeConfig } from '@/config/runtime-config';
import { LanguageSelect } from '@/features/language/components/language-select';
import { PageSettled } from '@/lib/taken-over';

/**
 * Every page: the fixed top bar with the product logo and the language choice, the page, and a
 * footer that says who runs the site, with its privacy policy and terms.
 */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <>
      <header className="top-bar">
        <Link to={href('home')} className="brand" aria-label={t('app.homeLink')}>
          <Logo title={t('app.logoAlt')} />
          <span className="brand-name" aria-hidden="true">
            {t('app.name')}
          </span>
        </Link>
        <LanguageSelect />
      </header>
      <main className="content" id="main">
        {/* A page that failed to render (or whose chunk failed to load, after a deploy or on a
            bad network) offers a fresh load; moving to another page clears the failure. The
            failure is the app's own drawing: a server's page it replaced is taken over too. */}
        <ErrorBoundary
          key={pathname}
          fallback={() => (
            <PageSettled>
              <SectionError onRetry={() => window.location.reload()} />
            </PageSettled>
          )}
        >
          <Outlet />
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  const { legal } = useRuntimeConfig();
  return (
    <footer className="site-footer">
      <p>{t('footer.operator', { operator: legal.operator })}</p>
      <nav aria-label={t('footer.label')} className="centred-together">
        <a href={legal.privacyUrl} rel="noopener">
          {t('footer.privacy')}
        </a>
        <a href={legal.termsUrl} rel="noopener">
          {t('footer.terms')}
        </a>
        <CentredEnd />
      </nav>
    </footer>
  );
}

function SectionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-error" role="alert">
      <p>{t('app.genericError')}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
