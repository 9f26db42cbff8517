/**
 * A path a browser reads as another host (`//evil.example/…`) never leaves the site: not in a
 * redirect's Location (which the CDN would keep for an hour), not in a link of the page that
 * answers it. Asked through Hosting, which resolves `%2e%2e` before the function sees the path,
 * and on the function's own address, which gets the path as sent.
 */
import { describe, expect, it } from 'vitest';
import { stack } from '@dayfocus/stack/testing';
import { createInviter, fetchRaw } from './support.js';

const onFunction = { port: stack.ports.functions };
const functionPath = (path: string) => `/${stack.projectId}/${stack.region}/invitationPage${path}`;

/** Whether an answer sends or links the visitor anywhere but this site. */
function leavesTheSite(response: { headers: Record<string, unknown>; body: string }) {
  const location = response.headers.location;
  const offSite = (target: string) => /^(?:[a-z][a-z0-9+.-]*:)?[/\\]{2}/i.test(target);
  const links = [...response.body.matchAll(/\b(?:href|action)="([^"]*)"/g)].map((m) => m[1] ?? '');
  return [...(typeof location === 'string' ? [location] : []), ...links].filter(
    (target) => offSite(target) && !/^https:\/\/(apps\.apple\.com|play\.google\.com|dayfocus\.app)\//.test(target),
  );
}

describe('a path that names another host', () => {
  it('through Hosting: /feedback/%2e%2e//evil.example/… gets the unknown page, no redirect', async () => {
    const inviter = await createInviter();
    for (const path of [
      `/feedback/%2e%2e//evil.example/feedback/${inviter.userId}/en?x=1`,
      `/app-link/%2e%2e//evil.example/app-link/${inviter.userId}?x=1`,
      '/feedback/%2e%2e//evil.example/x/y/z',
    ]) {
      const response = await fetchRaw(path);
      expect({ path, status: response.status, offSite: leavesTheSite(response) }).toEqual({
        path,
        status: 404,
        offSite: [],
      });
      expect(response.body).not.toContain('evil.example');
    }
  });

  it("on the function's own address: //evil.example/… and its dotted spelling, refused alike", async () => {
    const inviter = await createInviter();
    for (const path of [
      `//evil.example/feedback/${inviter.userId}/en?x=1`,
      `//evil.example/app-link/${inviter.userId}?x=1`,
      `/feedback/%2e%2e//evil.example/feedback/${inviter.userId}/en?x=1`,
    ]) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const response = await fetchRaw(functionPath(path), { ...onFunction, method });
        expect({ path, method, status: response.status, offSite: leavesTheSite(response) }).toEqual({
          path,
          method,
          status: 404,
          offSite: [],
        });
      }
    }
    // The same path spelled as our own still redirects, to itself.
    const canonical = await fetchRaw(functionPath(`/feedback/${inviter.userId}/en?x=1`), onFunction);
    expect(canonical.status).toBe(301);
    expect(canonical.headers.location).toBe(`/feedback/${inviter.userId}/en`);
  });
});
