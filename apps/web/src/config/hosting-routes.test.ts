/**
 * firebase.json's Hosting rules against the app's list of routes: every path of every route goes
 * to the invitation page function, which renders it and sets its caching; nothing is rewritten to
 * a static file (the build's only HTML is 404.html). Matching is minimatch's, as the Hosting
 * emulator (superstatic) does it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@dayfocus/stack/settings';
import { minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';
import { PAGE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '@dayfocus/contracts/security-headers';
import { href, pageRouteRows, webPageRoutes } from '@dayfocus/contracts/page-paths';

interface Rule {
  source: string;
  destination?: string;
  function?: { functionId: string };
  headers?: { key: string; value: string }[];
}
const hosting = (
  JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as {
    hosting: { rewrites: Rule[]; headers: Rule[] };
  }
).hosting;

/** Concrete paths of a react-router pattern: each parameter filled, each optional one present and absent. */
function examplesOf(pattern: string): string[] {
  let paths = [''];
  for (const segment of pattern.split('/').filter(Boolean)) {
    const optional = segment.endsWith('?');
    const value = segment.startsWith(':') ? `${segment.replace(/[:?]/g, '')}-1` : segment;
    paths = paths.flatMap((path) => (optional ? [path, `${path}/${value}`] : [`${path}/${value}`]));
  }
  return paths.map((path) => path || '/');
}

const routePaths = webPageRoutes.flatMap(({ pattern }) => examplesOf(pattern));
/** Every path of the route table: the app's pages, and the redirects the function answers. */
const serverPaths = pageRouteRows.flatMap(({ pattern }) => examplesOf(pattern));
const firstRewrite = (path: string) => hosting.rewrites.find((rule) => minimatch(path, rule.source));
const headerValues = (path: string, key: string) =>
  hosting.headers
    .filter((rule) => minimatch(path, rule.source))
    .flatMap((rule) => rule.headers ?? [])
    .filter((header) => header.key.toLowerCase() === key)
    .map((header) => header.value);
const cacheControl = (path: string): string[] => headerValues(path, 'cache-control');

describe("firebase.json's Hosting rules and the app's routes", () => {
  it('has example paths for every route', () => {
    expect(routePaths).toEqual(
      expect.arrayContaining([
        '/feedback/inviterId-1',
        '/feedback/inviterId-1/lg-1',
        '/welcome',
        '/welcome/inviteeId-1/inviterId-1',
        '/',
      ]),
    );
  });

  it('renders every route on the server: the front door too, which a static index.html would shadow', () => {
    expect(serverPaths).toEqual(expect.arrayContaining([...routePaths, '/auth/action', '/app-link/inviterId-1']));
  });

  it.each(serverPaths)('sends %s to the invitation page function, which sets its own caching', (path) => {
    expect(firstRewrite(path)).toMatchObject({ function: { functionId: 'invitationPage' } });
    expect(cacheControl(path)).toEqual([]);
  });

  it('sends "I already have an account" (/app-link/{uid}) to the invitation page function', () => {
    expect(firstRewrite(href('app-link', { inviterId: 'uid-1' }))).toMatchObject({
      function: { functionId: 'invitationPage' },
    });
  });

  it("rewrites nothing to a static file: the pages are the function's", () => {
    expect(hosting.rewrites.filter((rule) => rule.destination).map((rule) => rule.source)).toEqual([]);
  });

  it('gives the pages the security headers the invitation function sends itself, but no policy: the function sends its own', () => {
    // A Hosting policy on these paths would replace the function's, whose style-src lets the
    // page's inline stylesheet apply by its hash (functions/src/pages/domain/inline-sources.ts).
    // Hosting applies the last rule that matches: the pages whose address carries a one-time code
    // (the welcome page's, the e-mail action's) keep the stricter no-referrer of their function.
    const carriesCode = (path: string) => path.startsWith('/welcome') || path === '/auth/action';
    for (const path of routePaths) {
      expect(headerValues(path, 'content-security-policy'), path).toEqual([]);
      for (const [key, value] of Object.entries(SECURITY_HEADERS)) {
        const expected = key === 'Referrer-Policy' && carriesCode(path) ? 'no-referrer' : value;
        expect(headerValues(path, key.toLowerCase()).at(-1), `${path} ${key}`).toBe(expected);
      }
    }
  });

  it('gives a policy of its own to the not-found page alone, and no page path its caching', () => {
    const serverRewrites = hosting.rewrites
      .filter(
        (rule) => rule.function?.functionId === 'invitationPage' && serverPaths.some((p) => minimatch(p, rule.source)),
      )
      .map((rule) => rule.source);
    const policed = hosting.headers
      .filter((rule) => rule.headers?.some((h) => h.key.toLowerCase() === 'content-security-policy'))
      .map((rule) => rule.source)
      .filter((source) => source !== '/404.html');
    expect(policed).toEqual([]);
    expect(serverRewrites.length).toBeGreaterThan(0);
    const noCache = hosting.headers.filter(
      (rule) => cacheControl(rule.source).includes('no-cache') || rule.headers?.some((h) => h.value === 'no-cache'),
    );
    expect(noCache.map((rule) => rule.source).sort()).toEqual([
      '/404.html',
      '/config.json',
      '/firebase-messaging-sw.js',
    ]);
  });

  it("holds the pages' policy (the function's, and the not-found page's) to what it must refuse", () => {
    const policy = [PAGE_CONTENT_SECURITY_POLICY, ...headerValues('/404.html', 'content-security-policy')];
    expect(policy).toEqual([PAGE_CONTENT_SECURITY_POLICY, PAGE_CONTENT_SECURITY_POLICY]);
    const directives = Object.fromEntries(
      (policy[0] ?? '').split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(JSON.stringify(directives)).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it.each(['/feedback/uid-1', '/unknown', '/l/AbCdEf12', '/api/getInviter', '/assets/index.js', '/config.json'])(
    'sends the headers every answer carries with %s',
    (path) => {
      expect(headerValues(path, 'x-content-type-options')).toEqual(['nosniff']);
      expect(headerValues(path, 'referrer-policy')).toEqual(['strict-origin-when-cross-origin']);
      expect(headerValues(path, 'x-frame-options')).toEqual(['SAMEORIGIN']);
      expect(headerValues(path, 'permissions-policy')[0]).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    },
  );

  it.each(['/unknown', '/feedbacks/x', '/sign-up', '/welcome-page', '/confirm-email/x'])(
    'leaves %s to the 404 page',
    (path) => {
      expect(firstRewrite(path)).toBeUndefined();
    },
  );
});
