import { describe, expect, it } from 'vitest';
import { sameAddress } from '../../src/platform/domain/email-addresses.js';

describe('sameAddress', () => {
  it('folds ASCII letters on both sides', () => {
    expect(sameAddress('Asha.Verma@Example.COM', 'asha.verma@example.com')).toBe(true);
  });

  it('folds no other letter: the KELVIN SIGN proves only itself', () => {
    expect(sameAddress('\u212Ap-1@example.com', 'kp-1@example.com')).toBe(false);
    expect(sameAddress('\u212Ap-1@example.com', 'Kp-1@example.com')).toBe(false);
    expect(sameAddress('\u212Ap-1@example.com', '\u212Ap-1@example.com')).toBe(true);
    expect(sameAddress('stra\u00dfe@example.com', 'strasse@example.com')).toBe(false);
    expect(sameAddress('\u0130lker@example.com', 'ilker@example.com')).toBe(false);
  });

  it('never matches a missing address', () => {
    expect(sameAddress(undefined, undefined)).toBe(false);
    expect(sameAddress('', '')).toBe(false);
    expect(sameAddress('a@b.co', null)).toBe(false);
  });
});
