import { describe, expect, it } from 'vitest';
import type { SignUpRecord } from '@dayfocus/contracts/records';
import {
  claimOf,
  proofRefusal,
  spendingOf,
  voidedProof,
  type RecordedProof,
} from '../../src/activation/domain/proofs.js';
import { finishProofId, linkProofId } from '../../src/invites/domain/proof-ids.js';

type SignUpMarks = Pick<SignUpRecord, 'invitedBy' | 'signUpProvedAt'>;

const now = new Date('2026-11-27T10:00:00.000Z');
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000).toISOString();

const proof = (overrides: Partial<RecordedProof> = {}): RecordedProof => ({
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

describe('claimOf and spendingOf: taken and spent once, by the account it was made for', () => {
  const signUp: SignUpMarks = { invitedBy: 'asha' };
  const { id: _id, ...stored } = proof();
  const claimed = (provesSignUp: boolean) => ({
    ...stored,
    claimedAt: minutesAgo(1),
    provesSignUp,
  });

  it('records at the first taking that the spending proves the sign-up, for a proof made while the address was unverified', () => {
    expect(claimOf(undefined, signUp, { proof: proof(), verifiedBefore: false, now })).toEqual({
      kind: 'claimed',
      record: {
        kind: 'mail-code',
        uid: 'mira',
        address: 'mira@example.com',
        issuedAt: minutesAgo(2),
        claimedAt: now.toISOString(),
        provesSignUp: true,
      },
      provesSignUp: true,
      fresh: true,
      // Told to the sign-up at once: Auth shows the address verified before the spending.
      signUpUpdate: { signUpProofTakenAt: now.toISOString(), signUpProofAddress: 'mira@example.com' },
    });
  });

  it("records the sign-up's proof at the spending of a claim that proves it", () => {
    const spent = spendingOf(claimed(true), signUp, { proof: proof(), provesSignUp: true, now });
    expect(spent).toEqual({
      record: { ...claimed(true), spentAt: now.toISOString() },
      signUpUpdate: {
        signUpProvedAt: now.toISOString(),
        mailboxProvedAt: now.toISOString(),
        mailboxProvedAddress: 'mira@example.com',
      },
    });
  });

  it('records no sign-up proof on an address verified before, without an inviter, or over one recorded', () => {
    const mailboxOnly = { mailboxProvedAt: now.toISOString(), mailboxProvedAddress: 'mira@example.com' };
    const cases: [SignUpMarks | undefined, boolean][] = [
      [signUp, true],
      [undefined, false],
      [{ ...signUp, signUpProvedAt: 'earlier' }, false],
    ];
    for (const [before, verifiedBefore] of cases) {
      const claim = claimOf(undefined, before, { proof: proof(), verifiedBefore, now });
      expect(claim).toMatchObject({ kind: 'claimed', provesSignUp: false, fresh: true, signUpUpdate: {} });
      const provesSignUp = claim.kind === 'claimed' && claim.provesSignUp;
      const spent = spendingOf(claim.kind === 'claimed' ? claim.record : undefined, before, {
        proof: proof(),
        provesSignUp,
        now,
      });
      expect(spent?.signUpUpdate).toEqual(mailboxOnly);
    }
    // A claim that proved the sign-up writes no second proof over one recorded meanwhile.
    const meanwhile = spendingOf(
      claimed(true),
      { ...signUp, signUpProvedAt: 'earlier' },
      {
        proof: proof(),
        provesSignUp: true,
        now,
      },
    );
    expect(meanwhile?.signUpUpdate).toEqual(mailboxOnly);
  });

  it("keeps a retry of the same account's unsettled claim as it was first taken", () => {
    // The first try wrote the address verified before it failed: the retry still proves the sign-up.
    expect(claimOf(claimed(true), signUp, { proof: proof(), verifiedBefore: true, now })).toEqual({
      kind: 'claimed',
      record: claimed(true),
      provesSignUp: true,
      fresh: false,
      signUpUpdate: {},
    });
    expect(claimOf(claimed(false), signUp, { proof: proof(), verifiedBefore: false, now })).toEqual({
      kind: 'claimed',
      record: claimed(false),
      provesSignUp: false,
      fresh: false,
      signUpUpdate: {},
    });
  });

  it("answers the same account's second presentation as spent before, proving nothing new", () => {
    const spentRecord = { ...claimed(true), spentAt: minutesAgo(1) };
    expect(claimOf(spentRecord, signUp, { proof: proof(), verifiedBefore: true, now })).toEqual({ kind: 'spent' });
    expect(spendingOf(spentRecord, signUp, { proof: proof(), provesSignUp: true, now })).toBeNull();
  });

  it('refuses a voided proof, and one another account made or spent', () => {
    expect(
      claimOf({ ...stored, voidedAt: minutesAgo(1) }, signUp, { proof: proof(), verifiedBefore: false, now }),
    ).toEqual({
      kind: 'refused',
    });
    expect(claimOf({ ...stored, uid: 'ravi' }, signUp, { proof: proof(), verifiedBefore: false, now })).toEqual({
      kind: 'refused',
    });
    expect(
      claimOf({ ...stored, uid: 'ravi', spentAt: minutesAgo(1) }, signUp, {
        proof: proof(),
        verifiedBefore: false,
        now,
      }),
    ).toEqual({
      kind: 'refused',
    });
    // A record of another address than the one presented proves nothing.
    expect(
      claimOf({ ...stored, address: 'stranger@example.com' }, signUp, { proof: proof(), verifiedBefore: false, now }),
    ).toEqual({
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
