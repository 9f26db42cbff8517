/** The server's start of a sign-in with Apple or Google, from the app (docs/arrival.md, "The provider's tap in one round trip"). */
import { pagePatterns } from '@dayfocus/contracts/page-paths';
import { SIGN_IN_FROM_PARAM, SIGN_IN_PROVIDER_FIELD } from '@dayfocus/contracts/provider-return';
import { markStartTap } from '@/lib/sign-in-start';
import type { Provider } from './social-sign-in';

/**
 * Leaves for the provider's page through the server's start (`/auth/start`, as the server's own
 * buttons do): one round trip, no Auth needed. For a tap that cannot have the popup (Auth not ready
 * yet, an in-app browser, a blocked popup). The tap is marked, so that a server which does not
 * start this provider, and sends the page back as `?start=`, has it started here by redirect.
 */
export function signInByServer(provider: Provider, language: string): void {
  const { pathname } = window.location;
  markStartTap(pathname, provider);
  const form = document.createElement('form');
  form.method = 'post';
  form.action = `${pagePatterns['sign-in-start']}?${SIGN_IN_FROM_PARAM}=${encodeURIComponent(pathname)}`;
  form.hidden = true;
  for (const [name, value] of [
    ['lg', language],
    [SIGN_IN_PROVIDER_FIELD, provider],
  ]) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name ?? '';
    input.value = value ?? '';
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
