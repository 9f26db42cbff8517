import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { InviterCard } from '@dayfocus/contracts/answers';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import type { WebPageInput } from '@dayfocus/contracts/web-page';
import { PAGE_CONTENT_SECURITY_POLICY } from '@dayfocus/contracts/security-headers';
import { SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { PageFlow } from '../../src/pages/flows/page-flow.js';
import { FlowError } from '../../src/platform/domain/errors.js';
import { memoryLogger } from '../memory-logger.js';
import { fakeLinkPageRenderer, localLinkSettings } from '../short-links.js';

const asha: InviterCard = { inviterId: 'asha', name: 'Asha Verma', photoUrl: null };

/** The fake renderer's inline stylesheet's CSP source. */
const STYLE_SOURCE = "'sha256-c3R5bGVzaGVldA=='";
const SCRIPT_SOURCE = "'sha256-the-inline-script'";

function flowWith(options: { shortLink?: string; policy?: string } = {}) {
  const rendered: WebPageInput[] = [];
  const views: string[] = [];
  const looked: string[] = [];
  const activations: string[] = [];
  const flow = new PageFlow({
    findInviter: async (id) => {
      looked.push(id);
      return id === 'asha' ? asha : null;
    },
    createAppLink: async (id) => {
      looked.push(id);
      if (id !== 'asha') throw new FlowError('not-found', 'No inviter with this id');
      return { shortLink: options.shortLink ?? 'https://dayfocus.app/l/abc' };
    },
    renderer: () => ({
      emailActionTarget: (query) => `/welcome/mira/asha${query}`,
      // As the real renderer, for the one parameter these tests use: `lg` when offered.
      pageQuery: (_path, query) => {
        const lg = new URLSearchParams(query).get('lg');
        return lg === 'en' || lg === 'hi' ? `lg=${lg}` : '';
      },
      renderWebPage: async (input) => {
        rendered.push(input);
        // As the real renderer: the welcome and confirmation pages name no inviter to find.
        const status = input.inviter || /^\/(welcome|confirm-email)/.test(input.path) ? 200 : 404;
        // As the real renderer: a link that names no language takes the browser's.
        const negotiated = !input.queryLanguage && !/^\/feedback\/[^/]+\/[a-z]+$/.test(input.path);
        return { status, html: `<p>${input.path}</p>`, language: 'en', negotiated };
      },
      ...fakeLinkPageRenderer,
      inlineStyleSource: STYLE_SOURCE,
      inlineScriptSource: SCRIPT_SOURCE,
    }),
    settings: () => localLinkSettings,
    nonce: () => randomBytes(16).toString('base64'),
    signInClients: () => ({ 'google.com': { clientId: 'web-client', authorizeUrl: 'https://accounts.example/auth' } }),
    randomBytes: (size) => randomBytes(size),
    logger: memoryLogger(),
    pageHeaders: {
      'X-Frame-Options': 'SAMEORIGIN',
      ...(options.policy ? { 'Content-Security-Policy': options.policy } : {}),
    },
    countView: async (id) => {
      views.push(id);
    },
    inviterExists: async (id) => id === 'asha',
    activate: async (link) => {
      activations.push(link.uid);
      return { ...writeSucceeded, inviter: asha, inviteLink: 'https://dayfocus.app/l/abc' };
    },
    confirmLimits: { take: async () => ({ allowed: true }), confirmed: async () => undefined },
    confirmedBefore: async () => false,
  });
  return { flow, rendered, views, looked, activations };
}

describe('PageFlow: every server-rendered page', () => {
  it("lets each page's inline stylesheet and script apply (by their hashes, or a short link page's nonce), and no other", async () => {
    const { flow } = flowWith({ policy: PAGE_CONTENT_SECURITY_POLICY });
    const directive = (name: string) => (answer: { headers: Record<string, string> }) =>
      new RegExp(`(?:^|; )${name} ([^;]*)`).exec(answer.headers['Content-Security-Policy'] ?? '')?.[1];
    const styleSrc = directive('style-src');
    const scriptSrc = directive('script-src');
    const pageScripts = directive('script-src')({
      headers: { 'Content-Security-Policy': PAGE_CONTENT_SECURITY_POLICY },
    });
    for (const rawUrl of [
      '/feedback/asha/en',
      '/feedback/nobody',
      '/sign-up/asha',
      '/confirm-email',
      '/welcome',
      '/',
    ]) {
      const answer = await flow.answer({ method: 'GET', rawUrl });
      expect(styleSrc(answer), rawUrl).toBe(`'self' ${STYLE_SOURCE}`);
      expect(scriptSrc(answer), rawUrl).toBe(`${pageScripts} ${SCRIPT_SOURCE}`);
      // Only style-src and script-src changed.
      const policy = answer.headers['Content-Security-Policy'] ?? '';
      expect(policy.replace(` ${STYLE_SOURCE}`, '').replace(` ${SCRIPT_SOURCE}`, ''), rawUrl).toBe(
        PAGE_CONTENT_SECURITY_POLICY,
      );
    }
    // A path it cannot render gets the short links' not-found page, which the CDN keeps for
    // everyone alike: its stylesheet by its hash, no script, and no nonce, which every visitor of
    // the copy would share.
    const unknown = await flow.answer({ method: 'GET', rawUrl: '/feedback/asha/en/more' });
    expect(unknown.headers['cache-control']).toMatch(/s-maxage=/);
    expect(styleSrc(unknown)).toBe(`'self' ${STYLE_SOURCE}`);
    expect(scriptSrc(unknown)).toBe("'none'");
    expect(unknown.headers['Content-Security-Policy']).not.toMatch(/nonce-/);
    expect((JSON.parse(unknown.body) as { nonce?: string }).nonce).toBeUndefined();
  });

  it("renders the sign-up method page for the visitor's phone (its provider first), and caches a copy per user agent", async () => {
    const { flow, rendered } = flowWith();
    const iphone = SAFARI_IPHONE;
    const method = await flow.answer({ method: 'GET', rawUrl: '/social-sign-up/asha', userAgent: iphone });
    expect(method.status).toBe(200);
    expect(method.headers.vary?.split(', ')).toContain('User-Agent');
    await flow.answer({ method: 'GET', rawUrl: '/sign-up/asha', userAgent: iphone });
    // The e-mail form is the same for every phone: one copy for all.
    expect(rendered.map(({ path, userAgent }) => [path, userAgent])).toEqual([
      ['/social-sign-up/asha', iphone],
      ['/sign-up/asha', undefined],
    ]);
  });

  it("renders the sign-up pages with the inviter it found, in the language of the link's query", async () => {
    const { flow, rendered, views } = flowWith();
    const method = await flow.answer({ method: 'GET', rawUrl: '/social-sign-up/asha?lg=hi' });
    expect(method.status).toBe(200);
    expect(method.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=240');
    expect((await flow.answer({ method: 'GET', rawUrl: '/sign-up/asha/' })).status).toBe(200);
    expect((await flow.answer({ method: 'GET', rawUrl: '/sign-up/nobody?lg=hi' })).status).toBe(404);
    expect(rendered.map(({ path, inviter, queryLanguage }) => [path, inviter?.name ?? null, queryLanguage])).toEqual([
      ['/social-sign-up/asha', 'Asha Verma', 'hi'],
      ['/sign-up/asha', 'Asha Verma', undefined],
      ['/sign-up/nobody', null, 'hi'],
    ]);
    // Only the invitation's beacon counts a view.
    expect(views).toEqual([]);
  });

  it('answers the e-mail form posted before any script ran with the page again, reading nothing, counting nothing', async () => {
    const { flow, rendered, views } = flowWith();
    for (const rawUrl of ['/sign-up/asha?lg=hi', '/social-sign-up/asha']) {
      expect(await flow.answer({ method: 'POST', rawUrl })).toEqual({
        status: 303,
        headers: { location: rawUrl, 'cache-control': 'no-store' },
        body: '',
      });
    }
    expect(rendered).toEqual([]);
    expect(views).toEqual([]);
  });

  it("renders the welcome page for the visitor's phone and language, applying nothing, and lets no cache keep it", async () => {
    const { flow, rendered, looked, activations } = flowWith();
    const iphone = SAFARI_IPHONE;
    const answer = await flow.answer({
      method: 'GET',
      rawUrl: '/welcome/mira/asha?lg=hi&mode=verifyEmail&oobCode=abc',
      userAgent: iphone,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect((await flow.answer({ method: 'GET', rawUrl: '/welcome' })).status).toBe(200);
    expect(
      rendered.map(({ path, inviter, queryLanguage, userAgent }) => [path, inviter, queryLanguage, userAgent]),
    ).toEqual([
      ['/welcome/mira/asha', asha, 'hi', iphone],
      ['/welcome', null, undefined, undefined],
    ]);
    // The e-mail's link names its inviter, looked up for the confirm form; nothing is activated.
    expect(rendered.map((input) => input.welcome)).toEqual([{ kind: 'confirm' }, undefined]);
    expect(looked).toEqual(['asha']);
    expect(activations).toEqual([]);
  });

  it("hands every page the browser's languages, and says a cache must keep a copy per language where the link names none", async () => {
    const { flow, rendered } = flowWith();
    const acceptLanguage = 'hi-IN,hi;q=0.9,en;q=0.8';
    const paths = [
      '/feedback/asha',
      '/feedback/asha/hi',
      '/tasks-Feedback',
      '/social-sign-up/asha',
      '/sign-up/asha?lg=hi',
    ];
    const answers = await Promise.all(
      [...paths, '/confirm-email', '/welcome/mira/asha'].map((rawUrl) =>
        flow.answer({ method: 'GET', rawUrl, acceptLanguage }),
      ),
    );
    expect(rendered.map((input) => input.acceptLanguage)).toEqual(Array(7).fill(acceptLanguage));
    expect(answers.map((answer) => answer.headers['vary'] ?? null)).toEqual([
      'Accept-Language',
      null,
      'Accept-Language',
      'Accept-Language, User-Agent', // the method page is also rendered for the phone
      null,
      'Accept-Language',
      'Accept-Language',
    ]);
  });

  it('renders the confirmation page the same for everyone, in the language of the query, cached like an invitation', async () => {
    const { flow, rendered } = flowWith();
    const answer = await flow.answer({ method: 'GET', rawUrl: '/confirm-email?lg=hi' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=240');
    expect(rendered).toEqual([expect.objectContaining({ path: '/confirm-email', queryLanguage: 'hi', inviter: null })]);
  });

  it("redirects an e-mail's link where the web app says, keeping nothing of its code", async () => {
    const { flow, rendered } = flowWith();
    const answer = await flow.answer({ method: 'GET', rawUrl: '/auth/action?mode=verifyEmail&oobCode=abc' });
    expect(answer).toMatchObject({
      status: 303,
      headers: {
        location: '/welcome/mira/asha?mode=verifyEmail&oobCode=abc',
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      },
    });
    expect(rendered).toEqual([]);
  });

  it('renders no sign-up page for a path the app does not serve', async () => {
    const { flow, rendered } = flowWith();
    for (const rawUrl of ['/sign-up/asha/more', '/social-sign-up/', '/sign-up/%E0%A4', '/sign-up/__name__']) {
      expect((await flow.answer({ method: 'GET', rawUrl })).status, rawUrl).toBe(404);
    }
    expect(rendered).toEqual([]);
  });

  it('renders the invitation with the inviter it found, or none', async () => {
    const { flow, rendered } = flowWith();
    expect((await flow.answer({ method: 'GET', rawUrl: '/feedback/asha/hi?lg=hi' })).status).toBe(200);
    expect((await flow.answer({ method: 'GET', rawUrl: '/feedback/nobody' })).status).toBe(404);
    expect((await flow.answer({ method: 'GET', rawUrl: '/tasks-Feedback' })).status).toBe(404);
    expect(rendered.map(({ path, inviter }) => [path, inviter?.name ?? null])).toEqual([
      ['/feedback/asha/hi', 'Asha Verma'],
      ['/feedback/nobody', null],
      ['/tasks-Feedback', null],
    ]);
  });

  it('answers a path it cannot render, and a method other than GET and HEAD, without rendering', async () => {
    const { flow, rendered } = flowWith();
    expect((await flow.answer({ method: 'GET', rawUrl: '/feedback/%E0%A4/en' })).status).toBe(404);
    expect((await flow.answer({ method: 'GET', rawUrl: '/feedback/asha/en/more' })).status).toBe(404);
    expect((await flow.answer({ method: 'PUT', rawUrl: '/feedback/asha/en' })).status).toBe(405);
    expect(rendered).toEqual([]);
  });

  it("counts the app's view beacon (POST) for an inviter who exists, and only then", async () => {
    const { flow, rendered, views } = flowWith();
    expect((await flow.answer({ method: 'POST', rawUrl: '/feedback/asha/hi' })).status).toBe(204);
    expect((await flow.answer({ method: 'POST', rawUrl: '/feedback/nobody' })).status).toBe(404);
    expect((await flow.answer({ method: 'POST', rawUrl: '/app-link/asha' })).status).toBe(404);
    expect(views).toEqual(['asha']);
    expect(rendered).toEqual([]);
  });

  it('redirects /app-link/{inviter} to the short link, and refuses a short link that is not http(s)', async () => {
    const answer = await flowWith().flow.answer({ method: 'GET', rawUrl: '/app-link/asha' });
    expect(answer).toMatchObject({ status: 303, headers: { location: 'https://dayfocus.app/l/abc' } });
    await expect(
      flowWith({ shortLink: 'javascript:alert(1)' }).flow.answer({ method: 'GET', rawUrl: '/app-link/asha' }),
    ).rejects.toThrow(/not http/);
    expect(await flowWith().flow.answer({ method: 'GET', rawUrl: '/app-link/nobody' })).toMatchObject({
      status: 303,
      headers: { location: '/feedback/nobody' },
    });
  });

  it.each([
    ['/feedback/asha/en?x=1', '/feedback/asha/en'],
    ['/feedback/asha?', '/feedback/asha'],
    ['/social-sign-up/asha?utm_source=x&lg=hi', '/social-sign-up/asha?lg=hi'],
    ['/confirm-email?lg=xx', '/confirm-email'],
    ['/tasks-Feedback?x', '/tasks-Feedback'],
    ['/app-link/asha?lg=hi', '/app-link/asha'],
  ])('sends %s to %s, reading and rendering nothing', async (rawUrl, location) => {
    const { flow, rendered, looked } = flowWith();
    for (const method of ['GET', 'HEAD']) {
      const answer = await flow.answer({ method, rawUrl });
      expect(answer).toEqual({
        status: 301,
        headers: { location, 'cache-control': 'public, max-age=3600, s-maxage=86400' },
        body: '',
      });
    }
    expect(looked).toEqual([]);
    expect(rendered).toEqual([]);
  });

  it.each([
    ['//evil.example/feedback/asha/en?x=1'],
    ['//evil.example/app-link/asha?lg=hi'],
    ['/\\evil.example/feedback/asha/en?x=1'],
    // Sent to the function as is (Hosting resolves the dots first, and sends the spelling above).
    ['/feedback/%2e%2e//evil.example/feedback/asha/en?x=1'],
    ['/feedback/%2e%2e//evil.example/x/y/z'],
  ])(
    'refuses %s, which a browser would read as another host: 404, no redirect, no link off the site',
    async (rawUrl) => {
      const { flow, rendered, looked } = flowWith();
      for (const method of ['GET', 'HEAD', 'POST']) {
        const answer = await flow.answer({ method, rawUrl });
        expect(answer.status, method).toBe(404);
        expect(answer.headers.location, method).toBeUndefined();
        expect(answer.body, method).not.toMatch(/evil\.example|"path":"\/\//);
      }
      expect(looked).toEqual([]);
      expect(rendered).toEqual([]);
    },
  );

  it('redirects to the path as a browser reads it, never to the spelling it was sent with', async () => {
    const { flow } = flowWith();
    const answer = await flow.answer({ method: 'GET', rawUrl: '/feedback/./asha/x/../en?x=1' });
    expect(answer).toMatchObject({ status: 301, headers: { location: '/feedback/asha/en' } });
  });

  it('answers the URLs of its own pages, and the pages never cached, without a redirect', async () => {
    const { flow } = flowWith();
    for (const rawUrl of [
      '/feedback/asha/en',
      '/social-sign-up/asha?lg=hi',
      '/welcome/mira/asha?x=1',
      '/confirm-email',
    ]) {
      expect((await flow.answer({ method: 'GET', rawUrl })).status, rawUrl).toBe(200);
    }
    expect((await flow.answer({ method: 'GET', rawUrl: '/auth/action?mode=x&oobCode=y' })).status).toBe(303);
  });
});
