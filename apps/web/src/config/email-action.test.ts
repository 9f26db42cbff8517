import { describe, expect, it } from 'vitest';
import { createConfig } from '@/testing/fixtures';
import { emailActionTarget } from './email-action';

const deployed = createConfig({
  productDomain: 'https://dayfocus.app',
  firebase: { apiKey: 'key', authDomain: 'dayfocus.app', projectId: 'dayfocus' },
  emulators: undefined,
});

/** The query of an e-mail's link, as Firebase writes it. */
function link(params: Record<string, string>): string {
  return `?${new URLSearchParams(params).toString()}`;
}

describe("where /auth/action sends an e-mail's link", () => {
  it('sends a verification e-mail of the companion to its welcome page, with its language and code', () => {
    const query = link({
      mode: 'verifyEmail',
      oobCode: 'code-1',
      apiKey: 'key',
      continueUrl: 'https://dayfocus.app/welcome/mira/asha?lg=hi',
      lang: 'hi',
    });
    expect(emailActionTarget(query, deployed)).toBe('/welcome/mira/asha?lg=hi&mode=verifyEmail&oobCode=code-1');
  });

  it.each([
    ['a password reset', { mode: 'resetPassword', oobCode: 'c', continueUrl: 'https://dayfocus.app/welcome/m/a' }],
    ['a verification without a code', { mode: 'verifyEmail', continueUrl: 'https://dayfocus.app/welcome/m/a' }],
    [
      'a continue URL on another site',
      { mode: 'verifyEmail', oobCode: 'c', continueUrl: 'https://evil.test/welcome/m/a' },
    ],
    [
      'a continue URL that is not a welcome link',
      { mode: 'verifyEmail', oobCode: 'c', continueUrl: 'https://dayfocus.app/' },
    ],
    [
      'a welcome link without its inviter',
      { mode: 'verifyEmail', oobCode: 'c', continueUrl: 'https://dayfocus.app/welcome/m' },
    ],
    ['a continue URL that is no URL', { mode: 'verifyEmail', oobCode: 'c', continueUrl: 'http://[' }],
  ])("sends %s to Firebase's own handler, unchanged", (_, params) => {
    const query = link(params);
    expect(emailActionTarget(query, deployed)).toBe(`https://dayfocus.app/__/auth/action${query}`);
  });

  it("uses the Auth emulator's handler on the local stack", () => {
    const local = createConfig();
    const query = link({ mode: 'resetPassword', oobCode: 'c' });
    expect(emailActionTarget(query, local)).toBe(`${local.emulators?.auth}/emulator/action${query}`);
  });
});
