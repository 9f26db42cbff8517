import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('route links', () => {
  it('encode ids so that an odd id cannot change the path', () => {
    expect(paths.invitation.href('a/b?c', 'hi')).toBe('/feedback/a%2Fb%3Fc/hi');
    expect(paths.welcome.href()).toBe('/welcome');
    expect(paths.welcome.href('u1')).toBe('/welcome/u1');
  });
});
