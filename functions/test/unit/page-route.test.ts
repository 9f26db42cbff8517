import { describe, expect, it } from 'vitest';
import { pageRouteRows } from '@dayfocus/contracts/page-paths';
import { inviterIdOf, pageRouteOf } from '../../src/pages/domain/page-route.js';

describe('inviterIdOf', () => {
  it.each([
    ['asha', 'asha'],
    ['a%20b', 'a b'],
    ['%E0%A4%86', 'आ'],
  ])('reads %s as %s', (segment, id) => expect(inviterIdOf(segment)).toBe(id));

  it.each(['%E0%A4', 'a%2Fb', '%2Fasha', '.', '..', '__name__', '__%0A__', 'x'.repeat(129), 'x'.repeat(1501)])(
    'refuses %.12s (no uid by the id rule)',
    (segment) => expect(inviterIdOf(segment)).toBeNull(),
  );
});

/** A page the CDN keeps, as the route table says: drawn for `path`, naming `inviterId`. */
function page(
  name: string,
  path: string,
  inviterId: string | null,
  rest: { byUserAgent?: boolean; post?: string } = {},
) {
  return { kind: 'page', name, path, inviterId, byUserAgent: rest.byUserAgent ?? false, post: rest.post };
}

describe('pageRouteOf: the page a path names, matched once', () => {
  it.each([
    ['/auth/action', { kind: 'email-action' }],
    ['/auth/start', { kind: 'sign-in-start' }],
    ['/auth/return', { kind: 'sign-in-return' }],
    ['/app-link/asha', { kind: 'app-link', inviterId: 'asha' }],
    ['/app-link/%E0%A4', { kind: 'app-link', inviterId: null }],
    ['/tasks-Feedback', page('legacy-invitation', '/tasks-Feedback', null)],
    ['/tasks-Feedback/', page('legacy-invitation', '/tasks-Feedback', null)],
    ['/feedback/asha', page('invitation', '/feedback/asha', 'asha', { post: 'view' })],
    ['/feedback/asha/hi/', page('invitation', '/feedback/asha/hi', 'asha', { post: 'view' })],
    [
      '/social-sign-up/asha',
      page('social-sign-up', '/social-sign-up/asha', 'asha', { byUserAgent: true, post: 'page-again' }),
    ],
    ['/sign-up/asha', page('sign-up', '/sign-up/asha', 'asha', { post: 'page-again' })],
    ['/welcome', { kind: 'welcome', inviteeId: null, inviterId: null }],
    ['/welcome/mira/asha', { kind: 'welcome', inviteeId: 'mira', inviterId: 'asha' }],
    ['/welcome/mira', { kind: 'welcome', inviteeId: 'mira', inviterId: null }],
    ['/welcome/mira/%E0%A4', { kind: 'welcome', inviteeId: 'mira', inviterId: null }],
    ['/', page('home', '/', null, { byUserAgent: true })],
    ['/confirm-email', page('confirm-email', '/confirm-email', null, { post: 'page-again' })],
    ['/confirm-email/', page('confirm-email', '/confirm-email', null, { post: 'page-again' })],
  ])('%s is %j', (path, route) => expect(pageRouteOf(path)).toEqual(route));

  it.each(['/feedback/asha/hi/extra', '/feedback/%E0%A4', '/sign-up/..', '/Feedback/asha', '/nothing'])(
    '%s is no page of ours',
    (path) => expect(pageRouteOf(path)).toEqual({ kind: 'unknown' }),
  );

  // A row added to the route table is answered with no line here: its path, every parameter
  // given an id, is its own page (or its own answer), never the unknown path.
  it.each(pageRouteRows.map((row) => [row.pattern.replace(/:\w+\??/g, 'asha'), row] as const))(
    '%s is the route table row that names it',
    (path, row) => {
      const route = pageRouteOf(path);
      expect(route.kind).toBe(row.answer ?? 'page');
      if (route.kind === 'page') expect(route).toMatchObject({ name: row.name, path, post: row.post });
    },
  );
});
