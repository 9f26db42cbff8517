import { describe, expect, it } from 'vitest';
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

describe('pageRouteOf: the page a path names, matched once', () => {
  it.each([
    ['/auth/action', { kind: 'email-action' }],
    ['/app-link/asha', { kind: 'app-link', inviterId: 'asha' }],
    ['/app-link/%E0%A4', { kind: 'app-link', inviterId: null }],
    ['/tasks-Feedback', { kind: 'legacy-invitation' }],
    ['/feedback/asha', { kind: 'invitation', inviterId: 'asha' }],
    ['/feedback/asha/hi/', { kind: 'invitation', inviterId: 'asha' }],
    ['/social-sign-up/asha', { kind: 'sign-up', inviterId: 'asha', byUserAgent: true }],
    ['/sign-up/asha', { kind: 'sign-up', inviterId: 'asha', byUserAgent: false }],
    ['/welcome', { kind: 'welcome', inviteeId: null, inviterId: null }],
    ['/welcome/mira/asha', { kind: 'welcome', inviteeId: 'mira', inviterId: 'asha' }],
    ['/welcome/mira', { kind: 'welcome', inviteeId: 'mira', inviterId: null }],
    ['/welcome/mira/%E0%A4', { kind: 'welcome', inviteeId: 'mira', inviterId: null }],
    ['/', { kind: 'home' }],
    ['/confirm-email', { kind: 'confirm-email' }],
  ])('%s is %j', (path, route) => expect(pageRouteOf(path)).toEqual(route));

  it.each(['/feedback/asha/hi/extra', '/feedback/%E0%A4', '/sign-up/..', '/Feedback/asha', '/nothing'])(
    '%s is no page of ours',
    (path) => expect(pageRouteOf(path)).toEqual({ kind: 'unknown' }),
  );
});
