/**
 * The local stack's stand-in for Google's and Apple's sign-in pages, where the server's sign-in
 * start sends her (pages/flows/provider-redirect-flow.ts): the real ones cannot be reached from
 * here. It answers as they do: a page that asks who she is, then her browser posts the answer
 * (`response_mode=form_post`) to the `redirect_uri` with the `state` it was given and an ID token
 * whose `aud` is the client and whose `nonce` is the one asked for. The token is unsigned: the
 * Auth emulator reads a provider's token without checking a signature, as it reads its own
 * widget's. The page's fields have the ids of the emulator's widget (tools/stack/src/provider-sign-in.ts
 * drives both). Never used in a deploy.
 */
import { createHash, randomBytes } from 'node:crypto';
import { escapeHtml } from '@dayfocus/contracts/html';
import { isServerStartProvider, LOCAL_IDENTITY_PROVIDER_PATH } from '@dayfocus/contracts/provider-return';
import { httpFunction } from '../platform/functions/http-function.js';
import { localFunctions } from './manifest.js';

const ISSUERS = { 'google.com': 'https://accounts.google.com', 'apple.com': 'https://appleid.apple.com' };
const NAMES = { 'google.com': 'Google', 'apple.com': 'Apple' };

const html = (body: string, nonce: string) => ({
  status: 200,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action *`,
  },
  body: `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><style nonce="${nonce}">
body{font:16px system-ui;margin:2rem auto;max-width:22rem;padding:0 1rem}input,button{display:block;box-sizing:border-box;width:100%;margin:.5rem 0;padding:.6rem;font:inherit}
</style>${body}</html>`,
});

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned ID token for this address, as the provider would issue it for this client and nonce. */
function idToken(provider: keyof typeof ISSUERS, query: URLSearchParams, email: string, name: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: ISSUERS[provider],
    aud: query.get('client_id') ?? '',
    sub: `stand-in-${createHash('sha256').update(email).digest('hex').slice(0, 20)}`,
    email,
    email_verified: true,
    ...(provider === 'google.com' && name ? { name } : {}),
    nonce: query.get('nonce') ?? '',
    iat: now,
    exp: now + 600,
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/** The form her browser posts to the return address, at once (a provider's own page does the same). */
function postBack(query: URLSearchParams, fields: Record<string, string>, nonce: string) {
  const inputs = Object.entries({ state: query.get('state') ?? '', ...fields })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const action = escapeHtml(query.get('redirect_uri') ?? '/');
  return html(
    `<form method="post" action="${action}">${inputs}<noscript><button>Continue</button></noscript></form>` +
      `<script nonce="${nonce}">document.forms[0].submit()</script>`,
    nonce,
  );
}

export const devIdentityProvider = httpFunction(localFunctions.devIdentityProvider, (request) => {
  const url = new URL(request.rawUrl, 'http://localhost');
  const provider = url.pathname.slice(LOCAL_IDENTITY_PROVIDER_PATH.length + 1);
  const nonce = randomBytes(16).toString('base64');
  if (!isServerStartProvider(provider) || !url.searchParams.get('redirect_uri')) {
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'No such provider' };
  }
  if (request.method === 'POST') {
    const form = request.form ?? {};
    if (form['cancel'] !== undefined) {
      const error = provider === 'apple.com' ? 'user_cancelled_authorize' : 'access_denied';
      return postBack(url.searchParams, { error }, nonce);
    }
    const email = (form['email'] ?? '').trim().toLowerCase();
    const token = idToken(provider, url.searchParams, email, (form['displayName'] ?? '').trim());
    // Apple posts her name beside the token (never in it), as `user`.
    const [firstName = '', ...rest] = (form['displayName'] ?? '').trim().split(/\s+/);
    const user = JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, email });
    const apple: Record<string, string> = provider === 'apple.com' ? { code: 'stand-in', user } : {};
    return postBack(url.searchParams, { id_token: token, ...apple }, nonce);
  }
  return html(
    `<h1>${NAMES[provider]}</h1><p>The local stack's stand-in for ${NAMES[provider]}'s sign-in page.</p>` +
      `<form method="post"><input id="email-input" name="email" type="email" required placeholder="Email">` +
      `<input id="display-name-input" name="displayName" placeholder="Display name">` +
      `<button id="sign-in">Sign in</button><button id="cancel" name="cancel" formnovalidate>Cancel</button></form>`,
    nonce,
  );
});
