import { describe, expect, it } from 'vitest';
import { codeRefusal } from '../../src/invites/adapters/verification-codes.js';

describe("Auth's refusals of a verification code", () => {
  it.each([
    ['INVALID_OOB_CODE', 'used-or-invalid'],
    ['INVALID_OOB_CODE : The action code is invalid.', 'used-or-invalid'],
    ['EXPIRED_OOB_CODE', 'expired'],
    ['USER_DISABLED', 'disabled'],
  ])('%s is %s', (message, refusal) => {
    expect(codeRefusal(message)).toBe(refusal);
  });

  it('anything else is a failure to retry, not a verdict on the code', () => {
    expect(codeRefusal('QUOTA_EXCEEDED')).toBeUndefined();
    expect(codeRefusal(undefined)).toBeUndefined();
    expect(codeRefusal('')).toBeUndefined();
  });
});
