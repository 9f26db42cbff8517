/**
 * The code she can say (contracts' spoken-codes.ts): 8 characters of Crockford's base32, shown in
 * two groups, read back as a person types it.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { groupedSpokenCode, newSpokenCode, spokenCodeOf } from '@dayfocus/contracts/spoken-codes';

describe('a spoken code', () => {
  it('is 8 characters without look-alikes, from 40 random bits', () => {
    const codes = Array.from({ length: 500 }, () => newSpokenCode((size) => randomBytes(size)));
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(newSpokenCode(() => Uint8Array.from([0, 0, 0, 0, 0]))).toBe('00000000');
    expect(newSpokenCode(() => Uint8Array.from([255, 255, 255, 255, 255]))).toBe('ZZZZZZZZ');
  });

  it('is shown in two groups of four', () => {
    expect(groupedSpokenCode('K7QX4M2P')).toBe('K7QX-4M2P');
  });

  it('is read back in any case, O for 0, I or L for 1, with or without a hyphen or spaces', () => {
    for (const typed of ['K7QX-4M2P', 'k7qx4m2p', 'K7QX 4M2P', ' k7qx - 4m2p ', 'K7QX\u00a04M2P'])
      expect(spokenCodeOf(typed)).toBe('K7QX4M2P');
    expect(spokenCodeOf('0O1I-L1AB')).toBe('001111AB');
  });

  it('is nothing when it cannot be one: a wrong length, a U, another symbol, too long a text', () => {
    for (const typed of ['', 'K7QX4M2', 'K7QX4M2PP', 'K7QU4M2P', 'K7QX_4M2P', 'K7QX4M2P!', `K7QX${' '.repeat(30)}4M2P`])
      expect(spokenCodeOf(typed)).toBeNull();
  });
});
