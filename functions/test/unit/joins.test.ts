import { describe, expect, it } from 'vitest';
import { firestoreDocumentSize, MAX_DOCUMENT_BYTES } from '../../src/domain/document-size.js';
import {
  appendCapped,
  holdsPushClaim,
  HISTORY_TRIM_TO_BYTES,
  planJoin,
  PUSH_LEASE_MS,
  PUSH_MAX_ATTEMPTS,
  recordedInviterCounts,
  retryDelayMs,
  settledPush,
  sweepAction,
  type FriendJoin,
  type JoinState,
} from '../../src/domain/joins.js';
import { cleanDisplayName } from '../../src/domain/names.js';
import { friendJoinHistoryEntry } from '../../src/domain/records.js';
import { inviterRecord, owedJoin } from '../fixtures.js';

const now = new Date('2026-11-23T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('names from anywhere', () => {
  it.each([
    ['  Mira Nair  ', 'Mira Nair'],
    ['<img src=x onerror=alert(1)>Asha', 'Asha'],
    ['<b>Bold</b>\u001b Name', 'Bold Name'],
    ['a > b < c', 'a b c'],
    ['Line\nbreak\ttab', 'Line break tab'],
    ['\u202eevil', 'evil'],
    ['', 'Dayfocus User'],
    ['<script></script>\u0000', 'Dayfocus User'],
    // Nothing visible: zero-width space, joiners, word joiner, byte-order mark, LRM, RLM.
    ['\u200b\u200c\u200d\u2060\ufeff', 'Dayfocus User'],
    ['\u200e\u200f \u200b', 'Dayfocus User'],
    ['\u3164\u3164', 'Dayfocus User'],
    ['\u2800', 'Dayfocus User'],
    // Invisible characters inside a name are dropped, not turned into spaces.
    ['As\u200bha\u200e Ver\u00adma\ufeff', 'Asha Verma'],
    ['\u2066Mira\u2069', 'Mira'],
  ])('%j is stored as %j', (raw, expected) => {
    expect(cleanDisplayName(raw)).toBe(expected);
  });

  it('keeps at most 80 characters after cleaning, so invisible padding cannot push letters out', () => {
    expect(cleanDisplayName(`${'\u200b'.repeat(100)}Mira`)).toBe('Mira');
  });

  it('keeps at most 80 characters and never splits one in two', () => {
    expect(cleanDisplayName('x'.repeat(300))).toBe('x'.repeat(80));
    const emoji = `${'x'.repeat(79)}😀`;
    expect(cleanDisplayName(emoji)).toBe('x'.repeat(79));
    expect(cleanDisplayName('आ'.repeat(100))).toBe('आ'.repeat(80));
  });

  it('is the generic name for anything that is not a string', () => {
    expect(cleanDisplayName(undefined)).toBe('Dayfocus User');
    expect(cleanDisplayName(42)).toBe('Dayfocus User');
  });
});

describe('who chooses the inviter', () => {
  const password = { invitedBy: 'asha', invitedVia: 'password' };
  it('an email sign-up counts while the password is on the account and the address is verified', () => {
    expect(recordedInviterCounts(password, { providerIds: ['password'], emailVerified: true })).toBe(true);
    expect(recordedInviterCounts(password, { providerIds: ['password'], emailVerified: false })).toBe(false);
    expect(recordedInviterCounts(password, { providerIds: ['google.com'], emailVerified: true })).toBe(false);
    expect(recordedInviterCounts(password, { providerIds: ['google.com', 'password'], emailVerified: true })).toBe(
      true,
    );
  });

  it('a record without invitedVia was written by an email sign-up', () => {
    expect(recordedInviterCounts({ invitedBy: 'asha' }, { providerIds: ['apple.com'], emailVerified: true })).toBe(
      false,
    );
  });

  it('an Apple or Google sign-up counts while that provider is on the account', () => {
    expect(
      recordedInviterCounts(
        { invitedBy: 'asha', invitedVia: 'apple.com' },
        { providerIds: ['apple.com'], emailVerified: false },
      ),
    ).toBe(true);
    expect(
      recordedInviterCounts(
        { invitedBy: 'asha', invitedVia: 'apple.com' },
        { providerIds: ['password'], emailVerified: true },
      ),
    ).toBe(false);
    expect(recordedInviterCounts({}, { providerIds: ['google.com'], emailVerified: true })).toBe(false);
  });
});

describe('planning a join', () => {
  const state = (overrides: Partial<JoinState> = {}): JoinState => ({
    inviteeId: 'mira',
    inviterId: 'asha',
    inviter: inviterRecord({ userId: 'asha', fcmToken: 'token-asha' }),
    join: undefined,
    friendsAlready: false,
    notificationsExist: false,
    ...overrides,
  });
  const input = { inviteeName: 'Mira', now, historyInCommit: true };

  it('a first join makes the friendship, the history entry and claims the push', () => {
    const plan = planJoin(state(), input);
    expect(plan.outcome).toBe('joined');
    expect(plan.writes.friend?.id).toBe('asha_mira');
    expect(plan.writes.historyEntry).toMatchObject({ userId: 'mira', message: 'Mira has accepted your invitation' });
    expect(plan.writes.notifications).toBeDefined();
    expect(plan.writes.join).toEqual({
      create: expect.objectContaining({
        friendship: 'created',
        history: 'written',
        push: 'sending',
        pushAttempts: 1,
        dueAt: later(PUSH_LEASE_MS).toISOString(),
      }),
    });
    expect(plan.push).toMatchObject({ token: 'token-asha', attempts: 1 });
  });

  it('an inviter without a push token owes no push', () => {
    const plan = planJoin(state({ inviter: inviterRecord({ userId: 'asha', fcmToken: null }) }), input);
    expect(plan.push).toBeNull();
    const join = plan.writes.join && 'create' in plan.writes.join ? plan.writes.join.create : undefined;
    expect(join).toMatchObject({ push: 'no-token' });
    expect(join).not.toHaveProperty('dueAt');
  });

  it('a pair with a join record gets nothing new', () => {
    const join = planJoin(state(), input).writes.join;
    const created = join && 'create' in join ? join.create : undefined;
    const replay = planJoin(
      state({ join: { ...(created as FriendJoin), push: 'sent', pushDueAt: undefined, dueAt: undefined } }),
      input,
    );
    expect(replay).toEqual({ outcome: 'joined-before', writes: { notifications: expect.anything() }, push: null });
  });

  it('a replay may claim a push that is still owed once its backoff has passed, but not one another sender holds', () => {
    const owed = owedJoin({ pushDueAt: later(retryDelayMs(1)).toISOString(), createdAt: now.toISOString() });
    // Before the backoff, a replayed (anonymous) call spends no attempt: the outage may still last.
    expect(planJoin(state({ join: owed }), input).push).toBeNull();
    expect(planJoin(state({ join: owed }), { ...input, now: later(retryDelayMs(1)) }).push).toMatchObject({
      attempts: 2,
    });
    const held = { ...owed, push: 'sending' as const, pushDueAt: later(PUSH_LEASE_MS).toISOString() };
    expect(planJoin(state({ join: held }), input).push).toBeNull();
    const spent = { ...owed, push: 'failed' as const, pushAttempts: PUSH_MAX_ATTEMPTS };
    expect(planJoin(state({ join: spent }), input).push).toBeNull();
  });

  it('friends already: remembered, nothing owed', () => {
    const plan = planJoin(state({ friendsAlready: true }), input);
    expect(plan.outcome).toBe('already-friends');
    expect(plan.writes.friend).toBeUndefined();
    expect(plan.writes.join).toEqual({
      create: expect.objectContaining({ friendship: 'existed', push: 'not-owed', history: 'not-owed' }),
    });
  });

  it('a deleted inviter or none at all: no join', () => {
    expect(planJoin(state({ inviter: inviterRecord({ userId: 'asha', isDeleted: true }) }), input).outcome).toBe(
      'inviter-gone',
    );
    expect(planJoin(state({ inviterId: undefined }), input).outcome).toBe('no-inviter');
    expect(planJoin(state({ inviterId: 'mira' }), input).outcome).toBe('no-inviter');
  });

  it('without room in the history document, the entry is owed instead', () => {
    const plan = planJoin(state(), { ...input, historyInCommit: false });
    expect(plan.writes.historyEntry).toBeUndefined();
    expect(plan.writes.join).toEqual({
      create: expect.objectContaining({ history: 'owed', historyDueAt: now.toISOString(), dueAt: now.toISOString() }),
    });
  });
});

describe('retrying owed pushes', () => {
  const claim = {
    inviterId: 'asha',
    inviteeId: 'mira',
    token: 't',
    inviteeName: 'Mira',
    attempts: 1,
    claimedAt: now.toISOString(),
    history: 'written' as const,
  };

  it("settles only the claim the join still carries: a slow sender cannot undo the sweep's takeover", () => {
    const carried = { push: 'sending' as const, pushAttempts: 1, pushClaimedAt: now.toISOString() };
    expect(holdsPushClaim(carried, claim)).toBe(true);
    // The lease ran out and the sweep claimed the push again: attempt 2, claimed later.
    expect(
      holdsPushClaim({ push: 'sending', pushAttempts: 2, pushClaimedAt: later(60_000).toISOString() }, claim),
    ).toBe(false);
    // Someone else already settled it.
    expect(holdsPushClaim({ ...carried, push: 'sent' }, claim)).toBe(false);
    expect(holdsPushClaim(undefined, claim)).toBe(false);
  });

  it('backs off 5, 10, 20, 40, 80 minutes, at most 6 hours', () => {
    expect([1, 2, 3, 4, 5, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([5, 10, 20, 40, 80, 360]);
  });

  it('a failure leaves the push pending until the backoff has passed; the last one is final', () => {
    expect(settledPush(claim, { kind: 'retry', error: 'down' }, now)).toMatchObject({
      push: 'pending',
      dueAt: later(retryDelayMs(1)).toISOString(),
    });
    const last = settledPush({ ...claim, attempts: PUSH_MAX_ATTEMPTS }, { kind: 'retry', error: 'down' }, now);
    expect(last).toMatchObject({ push: 'failed', dueAt: undefined, pushLastError: 'down' });
  });

  it('a delivered push owes nothing more, unless the history entry is still owed', () => {
    expect(settledPush(claim, { kind: 'sent' }, now)).toMatchObject({ push: 'sent', dueAt: undefined });
    expect(
      settledPush({ ...claim, history: 'owed', historyDueAt: now.toISOString() }, { kind: 'sent' }, now),
    ).toMatchObject({ dueAt: now.toISOString() });
  });

  it('the sweep takes over a claim only after its lease, and ends a dead last attempt as failed', () => {
    const sending: FriendJoin = {
      inviterId: 'asha',
      inviteeId: 'mira',
      inviteeName: 'Mira',
      friendship: 'created',
      history: 'written',
      push: 'sending',
      pushAttempts: 1,
      pushDueAt: later(PUSH_LEASE_MS).toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    expect(sweepAction(sending, later(PUSH_LEASE_MS - 1)).claimPush).toBe(false);
    expect(sweepAction(sending, later(PUSH_LEASE_MS)).claimPush).toBe(true);
    const lastAttempt = { ...sending, pushAttempts: PUSH_MAX_ATTEMPTS };
    expect(sweepAction(lastAttempt, later(PUSH_LEASE_MS))).toEqual({
      claimPush: false,
      giveUpPush: true,
      writeHistory: false,
    });
  });
});

describe("the inviter's history, capped", () => {
  const entry = (i: number) =>
    friendJoinHistoryEntry({ inviteeId: `u${i}`, inviteeName: 'आ'.repeat(80), now: now.toISOString() });

  it('appends without dropping while there is room', () => {
    expect(appendCapped('asha', { userId: 'asha', history: [entry(1)] }, entry(2))).toEqual({
      history: [entry(1), entry(2)],
      dropped: 0,
    });
    expect(appendCapped('asha', undefined, entry(1))).toEqual({ history: [entry(1)], dropped: 0 });
  });

  it('drops the oldest entries until the document, other fields included, fits the target', () => {
    const history = Array.from({ length: 2000 }, (_, i) => entry(i));
    const document = { userId: 'asha', history, updatedAt: now.toISOString(), appField: 'x'.repeat(1000) };
    const { history: kept, dropped } = appendCapped('asha', document, entry(2000));
    expect(dropped).toBeGreaterThan(0);
    expect(kept.at(-1)).toEqual(entry(2000));
    expect(kept[0]).toEqual(entry(dropped));
    const size = firestoreDocumentSize('NotificationHistory/asha', { ...document, history: kept });
    expect(size).toBeLessThanOrEqual(HISTORY_TRIM_TO_BYTES);
    expect(
      firestoreDocumentSize('NotificationHistory/asha', { ...document, history: [entry(dropped - 1), ...kept] }),
    ).toBeGreaterThan(HISTORY_TRIM_TO_BYTES);
    expect(HISTORY_TRIM_TO_BYTES).toBeLessThan(MAX_DOCUMENT_BYTES);
  });
});
