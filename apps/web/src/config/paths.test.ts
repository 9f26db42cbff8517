import { href } from '@dayfocus/contracts/page-paths';
import { describe, expect, it } from 'vitest';

// Today's links, which the e2e tests and the page function expect: a default language is left out
// of `?lg=` but for the welcome page; the invitation names its language in its path.
describe('href: the links to the route table', () => {
  it.each([
    [href('invitation', { inviterId: 'asha' }), '/feedback/asha'],
    [href('invitation', { inviterId: 'asha', lg: 'hi' }), '/feedback/asha/hi'],
    [href('invitation', { inviterId: 'asha', lg: 'en' }), '/feedback/asha/en'],
    [href('invitation', { inviterId: 'a/b?c', lg: 'hi' }), '/feedback/a%2Fb%3Fc/hi'],
    [href('legacy-invitation'), '/tasks-Feedback'],
    [href('social-sign-up', { inviterId: 'asha' }), '/social-sign-up/asha'],
    [href('social-sign-up', { inviterId: 'asha', lg: 'en' }), '/social-sign-up/asha'],
    [href('social-sign-up', { inviterId: 'asha', lg: 'hi' }), '/social-sign-up/asha?lg=hi'],
    [href('sign-up', { inviterId: 'a b', lg: 'pt-BR' }), '/sign-up/a%20b?lg=pt-BR'],
    [href('sign-up', { inviterId: 'asha', lg: 'en' }), '/sign-up/asha'],
    [href('confirm-email'), '/confirm-email'],
    [href('confirm-email', { lg: 'en' }), '/confirm-email'],
    [href('confirm-email', { lg: 'hi' }), '/confirm-email?lg=hi'],
    [href('welcome'), '/welcome'],
    [href('welcome', { inviteeId: 'u1' }), '/welcome/u1'],
    [href('welcome', { inviteeId: 'u/1', inviterId: 'asha' }), '/welcome/u%2F1/asha'],
    [href('welcome', { inviteeId: 'u1', inviterId: 'asha', lg: 'en' }), '/welcome/u1/asha?lg=en'],
    [href('welcome', { inviterId: 'asha' }), '/welcome'],
    [href('email-action'), '/auth/action'],
    [href('app-link', { inviterId: 'a#b' }), '/app-link/a%23b'],
    [href('home'), '/'],
  ])('builds %s', (built, expected) => expect(built).toBe(expected));

  it('refuses a link without a required parameter', () => {
    // @ts-expect-error: the sign-up form names its inviter
    expect(() => href('sign-up')).toThrow(/inviterId/);
    expect(() => href('sign-up', { inviterId: '' })).toThrow(/inviterId/);
  });
});
