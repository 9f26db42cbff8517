/** The sign-in handoff's rules (sign-in-handoffs/domain/handoffs.ts): who mints, and what a redemption earns. */
import { describe, expect, it } from 'vitest';
import { HANDOFF_RETRY_MS, platformOfAppId } from '@dayfocus/contracts/sign-in-handoff';
import { playStoreUrlFor } from '@dayfocus/contracts/link-paths';
import {
  attemptKeyOf,
  checkMinter,
  decideRedemption,
  HANDOFF_TOKEN_LIVE_MS,
  mintCounted,
  newHandoff,
  type HandoffRecord,
  type Minter,
  type RedemptionRequest,
} from '../../src/sign-in-handoffs/domain/handoffs.js';
import type { Caller } from '../../src/platform/domain/caller.js';

const made = new Date('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(made.getTime() + ms);
const account = {
  emailVerified: true,
  providerIds: ['password'],
  email: 'mira@example.com',
  factorIds: [] as string[],
};
const owner = { email: 'mira@example.com', providerIds: ['password'], language: 'hi', factorIds: [] as string[] };
const record: HandoffRecord = newHandoff('mira', 'android', made, owner);
const redeemed: HandoffRecord = {
  ...record,
  redeemedAt: at(1_000).toISOString(),
  installationId: 'install-1',
  retryKeyDigest: 'key-1',
};

function decide(overrides: Partial<RedemptionRequest>) {
  return decideRedemption({
    record,
    account,
    retryKeyDigest: 'key-1',
    appPlatform: 'android',
    now: at(60_000),
    ...overrides,
  });
}

describe('a redemption', () => {
  it("is granted once, to an app of the code's platform, for an enabled account", () => {
    expect(decide({})).toEqual({ kind: 'grant', first: true });
  });

  it.each<[string, Partial<RedemptionRequest>]>([
    ['no such code', { record: undefined }],
    ['an iPhone app', { appPlatform: 'ios' }],
    ['a web app', { appPlatform: 'web' }],
    ['no App Check app', { appPlatform: null }],
    ['after ten minutes', { now: at(10 * 60_000 + 1) }],
    ['a code a newer one replaced', { record: { ...record, replacedAt: at(30_000).toISOString() } }],
    ['a code already revoked', { record: { ...redeemed, revokedAt: at(2_000).toISOString() } }],
    ['an account deleted', { account: null }],
    ['an account disabled', { account: { ...account, disabled: true } }],
    [
      'sessions revoked since the code was made',
      { account: { ...account, tokensValidAfter: at(1_000).toISOString() } },
    ],
  ])('is refused for %s', (_, overrides) => {
    expect(decide(overrides)).toEqual({ kind: 'refuse' });
  });

  it('counts sessions revoked before the code as no reason to refuse', () => {
    expect(decide({ account: { ...account, tokensValidAfter: at(-1_000).toISOString() } }).kind).toBe('grant');
  });

  it('is granted again to the first redeemer, proved by its retry key, within two minutes (a lost answer)', () => {
    expect(decide({ record: redeemed, now: at(1_000 + HANDOFF_RETRY_MS) })).toEqual({ kind: 'grant', first: false });
    // Even past the code's own ten minutes, within the two after its redemption.
    const late = { ...redeemed, redeemedAt: at(10 * 60_000 - 1).toISOString() };
    expect(decide({ record: late, now: at(11 * 60_000) })).toEqual({ kind: 'grant', first: false });
  });

  it('is a reuse without the first retry key (whatever installation id it names) while a token of the code could sign in', () => {
    expect(decide({ record: redeemed, retryKeyDigest: 'key-2' })).toEqual({ kind: 'reuse' });
    // The code's tokens: its retries' two minutes, then a custom token's hour.
    const lastLive = at(1_000 + HANDOFF_TOKEN_LIVE_MS - 1);
    expect(HANDOFF_TOKEN_LIVE_MS).toBe(HANDOFF_RETRY_MS + 60 * 60_000);
    expect(decide({ record: redeemed, retryKeyDigest: 'key-2', now: lastLive })).toEqual({ kind: 'reuse' });
  });

  it('is refused, never a lock, to the first redeemer itself after its two minutes', () => {
    expect(decide({ record: redeemed, now: at(1_001 + HANDOFF_RETRY_MS) })).toEqual({ kind: 'refuse' });
    expect(decide({ record: redeemed, now: at(3 * 60 * 60_000) })).toEqual({ kind: 'refuse' });
  });

  it('after every token of the code expired, only signs the account out while its credentials are as minted', () => {
    const late = { record: redeemed, retryKeyDigest: 'key-2', now: at(1_000 + HANDOFF_TOKEN_LIVE_MS) };
    expect(decide(late)).toEqual({ kind: 'signOut' });
    // The address's case is Auth's, not a change.
    expect(decide({ ...late, account: { ...account, email: 'Mira@Example.com' } })).toEqual({ kind: 'signOut' });
    // Sessions revoked before the first redemption are no change since.
    expect(decide({ ...late, account: { ...account, tokensValidAfter: at(500).toISOString() } }).kind).toBe('signOut');
  });

  it.each<[string, Partial<typeof account> & { tokensValidAfter?: string }]>([
    ['another address', { email: 'eve@example.com' }],
    ['a provider linked', { providerIds: ['password', 'google.com'] }],
    ['a provider unlinked', { providerIds: [] }],
    ['a second factor enrolled', { factorIds: ['his-phone'] }],
    ['the password changed (sessions ended after the redemption)', { tokensValidAfter: at(5_000).toISOString() }],
  ])('after every token expired, still locks when the credentials changed: %s', (_, change) => {
    const late = { record: redeemed, retryKeyDigest: 'key-2', now: at(1_000 + HANDOFF_TOKEN_LIVE_MS) };
    expect(decide({ ...late, account: { ...account, ...change } })).toEqual({ kind: 'reuse' });
  });

  it('after every token expired, still locks when the address changed to one only Unicode folds to it (KELVIN SIGN)', () => {
    const kiran = { ...redeemed, owner: { ...owner, email: 'kiran@example.com' } };
    const late = { record: kiran, retryKeyDigest: 'key-2', now: at(1_000 + HANDOFF_TOKEN_LIVE_MS) };
    expect(decide({ ...late, account: { ...account, email: 'Kiran@example.com' } })).toEqual({ kind: 'signOut' });
    expect(decide({ ...late, account: { ...account, email: '\u212Airan@example.com' } })).toEqual({ kind: 'reuse' });
  });

  it('after every token expired, locks a code minted before its owner was kept: nothing shows it unchanged', () => {
    const { owner: _, ...unowned } = redeemed;
    const late = { record: unowned, retryKeyDigest: 'key-2', now: at(1_000 + HANDOFF_TOKEN_LIVE_MS) };
    expect(decide(late)).toEqual({ kind: 'reuse' });
  });

  it('never locks an account someone else disabled (a ban), and mails nobody: refused', () => {
    const banned = { ...account, disabled: true };
    expect(decide({ record: redeemed, retryKeyDigest: 'key-2', account: banned })).toEqual({ kind: 'refuse' });
  });

  it('finishes a lock this code began though the account is disabled now (by its own first step)', () => {
    const locking = { ...redeemed, lockingAt: at(5_000).toISOString() };
    const disabled = { ...account, disabled: true };
    expect(decide({ record: locking, retryKeyDigest: 'key-2', account: disabled })).toEqual({ kind: 'reuse' });
    // Deleted meanwhile: nothing left to lock; its owner is told.
    expect(decide({ record: locking, retryKeyDigest: 'key-2', account: null })).toEqual({ kind: 'deleted' });
  });

  it('tells the owner of an account deleted while a token of the code could sign in; later, refuses', () => {
    expect(decide({ record: redeemed, retryKeyDigest: 'key-2', account: null })).toEqual({ kind: 'deleted' });
    const late = at(1_000 + HANDOFF_TOKEN_LIVE_MS);
    expect(decide({ record: redeemed, retryKeyDigest: 'key-2', account: null, now: late })).toEqual({
      kind: 'refuse',
    });
  });
});

describe('minting', () => {
  const caller: Caller = {
    uid: 'mira',
    email: 'mira@example.com',
    signInProvider: 'password',
    name: undefined,
    authTime: made.getTime() / 1000,
  };
  const user = { isDeleted: false, isActive: true } as never;
  const signUp = {
    userId: 'mira',
    invitedBy: 'asha',
    invitedVia: 'password',
    signUpProvedAt: made.toISOString(),
    updatedAt: made.toISOString(),
  };
  const minter: Minter = { caller, account, user, signUp, platform: 'android', now: at(60_000) };

  it('needs an enabled, proved account with an activated record and a session not revoked', () => {
    expect(() => checkMinter(minter)).not.toThrow();
    const refusals: [Partial<Minter>, string][] = [
      [{ caller: { ...caller, handoff: true } }, 'permission-denied'],
      [{ account: null }, 'permission-denied'],
      [{ account: { ...account, disabled: true } }, 'permission-denied'],
      [{ account: { ...account, tokensValidAfter: at(1_000).toISOString() } }, 'permission-denied'],
      [{ account: { ...account, emailVerified: false } }, 'failed-precondition'],
      [{ user: null }, 'failed-precondition'],
      [{ user: { isDeleted: true, isActive: true } as never }, 'failed-precondition'],
      [{ user: { isDeleted: false } as never }, 'failed-precondition'],
    ];
    for (const [overrides, code] of refusals) {
      expect(() => checkMinter({ ...minter, ...overrides })).toThrow(expect.objectContaining({ code }));
    }
  });

  it('needs a sign-in of the last 15 minutes, by a provider of the journey, of an account the companion signed up', () => {
    expect(() => checkMinter({ ...minter, now: at(15 * 60_000) })).not.toThrow();
    const refusals: Partial<Minter>[] = [
      { now: at(15 * 60_000 + 1) }, // signed in over 15 minutes ago
      { now: at(60 * 60_000) }, // an hour's ID token of the mobile app
      { caller: { ...caller, authTime: undefined } },
      { caller: { ...caller, signInProvider: 'custom' } }, // the Admin SDK's own sign-in
      { caller: { ...caller, signInProvider: 'phone' } },
      { signUp: undefined }, // an account of the app alone
      { signUp: { ...signUp, invitedVia: 'google.com' } }, // its sign-up's provider is not on the account
      { signUp: { ...signUp, signUpProvedAt: undefined } }, // an e-mail sign-up whose proof was not the companion's
    ];
    for (const overrides of refusals) {
      expect(() => checkMinter({ ...minter, ...overrides })).toThrow(
        expect.objectContaining({ code: 'permission-denied' }),
      );
    }
  });

  it("mints no iPhone code for an Apple sign-in (the app's Apple sheet signs her in), an Android one all the same", () => {
    const apple = { ...caller, signInProvider: 'apple.com' };
    const appleSignUp = { ...signUp, invitedVia: 'apple.com', signUpProvedAt: undefined };
    const appleAccount = { ...account, providerIds: ['apple.com'] };
    const appleMinter = { ...minter, caller: apple, signUp: appleSignUp, account: appleAccount };
    expect(() => checkMinter({ ...appleMinter, platform: 'ios' })).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
    expect(() => checkMinter(appleMinter)).not.toThrow();
    expect(() => checkMinter({ ...minter, platform: 'ios' })).not.toThrow();
  });

  it('lets one account mint 5 codes an hour and 20 a day', () => {
    let stamps: string[] = [];
    const mintAt = (ms: number) => {
      const next = mintCounted(stamps, at(ms));
      if (next) stamps = next;
      return next !== null;
    };
    expect([0, 1, 2, 3, 4, 5].map((i) => mintAt(i * 60_000))).toEqual([true, true, true, true, true, false]);
    // An hour after the first, one more; the day's twentieth is the last.
    const hours = Array.from({ length: 20 }, (_, h) => h + 1).map((h) => mintAt(h * 60 * 60_000 + 1));
    expect(hours.filter(Boolean)).toHaveLength(15);
    expect(mintAt(23 * 60 * 60_000)).toBe(false);
    expect(mintAt(25 * 60 * 60_000)).toBe(true);
  });

  it('makes a code valid ten minutes', () => {
    expect(Date.parse(record.expiresAt) - made.getTime()).toBe(10 * 60_000);
  });
});

describe('the handoff on the wire', () => {
  it("counts attempts under a code's first four characters, and none for a string that is no code", () => {
    expect(attemptKeyOf('AbCd' + 'x'.repeat(39))).toBe('AbCd');
    expect(attemptKeyOf('AbCd')).toBeNull();
    expect(attemptKeyOf('AbC/' + 'x'.repeat(39))).toBeNull();
  });

  it("reads the app's platform from its Firebase app ID", () => {
    expect(platformOfAppId('1:123456789012:android:0a1b2c3d')).toBe('android');
    expect(platformOfAppId('1:123456789012:ios:0a1b2c3d')).toBe('ios');
    expect(platformOfAppId('1:123456789012:web:0a1b2c3d')).toBe('web');
    expect(platformOfAppId('android')).toBeNull();
    expect(platformOfAppId(undefined)).toBeNull();
  });

  it('carries the handoff beside the invite in the Play referrer, URL-encoded', () => {
    const url = new URL(
      playStoreUrlFor('https://play.google.com/store/apps/details?id=com.dayfocus.app', 'Xy3_k9aQ-T', 'h_-1'),
    );
    expect(url.search).toBe('?id=com.dayfocus.app&referrer=invite%3DXy3_k9aQ-T%26signin%3Dh_-1');
    expect(new URLSearchParams(url.searchParams.get('referrer') ?? '').get('signin')).toBe('h_-1');
  });
});
