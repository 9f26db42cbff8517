import { pageLoader } from '@/lib/page-loader';
import { loadWelcome } from './load-welcome';

/**
 * The confirmation page's module, on its own so that the sign-up form can fetch it ahead without
 * importing the router (which imports them).
 */
export const loadConfirmEmail = pageLoader(() => import('./confirm-email'));

/**
 * Fetches what comes after an e-mail sign-up once this page has loaded, while she fills the form:
 * the confirmation page, the modules of its code (the account's check, the call) and the welcome
 * page. On a slow phone each, fetched only once the sign-up's calls have answered, was a round trip
 * before she saw where the mail went, and their downloads then slowed the code's call down.
 */
export function prefetchConfirmEmailAfterLoad(): void {
  const prefetch = () => {
    for (const load of [
      loadConfirmEmail,
      () => import('@/features/sign-up/mail-code/api/mail-code'),
      () => import('@/features/sign-up/email/api/verification'),
      loadWelcome,
    ])
      void load().catch(() => undefined);
  };
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}
