import { describe, expect, it } from 'vitest';
import { paths, verificationContinueUrl } from './paths';

describe('route links', () => {
  it('build the verification continue URL {product domain}/welcome/{new uid}/{inviter uid}, with the language', () => {
    expect(verificationContinueUrl('https://dayfocus.app/', 'new-uid', 'inviter-1', 'hi')).toBe(
      'https://dayfocus.app/welcome/new-uid/inviter-1?lg=hi',
    );
  });

  it('encode ids so that an odd id cannot change the path', () => {
    expect(paths.invitation.href('a/b?c', 'hi')).toBe('/feedback/a%2Fb%3Fc/hi');
    expect(paths.welcome.href()).toBe('/welcome');
    expect(paths.welcome.href('u1')).toBe('/welcome/u1');
  });
});
