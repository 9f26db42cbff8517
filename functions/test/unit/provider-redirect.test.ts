import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readProviderFragment } from '@dayfocus/contracts/provider-return';
import { ProviderRedirectFlow } from '../../src/pages/flows/provider-redirect-flow.js';
import type { HttpRequest } from '../../src/platform/domain/http-request.js';
import { memoryLogger } from '../memory-logger.js';

const ORIGIN = 'https://dayfocus.app';
const METHOD_PAGE = '/social-sign-up/asha';

function flowWith() {
  const logger = memoryLogger();
  const flow = new ProviderRedirectFlow({
    clients: () => ({
      'google.com': { clientId: 'web-client.apps.example', authorizeUrl: 'https://accounts.example/o/auth' },
      'apple.com': { clientId: 'app.dayfocus.web', authorizeUrl: 'https://appleid.example/auth/authorize' },
    }),
    productDomain: () => ORIGIN,
    randomBytes: (size) => randomBytes(size),
    logger,
  });
  return { flow, logger };
}

/** The method page's form, as a browser posts it from the site's own page. */
function tap(provider: string, overrides: Partial<HttpRequest> = {}): HttpRequest {
  return {
    method: 'POST',
    rawUrl: `/auth/start?from=${encodeURIComponent(METHOD_PAGE)}`,
    fetchSite: 'same-origin',
    origin: ORIGIN,
    form: { lg: 'hi', start: provider },
    ...overrides,
  };
}

/** An ID token as a provider signs it (the signature is Firebase Auth's to check, not read here). */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The start's answer: where it sends her, the state and nonce it sent, and its cookie for the return. */
function started(flow: ProviderRedirectFlow, provider = 'google.com') {
  const answer = flow.start(tap(provider));
  expect(answer.status).toBe(303);
  const location = new URL(answer.headers['location'] ?? '');
  const setCookie = answer.headers['set-cookie'] ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  return { answer, location, cookie, setCookie, state: location.searchParams.get('state') ?? '' };
}

describe('ProviderRedirectFlow: the provider’s tap in one round trip', () => {
  it("sends the tap straight to Google's page, with a state and a nonce kept in a cookie for the return only", () => {
    const { flow } = flowWith();
    const { answer, location, setCookie, state } = started(flow);
    expect(`${location.origin}${location.pathname}`).toBe('https://accounts.example/o/auth');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'web-client.apps.example',
      redirect_uri: `${ORIGIN}/auth/return`,
      response_type: 'id_token',
      response_mode: 'form_post',
      scope: 'openid email profile',
      hl: 'hi',
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]+$/);
    expect(location.searchParams.get('nonce')).toMatch(/^[0-9a-f]{64}$/);
    expect(setCookie).toMatch(
      /^__session=[A-Za-z0-9_-]+; Path=\/auth\/return; Max-Age=900; HttpOnly; Secure; SameSite=None$/,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('asks Apple for the name and the address, posted back, and two starts never share a state or a nonce', () => {
    const { flow } = flowWith();
    const first = started(flow, 'apple.com');
    const second = started(flow, 'apple.com');
    expect(first.location.origin).toBe('https://appleid.example');
    expect(first.location.searchParams.get('response_type')).toBe('code id_token');
    expect(first.location.searchParams.get('scope')).toBe('name email');
    expect(first.location.searchParams.get('response_mode')).toBe('form_post');
    expect(first.state).not.toBe(second.state);
    expect(first.location.searchParams.get('nonce')).not.toBe(second.location.searchParams.get('nonce'));
  });

  it.each([
    ['a link (GET)', { method: 'GET', form: undefined }, 405],
    ["another site's form", { fetchSite: 'cross-site', origin: 'https://evil.example' }, 403],
    [
      "another site's form, in a browser without Sec-Fetch-Site",
      { fetchSite: undefined, origin: 'https://evil.example' },
      403,
    ],
    ['a provider we do not start', { form: { start: 'github.com' } }, 400],
    ['a page to come back to off the site', { rawUrl: '/auth/start?from=%2F%2Fevil.example%2Fx' }, 400],
    ['a page to come back to that is no page', { rawUrl: '/auth/start?from=%2Fapi%2FactivateAccount' }, 400],
  ])('starts nothing for %s', (_case, overrides, status) => {
    const { flow } = flowWith();
    const answer = flow.start(tap('google.com', overrides as Partial<HttpRequest>));
    expect(answer.status).toBe(status);
    expect(answer.headers['location']).toBeUndefined();
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('takes the site’s own form in a browser that sends no Sec-Fetch-Site, by its Origin', () => {
    const { flow } = flowWith();
    const answer = flow.start(tap('google.com', { fetchSite: undefined }));
    expect(answer.status).toBe(303);
  });

  it("hands her page the provider's ID token and the nonce in the fragment, and ends the cookie", () => {
    const { flow } = flowWith();
    const { cookie, state, location } = started(flow);
    const token = idToken({ sub: '123', aud: 'web-client.apps.example', nonce: location.searchParams.get('nonce') });
    const answer = flow.finish({ method: 'POST', rawUrl: '/auth/return', cookie, form: { state, id_token: token } });
    expect(answer.status).toBe(303);
    const back = answer.headers['location'] ?? '';
    expect(back.split('#')[0]).toBe(`${METHOD_PAGE}?lg=hi`);
    const handed = readProviderFragment(back.split('#')[1] ?? '');
    expect(handed).toMatchObject({ kind: 'signed-in', answer: { provider: 'google.com', idToken: token } });
    const rawNonce = handed?.kind === 'signed-in' ? handed.answer.rawNonce : '';
    expect(sha256Hex(rawNonce)).toBe(location.searchParams.get('nonce'));
    expect(answer.headers['set-cookie']).toMatch(/^__session=; Path=\/auth\/return; Max-Age=0;/);
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    ['a state that is not the cookie’s (a forged answer)', 'forged'],
    ['a token issued for another start (its nonce)', 'nonce'],
    ['an answer without a token', 'no-token'],
  ])('hands no token for %s, and tells her page the sign-in failed', (_case, kind) => {
    const { flow, logger } = flowWith();
    const { cookie, state, location } = started(flow);
    const nonce = kind === 'nonce' ? sha256Hex('another') : location.searchParams.get('nonce');
    const form: Record<string, string> = {
      state: kind === 'forged' ? `x${state}` : state,
      ...(kind === 'no-token' ? {} : { id_token: idToken({ sub: '1', nonce }) }),
    };
    const answer = flow.finish({ method: 'POST', rawUrl: '/auth/return', cookie, form });
    expect(answer.headers['location']).toBe(`${METHOD_PAGE}?lg=hi#idp-error=google.com`);
    expect(logger.entries).toHaveLength(1);
  });

  it('hands on the name Apple posts beside its token (her first sign-in), and nothing that is not one', () => {
    const { flow } = flowWith();
    const back = (user: string) => {
      const { cookie, state, location } = started(flow, 'apple.com');
      const id_token = idToken({ sub: '1', nonce: location.searchParams.get('nonce') });
      const answer = flow.finish({ method: 'POST', rawUrl: '/auth/return', cookie, form: { state, id_token, user } });
      return readProviderFragment((answer.headers['location'] ?? '').split('#')[1] ?? '');
    };
    const named = back(JSON.stringify({ name: { firstName: 'Mira', lastName: 'Rao' }, email: 'm@example.com' }));
    expect(named?.kind === 'signed-in' && named.answer.name).toBe('Mira Rao');
    const unnamed = back('not json');
    expect(unnamed?.kind === 'signed-in' && unnamed.answer.name).toBeUndefined();
  });

  it('goes back to her page saying nothing when she cancelled on the provider’s page', () => {
    const { flow } = flowWith();
    const { cookie, state } = started(flow, 'apple.com');
    const answer = flow.finish({
      method: 'POST',
      rawUrl: '/auth/return',
      cookie,
      form: { state, error: 'user_cancelled_authorize' },
    });
    expect(answer.headers['location']).toBe(`${METHOD_PAGE}?lg=hi`);
  });

  it('without the cookie (another browser), goes back to the page the state names, with no token', () => {
    const { flow } = flowWith();
    const { state, location } = started(flow);
    const token = idToken({ sub: '1', nonce: location.searchParams.get('nonce') });
    const answer = flow.finish({ method: 'POST', rawUrl: '/auth/return', form: { state, id_token: token } });
    expect(answer.status).toBe(303);
    expect(answer.headers['location']).toBe(`${METHOD_PAGE}?lg=hi`);
  });

  it('sends nobody off the site from a state that names another host', () => {
    const { flow } = flowWith();
    const state = `abc.${Buffer.from('//evil.example/x').toString('base64url')}`;
    const answer = flow.finish({ method: 'POST', rawUrl: '/auth/return', form: { state, id_token: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.headers['location']).toBeUndefined();
  });
});
