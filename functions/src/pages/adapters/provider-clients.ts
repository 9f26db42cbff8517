/**
 * The providers' OAuth clients the server's sign-in starts with (domain/provider-redirect.ts), from
 * the functions' params: a provider whose client ID is empty is not started by the server.
 */
import { stringParam } from '../../platform/adapters/params.js';
import type { ProviderClients } from '../domain/provider-redirect.js';

const params = {
  google: { clientId: stringParam('GOOGLE_WEB_CLIENT_ID'), authorizeUrl: stringParam('GOOGLE_AUTHORIZE_URL') },
  apple: { clientId: stringParam('APPLE_SERVICES_ID'), authorizeUrl: stringParam('APPLE_AUTHORIZE_URL') },
};

export function readProviderClients(): ProviderClients {
  const client = ({ clientId, authorizeUrl }: (typeof params)['google']) =>
    clientId.value().trim() === ''
      ? undefined
      : { clientId: clientId.value().trim(), authorizeUrl: authorizeUrl.value() };
  const google = client(params.google);
  const apple = client(params.apple);
  return { ...(google ? { 'google.com': google } : {}), ...(apple ? { 'apple.com': apple } : {}) };
}
