/**
 * The sign-in with Apple or Google that the server starts (@dayfocus/contracts/provider-return):
 * the provider's authorization address, the one-time state it is sent with, and what the
 * provider's answer must show to be believed. Pure: the flow (../flows/provider-redirect-flow.ts)
 * hands in the random bytes and reads the request.
 *
 * Both providers answer with an OpenID ID token posted back (`response_mode=form_post`: Apple's
 * only way when it is asked for the name and the address, and Google's too). The page signs in
 * with that token through Firebase Auth, which checks its signature, audience and expiry as for
 * any sign-in with a provider's credential; the server checks what only it can: that the answer
 * comes for a start this browser made (the `state` against the cookie it set), and that the token
 * was issued for that start (its `nonce` claim is the hash of the nonce the cookie keeps).
 */
import { createHash } from 'node:crypto';
import { base64Url } from '@dayfocus/contracts/base64url';
import type { ServerStartProvider } from '@dayfocus/contracts/provider-return';

/** One provider's OAuth client, as the project's Firebase sign-in has it. */
export interface ProviderClient {
  clientId: string;
  authorizeUrl: string;
}

/** The providers the server may start: one without a client is started by the page, as before. */
export type ProviderClients = Partial<Record<ServerStartProvider, ProviderClient>>;

/**
 * Hosting hands a function no cookie but the one named `__session` (Firebase Hosting's caching
 * docs), so the start's state goes under that name, kept for the return leg only.
 */
export const START_COOKIE = '__session';
export const START_COOKIE_PATH = '/auth/return';
/** Long enough to choose an account, and type a password, on the provider's page. */
export const START_LIFE_SECONDS = 15 * 60;

/** What a start keeps for its return: the provider, the state it was sent with, its nonce, the page. */
export interface SignInStart {
  provider: ServerStartProvider;
  state: string;
  rawNonce: string;
  /** The page she tapped on: its path, and `?lg=` when it named one. */
  from: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The state sent to the provider: random, and the page to come back to after it, so that an
 * answer which finds no cookie (another browser, the cookie refused) still goes back to her page.
 */
export function stateOf(random: string, from: string): string {
  return `${random}.${base64Url(new TextEncoder().encode(from))}`;
}

/** The page a state names, or null when it names none. */
export function fromOfState(state: string | undefined): string | null {
  const encoded = state?.split('.')[1];
  if (!encoded || !/^[A-Za-z0-9_-]{1,400}$/.test(encoded)) return null;
  return Buffer.from(encoded, 'base64url').toString('utf8');
}

/** The provider's page for this start, in her language where the provider takes one. */
export function authorizeUrl(
  provider: ServerStartProvider,
  client: ProviderClient,
  start: SignInStart,
  options: { redirectUri: string; language: string },
): string {
  const url = new URL(client.authorizeUrl);
  const common = {
    client_id: client.clientId,
    redirect_uri: options.redirectUri,
    response_mode: 'form_post',
    state: start.state,
    nonce: sha256Hex(start.rawNonce),
  };
  const own =
    provider === 'google.com'
      ? { response_type: 'id_token', scope: 'openid email profile', hl: options.language }
      : { response_type: 'code id_token', scope: 'name email', locale: options.language };
  for (const [name, value] of Object.entries({ ...common, ...own })) url.searchParams.set(name, value);
  return url.toString();
}

/** The cookie that keeps the start for the return leg; `Secure` and cross-site (Apple posts from its own site) over https. */
export function startCookie(start: SignInStart, secure: boolean): string {
  const value = base64Url(new TextEncoder().encode(JSON.stringify(start)));
  return cookieLine(value, START_LIFE_SECONDS, secure);
}

/** The cookie's end, sent with the return's answer: a start serves one return. */
export function clearedStartCookie(secure: boolean): string {
  return cookieLine('', 0, secure);
}

function cookieLine(value: string, maxAge: number, secure: boolean): string {
  const site = secure ? 'Secure; SameSite=None' : 'SameSite=Lax';
  return `${START_COOKIE}=${value}; Path=${START_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; ${site}`;
}

/** The start the request's cookie keeps, or null. */
export function startOfCookie(header: string | undefined, isProvider: (value: unknown) => boolean): SignInStart | null {
  const value = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${START_COOKIE}=`))
    ?.slice(START_COOKIE.length + 1);
  if (!value || !/^[A-Za-z0-9_-]{1,2000}$/.test(value)) return null;
  try {
    const start = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<SignInStart>;
    const { provider, state, rawNonce, from } = start;
    if (!isProvider(provider) || typeof state !== 'string' || typeof rawNonce !== 'string') return null;
    return typeof from === 'string' ? (start as SignInStart) : null;
  } catch {
    return null;
  }
}

/** A provider's answer that means she chose not to sign in: back to her page, nothing said. */
const CANCELLED = new Set(['access_denied', 'user_cancelled_authorize']);

export type ProviderAnswer =
  | { kind: 'signed-in'; idToken: string }
  | { kind: 'cancelled' }
  /** Not for this start (no cookie, another state, another nonce), or the provider refused. */
  | { kind: 'refused'; why: string };

/** What the provider's answer (its posted fields) says, for the start the cookie kept. */
export function providerAnswerOf(fields: Record<string, string>, start: SignInStart | null): ProviderAnswer {
  if (!start) return { kind: 'refused', why: 'no start in this browser' };
  if (fields['state'] !== start.state) return { kind: 'refused', why: 'the state is not this start’s' };
  const error = fields['error'];
  if (error)
    return CANCELLED.has(error) ? { kind: 'cancelled' } : { kind: 'refused', why: `the provider said ${error}` };
  const idToken = fields['id_token'];
  if (!idToken || idToken.length > 8000) return { kind: 'refused', why: 'no ID token' };
  if (nonceOf(idToken) !== sha256Hex(start.rawNonce)) return { kind: 'refused', why: 'the token names another nonce' };
  return { kind: 'signed-in', idToken };
}

/** Her name from Apple's `user` field (`{"name":{"firstName","lastName"}}`, her first sign-in only), or undefined. */
export function appleNameOf(user: string | undefined): string | undefined {
  if (!user || user.length > 2000) return undefined;
  try {
    const { name } = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [name?.firstName, name?.lastName].filter((part): part is string => typeof part === 'string');
    const whole = parts.join(' ').trim().slice(0, 100);
    return whole === '' ? undefined : whole;
  } catch {
    return undefined;
  }
}

/** The `nonce` claim of a JWT's payload, read without its signature (Firebase Auth checks that). */
function nonceOf(idToken: string): string | undefined {
  const payload = idToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { nonce?: unknown };
    return typeof claims.nonce === 'string' ? claims.nonce : undefined;
  } catch {
    return undefined;
  }
}
