import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentInAppBrowser, escapeTarget, wayOutHref, type InAppBrowser } from '@/lib/in-app-browser';
import { renderedInAppBrowser } from '@/lib/rendered-in-app-browser';

const unchanging = () => () => undefined;

/**
 * The in-app browser the page runs in, or null. On the server and while the app takes over a
 * server-rendered page, what the server found from the request (a page drawn per user agent, such
 * as the sign-up method page; null on a page the CDN keeps for everyone); then the browser's own.
 */
export function useInAppBrowser(): InAppBrowser | null {
  return useSyncExternalStore(unchanging, currentInAppBrowser, () => renderedInAppBrowser().inApp);
}

/**
 * The way out of an in-app browser, into the phone's real browser, on the same page with the same
 * language: a link that opens it in one tap where the app lets it through (Android's intent,
 * iPhone's `x-safari-https`), and the menu instructions that always work. The link is followed
 * only when tapped; nothing here moves by itself. It is styled as the second action it is: the
 * page's own ("Sign up") stays its one primary.
 */
export function OpenInBrowser({ inApp, children }: { inApp: InAppBrowser; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  // On the server, the address the request asked for (the page is drawn before any window exists).
  const page = typeof window === 'undefined' ? { href: renderedInAppBrowser().pageHref } : window.location;
  const href = inApp.escapeFailed ? null : wayOutHref(escapeTarget(page, i18n.language), inApp.phone);
  return (
    <section className="in-app-notice" aria-labelledby="in-app-notice-title">
      <h2 id="in-app-notice-title" className="in-app-notice-title">
        {inApp.appName ? t('inAppBrowser.titleNamed', { app: inApp.appName }) : t('inAppBrowser.title')}
      </h2>
      {children}
      {href && (
        <a className="button button-secondary" href={href} rel="nofollow">
          {t('inAppBrowser.open')}
        </a>
      )}
      <p className="in-app-notice-steps">{href ? t('inAppBrowser.stepsIfNothing') : t('inAppBrowser.steps')}</p>
    </section>
  );
}

/**
 * The way out with `children` as its reason, where the page runs in an in-app browser; nothing
 * elsewhere. The default export, for a page that loads it only once it runs in the browser.
 */
export default function InAppBrowserNotice({ children }: { children?: ReactNode }) {
  const inApp = useInAppBrowser();
  return inApp ? <OpenInBrowser inApp={inApp}>{children}</OpenInBrowser> : null;
}
