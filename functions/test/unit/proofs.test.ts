import { describe, expect, it } from 'vitest';
import {
  finishProofId,
  linkProofId,
  proofRefusal,
  spendingOf,
  voidedProof,
  type Proof,
} from '../../src/invites/domain/proofs.js';

const now = new Date('2026-11-27T10:00:00.000Z');
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000).toISOString();

const proof = (overrides: Partial<Proof> = {}): Proof => ({
  kind: 'mail-code',
  uid: 'mira',
  address: 'mira@example.com',
  issuedAt: minutesAgo(2),
  id: 'code-abc',
  ...overrides,
});

describe('proofRefusal: the door binds every proof alike', () => {
  it('takes a proof of the address the account holds now, its ASCII case aside', () => {
    expect(proofRefusal(proof(), { uid: 'mira', email: 'Mira@Example.com' }, now)).toBeNull();
  });

  it('refuses a proof made for another account, or of an address the account no longer holds', () => {
    expect(proofRefusal(proof(), { uid: 'ravi', email: 'mira@example.com' }, now)).toBe('other-account');
    expect(proofRefusal(proof(), { uid: 'mira', email: 'stranger@example.com' }, now)).toBe('other-address');
    expect(proofRefusal(proof(), { uid: 'mira', email: undefined }, now)).toBe('other-address');
    // A KELVIN SIGN is no K: a token for it proves only itself.
    const kelvin = proof({ kind: 'browser-token', address: '\u212Ap-1@example.com' });
    expect(proofRefusal(kelvin, { uid: 'mira', email: 'kp-1@example.com' }, now)).toBe('other-address');
  });

  it('reads each kind for its own age: the code 15 minutes, the token 11, the links by their issuer', () => {
    expect(proofRefusal(proof({ issuedAt: minutesAgo(16) }), { uid: 'mira', email: 'mira@example.com' }, now)).toBe(
      'too-old',
    );
    const token = proof({ kind: 'browser-token', issuedAt: minutesAgo(12) });
    expect(proofRefusal(token, { uid: 'mira', email: 'mira@example.com' }, now)).toBe('too-old');
    expect(proofRefusal(proof({ issuedAt: null }), { uid: 'mira', email: 'mira@example.com' }, now)).toBe('too-old');
    const oldLink = proof({ kind: 'mail-link', issuedAt: minutesAgo(3 * 24 * 60) });
    expect(proofRefusal(oldLink, { uid: 'mira', email: 'mira@example.com' }, now)).toBeNull();
    const unknownLink = proof({ kind: 'mail-link', issuedAt: null });
    expect(proofRefusal(unknownLink, { uid: 'mira', email: 'mira@example.com' }, now)).toBeNull();
  });
});

describe('spendingOf: spent once, by the account it was made for', () => {
  const signUp = { invitedBy: 'asha' };

  it("records the sign-up's proof at the first spending of a proof made while the address was unverified", () => {
    const spent = spendingOf(undefined, signUp, { proof: proof(), verifiedBefore: false, now });
    expect(spent).toEqual({
      kind: 'spent',
      first: true,
      record: {
        kind: 'mail-code',
        uid: 'mira',
        address: 'mira@example.com',
        issuedAt: minutesAgo(2),
        spentAt: now.toISOString(),
      },
      signUpUpdate: {
        signUpProvedAt: now.toISOString(),
        mailboxProvedAt: now.toISOString(),
        mailboxProvedAddress: 'mira@example.com',
      },
    });
  });

  it('records no sign-up proof on an address verified before, without an inviter, or over one recorded', () => {
    const mailboxOnly = { mailboxProvedAt: now.toISOString(), mailboxProvedAddress: 'mira@example.com' };
    for (const [before, verifiedBefore] of [
      [signUp, true],
      [undefined, false],
      [{ ...signUp, signUpProvedAt: 'earlier' }, false],
    ] as const) {
      const spent = spendingOf(undefined, before, { proof: proof(), verifiedBefore, now });
      expect(spent.kind === 'spent' && spent.signUpUpdate).toEqual(mailboxOnly);
    }
  });

  it("answers the same account's second presentation as spent before, proving nothing new", () => {
    const record = { ...proof(), spentAt: minutesAgo(1) } as const;
    const { id: _id, ...stored } = record;
    expect(spendingOf(stored, signUp, { proof: proof(), verifiedBefore: true, now })).toEqual({
      kind: 'spent',
      first: false,
      record: stored,
      signUpUpdate: {},
    });
  });

  it('refuses a voided proof, and one another account made or spent', () => {
    const { id: _id, ...stored } = proof();
    expect(
      spendingOf({ ...stored, voidedAt: minutesAgo(1) }, signUp, { proof: proof(), verifiedBefore: false, now }),
    ).toEqual({
      kind: 'refused',
    });
    expect(spendingOf({ ...stored, uid: 'ravi' }, signUp, { proof: proof(), verifiedBefore: false, now })).toEqual({
      kind: 'refused',
    });
  });

  it('voids a proof for good, keeping what it was made for', () => {
    const { id: _id, ...stored } = proof({ kind: 'mail-link' });
    expect(voidedProof(stored, proof(), now)).toEqual({ ...stored, voidedAt: now.toISOString() });
    expect(voidedProof(undefined, proof(), now)).toMatchObject({ uid: 'mira', voidedAt: now.toISOString() });
  });
});

describe('proof ids', () => {
  it('name a link by a digest of its code, never the code, one kind apart from the other', () => {
    expect(linkProofId('oob-123')).toMatch(/^link-[A-Za-z0-9_-]{43}$/);
    expect(linkProofId('oob-123')).not.toContain('oob-123');
    expect(finishProofId('oob-123').slice('finish-'.length)).toBe(linkProofId('oob-123').slice('link-'.length));
  });
});
