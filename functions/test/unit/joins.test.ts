import { describe, expect, it } from 'vitest';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import { friendJoinHistoryEntry, type UserRecord } from '@dayfocus/contracts/records';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { MAX_DOCUMENT_BYTES } from '../../src/platform/domain/document-size.js';
import { firestoreDocumentSize } from '../document-size.js';
import {
  activationUpdate,
  companionRecord,
  emailSignUpUpdate,
  socialSignUpUpdate,
} from '../../src/invites/domain/sign-up-updates.js';
import { appendCapped, HISTORY_TRIM_TO_BYTES } from '../../src/owed-work/domain/history.js';
import { recordedInviterCounts } from '../../src/invites/domain/inviter-choice.js';
import { sessionStillValid } from '../../src/platform/domain/session.js';
import { holdsPushClaim, planSweep, settledPush, sweepAction } from '../../src/owed-work/domain/push-claims.js';
import { planJoin, type JoinState } from '../../src/invites/domain/joins.js';
import { PUSH_LEASE_MS, PUSH_MAX_ATTEMPTS, retryDelayMs } from '../../src/owed-work/domain/push-timing.js';
import { type FriendJoin, withDueAt } from '../../src/owed-work/domain/friend-join.js';
import { owedJoin } from '../fixtures.js';
import { BATCH_GRACE_MS } from '../../src/owed-work/domain/join-batch.js';

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
    // Nothing visible either: default ignorable characters that are not format characters.
    ['\u034f', 'Dayfocus User'],
    ['\ufe0f\ufe00', 'Dayfocus User'],
    ['\u17b4 \u180b', 'Dayfocus User'],
    ['\u{e0100}\u180d\u115f', 'Dayfocus User'],
    ['Mi\u034fra\u180b', 'Mira'],
    // An emoji's presentation selector is kept where it chooses how the emoji shows.
    ['Asha \u2764\ufe0f', 'Asha \u2764\ufe0f'],
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

  it('is the generic name when the name carries a link (a push must not put one before the inviter)', () => {
    expect(cleanDisplayName('Claim your prize at win.app')).toBe('Dayfocus User');
    expect(cleanDisplayName('mira@example.com')).toBe('Dayfocus User');
    expect(cleanDisplayName('Claim it at win\u3002app')).toBe('Dayfocus User');
    expect(cleanDisplayName('pay\uff0ein')).toBe('Dayfocus User');
    expect(cleanDisplayName('pay\uff61in')).toBe('Dayfocus User');
    expect(cleanDisplayName('Mira Nair')).toBe('Mira Nair');
  });

  it('is the generic name for anything that is not a string', () => {
    expect(cleanDisplayName(undefined)).toBe('Dayfocus User');
    expect(cleanDisplayName(42)).toBe('Dayfocus User');
  });
});

describe('who chooses the inviter', () => {
  const password = { invitedBy: 'asha', invitedVia: 'password' };
  const proved = { ...password, signUpProvedAt: '2026-11-23T10:00:00.000Z' };
  it('an email sign-up counts only once its own verification e-mail proved the address, while the password is on', () => {
    expect(recordedInviterCounts(proved, { providerIds: ['password'], emailVerified: true })).toBe(true);
    expect(recordedInviterCounts(proved, { providerIds: ['password'], emailVerified: false })).toBe(false);
    expect(recordedInviterCounts(proved, { providerIds: ['google.com'], emailVerified: true })).toBe(false);
    expect(recordedInviterCounts(proved, { providerIds: ['google.com', 'password'], emailVerified: true })).toBe(true);
  });

  it("counts from the door's taking of that proof, for the address taken, once Auth holds it verified", () => {
    const taken = {
      ...password,
      signUpProofTakenAt: '2026-11-23T10:00:00.000Z',
      signUpProofAddress: 'mira@example.com',
    };
    const holding = (email: string, emailVerified = true) => ({ providerIds: ['password'], emailVerified, email });
    expect(recordedInviterCounts(taken, holding('Mira@Example.com'))).toBe(true);
    expect(recordedInviterCounts(taken, holding('mira@example.com', false))).toBe(false);
    // The account holds another address now, verified some other way: the taking proved nothing of it.
    expect(recordedInviterCounts(taken, holding('other@example.com'))).toBe(false);
    expect(recordedInviterCounts(taken, { providerIds: ['password'], emailVerified: true })).toBe(false);
  });

  it('an address proved any other way (a reset, an e-mail link, an administrator) leaves it void', () => {
    expect(recordedInviterCounts(password, { providerIds: ['password'], emailVerified: true })).toBe(false);
  });

  it('a disabled account counts no inviter', () => {
    expect(recordedInviterCounts(proved, { providerIds: ['password'], emailVerified: true, disabled: true })).toBe(
      false,
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
    notificationsOwed: true,
    ...overrides,
  });
  const input = { inviteeName: 'Mira', now };
  const created = (plan: ReturnType<typeof planJoin>) =>
    plan.writes.join && 'create' in plan.writes.join ? plan.writes.join.create : undefined;

  it('a first join makes the friendship, and its record owes the entry and an undecided push to the batch', () => {
    const plan = planJoin(state(), input);
    expect(plan.outcome).toBe('joined');
    expect(plan.writes.friend?.id).toBe('asha_mira');
    expect(plan.writes.notifications).toBeDefined();
    const grace = later(BATCH_GRACE_MS).toISOString();
    expect(created(plan)).toMatchObject({
      friendship: 'created',
      history: 'owed',
      historyDueAt: grace,
      push: 'undecided',
      pushAttempts: 0,
      dueAt: grace,
    });
    // Nothing the inviter's other joins write: her history and budget are the batch's.
    expect(Object.keys(plan.writes).sort()).toEqual(['friend', 'join', 'notifications']);
  });

  it('a pair with a join record gets nothing new', () => {
    const first = created(planJoin(state(), input)) as FriendJoin;
    const delivered = {
      ...first,
      history: 'written' as const,
      push: 'sent' as const,
      historyDueAt: undefined,
      dueAt: undefined,
    };
    const replay = planJoin(state({ join: delivered }), input);
    expect(replay).toEqual({ outcome: 'joined-before', writes: { notifications: expect.anything() } });
  });

  it('a replay asks for a push still owed once its backoff has passed, but not for one another sender holds', () => {
    const owed = owedJoin({ pushDueAt: later(retryDelayMs(1)).toISOString(), createdAt: now.toISOString() });
    const asks = (join: FriendJoin, at: Date) => planJoin(state({ join }), { ...input, now: at }).writes.join;
    // Before the backoff, a replayed (anonymous) call asks nothing: the outage may still last.
    expect(asks(owed, now)).toBeUndefined();
    const at = later(retryDelayMs(1));
    expect(asks(owed, at)).toEqual({ update: { retryAskedAt: at.toISOString(), updatedAt: at.toISOString() } });
    const held = { ...owed, push: 'sending' as const, pushDueAt: later(PUSH_LEASE_MS).toISOString() };
    expect(asks(held, now)).toBeUndefined();
    const spent = { ...owed, push: 'failed' as const, pushAttempts: PUSH_MAX_ATTEMPTS };
    expect(asks(spent, at)).toBeUndefined();
    // A batch still within its grace is on its way; one past it is asked for.
    const waiting = created(planJoin(state(), input)) as FriendJoin;
    expect(asks(waiting, now)).toBeUndefined();
    expect(asks(waiting, later(BATCH_GRACE_MS))).toMatchObject({ update: { retryAskedAt: expect.any(String) } });
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

describe("the sweep's plan for one due join (planSweep: the store and the fake apply it as it is)", () => {
  const pending = withDueAt(owedJoin({ pushDueAt: now.toISOString(), createdAt: now.toISOString() }));
  const inviter = inviterRecord({ userId: 'asha', fcmToken: 'token-a', language: 'hi' });
  const fullHour = { inviterId: 'asha', sentAt: [1, 2, 3, 4, 5].map((m) => later(-m * 60_000).toISOString()) };

  it('does nothing before the join is due', () => {
    expect(planSweep(pending, inviter, undefined, later(-1))).toMatchObject({ join: null, claim: null });
    expect(planSweep(undefined, inviter, undefined, now)).toMatchObject({ join: null, claim: null });
  });

  it("claims the push with the inviter's current token and language, and counts it in the hour", () => {
    const plan = planSweep(pending, inviter, undefined, now);
    expect(plan.claim).toMatchObject({ token: 'token-a', language: 'hi', attempts: 2 });
    expect(plan.join).toMatchObject({ push: 'sending', pushAttempts: 2, dueAt: later(PUSH_LEASE_MS).toISOString() });
    expect(plan.budgetSentAt).toEqual([now.toISOString()]);
  });

  it('claims a push with no token without counting it', () => {
    const plan = planSweep(pending, { ...inviter, fcmToken: '' }, undefined, now);
    expect(plan.claim).toMatchObject({ token: null });
    expect(plan.budgetSentAt).toBeNull();
  });

  it("defers the push, without spending an attempt, while the inviter's hour is full", () => {
    const plan = planSweep(pending, inviter, fullHour, now);
    expect(plan.claim).toBeNull();
    expect(plan.join).toMatchObject({ push: 'pending', pushAttempts: 1 });
    expect(Date.parse(plan.join?.dueAt ?? '')).toBeGreaterThan(now.getTime());
  });

  it('ends a dead last attempt as failed, and says when the history entry is owed', () => {
    const dead = withDueAt<FriendJoin>({
      ...pending,
      push: 'sending',
      pushAttempts: PUSH_MAX_ATTEMPTS,
      history: 'owed',
      historyDueAt: now.toISOString(),
    });
    const plan = planSweep(dead, inviter, undefined, now);
    expect(plan).toMatchObject({ claim: null, gaveUp: true, writeHistory: true });
    expect(plan.join).toMatchObject({ push: 'failed', dueAt: now.toISOString() });
  });
});

describe("the inviter's history, capped", () => {
  const entry = (i: number) =>
    friendJoinHistoryEntry({ inviteeId: `u${i}`, inviteeName: 'आ'.repeat(80), now: now.toISOString() });

  it('appends without dropping while there is room', () => {
    expect(appendCapped('asha', { userId: 'asha', history: [entry(1)] }, [entry(2)])).toEqual({
      history: [entry(1), entry(2)],
      dropped: 0,
    });
    expect(appendCapped('asha', undefined, [entry(1)])).toEqual({ history: [entry(1)], dropped: 0 });
  });

  it('drops the oldest entries until the document, other fields included, fits the target', () => {
    const history = Array.from({ length: 2000 }, (_, i) => entry(i));
    const document = { userId: 'asha', history, updatedAt: now.toISOString(), appField: 'x'.repeat(1000) };
    const { history: kept, dropped } = appendCapped('asha', document, [entry(2000)]);
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

describe('accounts the companion did not make', () => {
  it("the companion's records: none yet, the trigger's base record, or an inviter recorded; the app always sets isActive", () => {
    const recorded = { userId: 'u', invitedBy: 'asha', updatedAt: 'then' };
    expect(companionRecord(undefined, undefined)).toBe(true);
    expect(companionRecord({ userId: 'u' }, undefined)).toBe(true);
    expect(companionRecord({ userId: 'u' }, recorded)).toBe(true);
    expect(companionRecord({ userId: 'u', isActive: true }, recorded)).toBe(true);
    expect(companionRecord({ userId: 'u', isActive: false }, undefined)).toBe(false);
    expect(companionRecord({ userId: 'u', isActive: true }, undefined)).toBe(false);
  });

  it("an inviter written on the Users record (by a client, under the app's rules) makes no companion record", () => {
    const written = { userId: 'u', isActive: true, invitedBy: 'asha' } as Partial<UserRecord>;
    expect(companionRecord(written, undefined)).toBe(false);
  });

  it('activation switches on only flags that are absent, and leaves the sign-up to the door', () => {
    const now = '2026-11-23T10:00:00.000Z';
    expect(activationUpdate({}, { now })).toEqual({
      user: { isActive: true, isVerified: true, updatedAt: now },
      signUp: {},
    });
    expect(activationUpdate({ isActive: false, isVerified: false }, { now })).toEqual({
      user: { updatedAt: now },
      signUp: {},
    });
  });
});

describe("null and '' are the app's values in a record the app made", () => {
  const account = { providerIds: ['google.com'], emailVerified: true };
  const input = {
    userId: 'u',
    email: 'u@example.com',
    name: 'Leela',
    provider: 'google.com',
    inviterId: 'asha',
    recordedCounts: recordedInviterCounts(undefined, account),
    now: 'now',
  };

  it('a social sign-up keeps isActive: null, a blank name and a null language of an app user', () => {
    const app = {
      userId: 'u',
      isActive: null,
      isVerified: true,
      name: '',
      language: null,
    } as unknown as Partial<UserRecord>;
    const { user } = socialSignUpUpdate(app, undefined, input);
    expect(user).not.toHaveProperty('isActive');
    expect(user).not.toHaveProperty('name');
    expect(user).not.toHaveProperty('language');
    expect(user).toMatchObject({ country: 'asia', updatedAt: 'now' });
  });

  it("fills the blanks of the companion's own records: the trigger's base record, a sign-up's", () => {
    const base = { userId: 'u', name: '', email: 'u@example.com' } as Partial<UserRecord>;
    expect(socialSignUpUpdate(base, undefined, input).user).toMatchObject({ name: 'Leela', isActive: true });
    const signUp = { userId: 'u', invitedBy: 'asha', updatedAt: 'then' };
    const emailInput = { userId: 'u', email: 'u@example.com', name: 'Mira', inviterId: 'asha', now: 'now' };
    expect(emailSignUpUpdate({ ...base, isActive: true }, signUp, emailInput).user).toMatchObject({ name: 'Mira' });
    expect(emailSignUpUpdate({ ...base, isActive: true }, undefined, emailInput).user).not.toHaveProperty('name');
  });
});

describe('sessions', () => {
  const signedInAt = Date.parse('2026-11-23T10:00:00.000Z') / 1000;
  it('a token stays good until the sessions are revoked after its sign-in', () => {
    const account = { disabled: false };
    expect(sessionStillValid(signedInAt, account)).toBe(true);
    expect(sessionStillValid(signedInAt, { ...account, tokensValidAfter: '2026-11-23T09:59:59.000Z' })).toBe(true);
    expect(sessionStillValid(signedInAt, { ...account, tokensValidAfter: '2026-11-23T10:00:01.000Z' })).toBe(false);
    expect(sessionStillValid(undefined, { ...account, tokensValidAfter: '2026-11-23T09:00:00.000Z' })).toBe(false);
  });
  it('a disabled account has no good session', () => {
    expect(sessionStillValid(signedInAt, { disabled: true })).toBe(false);
  });
});
