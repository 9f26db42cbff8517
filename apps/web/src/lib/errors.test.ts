import { describe, expect, it } from 'vitest';
import { failureMessageKey, isUnverifiedProvider, signInFailureKey } from './errors';

const failure = (code: string, message = '') => Object.assign(new Error(message), { code });

describe('what a failed sign-in with Apple or Google tells the person', () => {
  it.each([
    ['auth/internal-error', 'socialSignUp.failed'],
    ['auth/account-exists-with-different-credential', 'socialSignUp.failed'],
    ['auth/network-request-failed', 'socialSignUp.failedNetwork'],
    ['auth/timeout', 'socialSignUp.failedNetwork'],
    ['auth/popup-closed-by-user', 'socialSignUp.cancelled'],
    ['auth/user-cancelled', 'socialSignUp.cancelled'],
  ])('%s: %s', (code, key) => {
    expect(signInFailureKey(failure(code))).toBe(key);
  });

  it('says nothing when a second tap replaced the first popup', () => {
    expect(signInFailureKey(failure('auth/cancelled-popup-request'))).toBeNull();
  });

  it('is never the generic "Something went wrong"', () => {
    expect(signInFailureKey(new Error('no code at all'))).toBe('socialSignUp.failed');
  });
});

describe('failureMessageKey', () => {
  it('names a code, then the network, then the fallback', () => {
    const options = { byCode: { 'too-many-requests': 'x.tooMany' }, network: 'x.network', fallback: 'x.other' };
    expect(failureMessageKey(failure('auth/too-many-requests'), options)).toBe('x.tooMany');
    expect(failureMessageKey(failure('functions/internal', 'internal [0]'), options)).toBe('x.network');
    expect(failureMessageKey(failure('functions/internal', 'internal'), options)).toBe('x.other');
    expect(failureMessageKey(failure('auth/network-request-failed'))).toBe('app.networkError');
  });

  it("calls a step's module that did not load (offline) the connection, in each browser's words", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://dayfocus.app/assets/email-proof-x.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: https://dayfocus.app/assets/email-proof-x.js',
    ])
      expect(failureMessageKey(new TypeError(message))).toBe('app.networkError');
    expect(failureMessageKey(new TypeError('x is not a function'))).toBe('app.genericError');
  });
});

describe('a Google or Apple account whose address the provider did not confirm', () => {
  const refusal = Object.assign(failure('functions/failed-precondition', 'not confirmed'), {
    details: { provider: 'unverified' },
  });

  it('is told the e-mail sign-up is the way on, whatever else the refusal says', () => {
    expect(isUnverifiedProvider(refusal)).toBe(true);
    expect(failureMessageKey(refusal)).toBe('socialSignUp.unverified');
    expect(isUnverifiedProvider(failure('functions/failed-precondition'))).toBe(false);
    expect(failureMessageKey(failure('functions/failed-precondition'))).toBe('app.genericError');
  });
});
