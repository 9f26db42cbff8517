/**
 * The sign-in with Apple or Google that the server starts (docs/arrival.md, "The provider's tap in
 * one round trip"): the method page's buttons post to `/auth/start` (pagePatterns['sign-in-start']),
 * which answers with the provider's page at once; the provider posts her back to `/auth/return`,
 * which sends the page she came from the provider's ID token in the address's fragment (no request
 * carries a fragment: neither the CDN nor a log sees it). The page takes it out of the address and
 * signs in with it (apps/web/src/features/sign-up/social/api/social-sign-in.ts).
 */
import { base64Url } from './base64url.js';

/** The providers the server's start knows. */
export const SERVER_START_PROVIDERS = ['apple.com', 'google.com'] as const;
export type ServerStartProvider = (typeof SERVER_START_PROVIDERS)[number];

export function isServerStartProvider(value: unknown): value is ServerStartProvider {
  return SERVER_START_PROVIDERS.some((provider) => provider === value);
}

/**
 * The local stack's stand-in for the providers' pages, at `{path}/{provider}` on its Hosting
 * (functions/src/local/dev-identity-provider.ts): never part of a deploy.
 */
export const LOCAL_IDENTITY_PROVIDER_PATH = '/__local/idp';

/** The field of the method page's form that names the provider (its buttons' `name`). */
export const SIGN_IN_PROVIDER_FIELD = 'start';

/** The query parameter of `/auth/start` naming the page to come back to (its path, and `?lg=`). */
export const SIGN_IN_FROM_PARAM = 'from';

/** The fragment's names: the sign-in the provider gave, or the provider that refused it. */
export const PROVIDER_RETURN_KEY = 'idp';
export const PROVIDER_REFUSAL_KEY = 'idp-error';

/** What the fragment carries: the provider's ID token, and the nonce whose hash it names (Apple checks it). */
export interface ProviderReturn {
  provider: ServerStartProvider;
  idToken: string;
  rawNonce: string;
  /** Her name as Apple posts it on her first sign-in only (never in its token), when it did. */
  name?: string;
}

/** The fragment (without `#`) that hands `answer` to the page. */
export function providerReturnFragment(answer: ProviderReturn): string {
  return `${PROVIDER_RETURN_KEY}=${base64Url(new TextEncoder().encode(JSON.stringify(answer)))}`;
}

/** The fragment of a sign-in the provider refused or that could not be finished. */
export function providerRefusalFragment(provider: ServerStartProvider): string {
  return `${PROVIDER_REFUSAL_KEY}=${provider}`;
}

/**
 * What a page's fragment hands over: the sign-in, a refusal, or nothing (a fragment of another
 * kind, or one that does not parse: a hand-made address starts nothing).
 */
export function readProviderFragment(
  hash: string,
): { kind: 'signed-in'; answer: ProviderReturn } | { kind: 'refused'; provider: ServerStartProvider } | null {
  const fields = new URLSearchParams(hash.replace(/^#/, ''));
  const refused = fields.get(PROVIDER_REFUSAL_KEY);
  if (isServerStartProvider(refused)) return { kind: 'refused', provider: refused };
  const encoded = fields.get(PROVIDER_RETURN_KEY);
  if (!encoded || !/^[A-Za-z0-9_-]{1,16000}$/.test(encoded)) return null;
  try {
    const binary = atob(encoded.replaceAll('-', '+').replaceAll('_', '/'));
    const parsed = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))),
    ) as Partial<ProviderReturn>;
    const { provider, idToken, rawNonce, name } = parsed;
    if (!isServerStartProvider(provider) || typeof idToken !== 'string' || typeof rawNonce !== 'string') return null;
    const named = typeof name === 'string' && name.trim() !== '' ? { name: name.trim().slice(0, 100) } : {};
    return { kind: 'signed-in', answer: { provider, idToken, rawNonce, ...named } };
  } catch {
    return null;
  }
}
