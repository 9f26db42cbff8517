/** An account locked by a reused handoff code (sign-in-handoffs/domain/account-locks.ts): the lock, and its recovery. */
import { describe, expect, it } from 'vitest';
import {
  decideRecovery,
  holderProvedSinceMint,
  lockOf,
  type AccountLock,
} from '../../src/sign-in-handoffs/domain/account-locks.js';

const lockedAt = new Date('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(lockedAt.getTime() + ms);
const HOUR = 60 * 60_000;
const owner = { email: 'mira@example.com', providerIds: ['password'], language: 'hi' };
const mintedAt = new Date(lockedAt.getTime() - 5 * 60_000).toISOString();
const { lock } = lockOf(undefined, { uid: 'mira', owner, recoveryDigest: 'r1', mintedAt, now: lockedAt });

describe('a lock', () => {
  it('is recoverable an hour after it began (every custom token granted before it has expired), and mails the owner', () => {
    expect(lock).toEqual({
      uid: 'mira',
      lockedAt: lockedAt.toISOString(),
      recoverableAt: at(HOUR).toISOString(),
      owner,
      recoveryDigest: 'r1',
      mintedAt,
      disabledByLock: true,
    });
    expect(lockOf(undefined, { uid: 'mira', owner, recoveryDigest: 'r1', mintedAt, now: lockedAt }).mail).toBe(true);
  });

  it('in place already is kept as it is, and mails nobody again', () => {
    expect(lockOf(lock, { uid: 'mira', owner, recoveryDigest: 'r2', mintedAt, now: at(5_000) })).toEqual({
      lock,
      mail: false,
    });
  });

  it('after a recovery is a new one', () => {
    const recovered: AccountLock = { ...lock, recoveredAt: at(2 * HOUR).toISOString() };
    const next = lockOf(recovered, { uid: 'mira', owner, recoveryDigest: 'r2', mintedAt, now: at(3 * HOUR) });
    expect(next.mail).toBe(true);
    expect(next.lock.recoveryDigest).toBe('r2');
  });
});

describe('a recovery', () => {
  const account = { email: 'attacker@example.com', providerIds: ['password', 'google.com'] };

  it('puts back the address and the providers of the mint, and has her set the password', () => {
    expect(decideRecovery(lock, 'r1', account, at(HOUR))).toEqual({
      kind: 'restore',
      restore: { email: 'mira@example.com', unlink: ['google.com'], resetPassword: true, enable: true },
    });
  });

  it('keeps only the second factors she had at the mint, when the mint kept them', () => {
    const withFactors = lockOf(undefined, {
      uid: 'mira',
      owner: { ...owner, factorIds: ['her-phone'] },
      recoveryDigest: 'r1',
      mintedAt,
      now: lockedAt,
    }).lock;
    const recovery = decideRecovery(withFactors, 'r1', account, at(HOUR));
    expect(recovery).toMatchObject({ kind: 'restore', restore: { keepFactorIds: ['her-phone'] } });
  });

  it('never enables an account the lock did not disable (an administrator had)', () => {
    const banned: AccountLock = { ...lock, disabledByLock: false };
    expect(decideRecovery(banned, 'r1', account, at(HOUR))).toMatchObject({
      kind: 'restore',
      restore: { enable: false },
    });
  });

  it("unlinks a password a redeemer added to a Google owner's account", () => {
    const google = lockOf(undefined, {
      uid: 'mira',
      owner: { ...owner, providerIds: ['google.com'] },
      recoveryDigest: 'r1',
      mintedAt,
      now: lockedAt,
    }).lock;
    expect(decideRecovery(google, 'r1', account, at(HOUR))).toEqual({
      kind: 'restore',
      restore: { email: 'mira@example.com', unlink: ['password'], resetPassword: false, enable: true },
    });
  });

  it('waits until the hour has passed', () => {
    expect(decideRecovery(lock, 'r1', account, at(HOUR - 1))).toEqual({
      kind: 'wait',
      recoverableAt: lock.recoverableAt,
    });
  });

  it.each<[string, AccountLock | undefined, string, typeof account | null]>([
    ['no lock', undefined, 'r1', account],
    ['another code', lock, 'r2', account],
    ['a deleted account', lock, 'r1', null],
  ])('is refused for %s', (_, theLock, digest, theAccount) => {
    expect(decideRecovery(theLock, digest, theAccount, at(2 * HOUR))).toEqual({ kind: 'refuse' });
  });

  it('done already does nothing again', () => {
    const recovered = { ...lock, recoveredAt: at(HOUR).toISOString() };
    expect(decideRecovery(recovered, 'r1', account, at(2 * HOUR))).toEqual({ kind: 'recovered', resetPassword: true });
  });
});

describe('the account that holds her address at the recovery', () => {
  const proved = (minutesAfterMint: number, address = 'mira@example.com') => ({
    mailboxProvedAt: new Date(Date.parse(mintedAt) + minutesAfterMint * 60_000).toISOString(),
    mailboxProvedAddress: address,
  });

  it('is left alone when its own mailbox proved the address after the mint: support decides', () => {
    expect(holderProvedSinceMint(lock, 'mira@example.com', proved(30))).toBe(true);
    expect(holderProvedSinceMint(lock, 'Mira@Example.com', proved(0))).toBe(true);
  });

  it('is a squatter when its mailbox never proved it, or proved it before the mint, or proved another address', () => {
    expect(holderProvedSinceMint(lock, 'mira@example.com', undefined)).toBe(false);
    expect(holderProvedSinceMint(lock, 'mira@example.com', {})).toBe(false);
    expect(holderProvedSinceMint(lock, 'mira@example.com', proved(-1))).toBe(false);
    expect(holderProvedSinceMint(lock, 'mira@example.com', proved(30, 'other@example.com'))).toBe(false);
  });

  it('reads a lock kept before it knew its mint as minted as early as a code could have been', () => {
    const { mintedAt: _mintedAt, ...older } = lock;
    const tenMinutesBeforeLock = new Date(lockedAt.getTime() - 10 * 60_000);
    const at = (date: Date) => ({ mailboxProvedAt: date.toISOString(), mailboxProvedAddress: 'mira@example.com' });
    expect(holderProvedSinceMint(older, 'mira@example.com', at(tenMinutesBeforeLock))).toBe(true);
    expect(holderProvedSinceMint(older, 'mira@example.com', at(new Date(tenMinutesBeforeLock.getTime() - 1)))).toBe(
      false,
    );
  });
});
