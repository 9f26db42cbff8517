/** The sign-in handoff's rules (sign-in-handoffs/domain/handoffs.ts): who mints, and what a redemption earns. */
import { describe, expect, it } from 'vitest';
import { HANDOFF_RETRY_MS, platformOfAppId } from '@dayfocus/contracts/sign-in-handoff';
import { playStoreUrlFor } from '@dayfocus/contracts/link-paths';
import {
  attemptKeyOf,
  checkMinter,
  decideRedemption,
  newHandoff,
  type HandoffRecord,
  type RedemptionRequest,
} from '../../src/sign-in-handoffs/domain/handoffs.js';
import type { Caller } from '../../src/platform/domain/caller.js';

const made = new Date('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(made.getTime() + ms);
const account = { emailVerified: true, providerIds: ['password'] };
const record: HandoffRecord = newHandoff('mira', 'android', made);
const redeemed: HandoffRecord = { ...record, redeemedAt: at(1_000).toISOString(), installationId: 'install-1' };

function decide(overrides: Partial<RedemptionRequest>) {
  return decideRedemption({
    record,
    account,
    installationId: 'install-1',
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

  it('is granted again to the same installation within two minutes of the first (a lost answer)', () => {
    expect(decide({ record: redeemed, now: at(1_000 + HANDOFF_RETRY_MS) })).toEqual({ kind: 'grant', first: false });
    // Even past the code's own ten minutes, within the two after its redemption.
    const late = { ...redeemed, redeemedAt: at(10 * 60_000 - 1).toISOString() };
    expect(decide({ record: late, now: at(11 * 60_000) })).toEqual({ kind: 'grant', first: false });
  });

  it('is a reuse from another installation, or from the same one after two minutes', () => {
    expect(decide({ record: redeemed, installationId: 'install-2' })).toEqual({ kind: 'reuse' });
    expect(decide({ record: redeemed, now: at(1_001 + HANDOFF_RETRY_MS) })).toEqual({ kind: 'reuse' });
    // Long after the code expired: still known for a reuse.
    expect(decide({ record: redeemed, installationId: 'install-2', now: at(3_600_000) })).toEqual({ kind: 'reuse' });
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

  it('needs an enabled, proved account with an activated record and a session not revoked', () => {
    expect(() => checkMinter({ caller, account, user })).not.toThrow();
    const refusals: [Parameters<typeof checkMinter>[0], string][] = [
      [{ caller: { ...caller, handoff: true }, account, user }, 'permission-denied'],
      [{ caller, account: null, user }, 'permission-denied'],
      [{ caller, account: { ...account, disabled: true }, user }, 'permission-denied'],
      [{ caller, account: { ...account, tokensValidAfter: at(1_000).toISOString() }, user }, 'permission-denied'],
      [{ caller, account: { ...account, emailVerified: false }, user }, 'failed-precondition'],
      [{ caller, account, user: null }, 'failed-precondition'],
      [{ caller, account, user: { isDeleted: true, isActive: true } as never }, 'failed-precondition'],
      [{ caller, account, user: { isDeleted: false } as never }, 'failed-precondition'],
    ];
    for (const [minter, code] of refusals) expect(() => checkMinter(minter)).toThrow(expect.objectContaining({ code }));
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
