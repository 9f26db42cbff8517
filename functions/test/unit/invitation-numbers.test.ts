/**
 * The pure parts of the inviter's own view (domain/invitation-numbers.ts, domain/funnel.ts): the
 * days it covers, her shards summed by way in, the people's page and its cursor, and what one
 * funnel event writes.
 */
import { describe, expect, it } from 'vitest';
import { inviteWayOfMarker, withInviteWay } from '@dayfocus/contracts/invite-ways';
import {
  decodeCursor,
  encodeCursor,
  invitationFigures,
  lastDays,
  peoplePage,
} from '../../src/invites/domain/invitation-numbers.js';
import { confirmationOf, funnelShardFields } from '../../src/invites/domain/funnel.js';
import { recordedWay } from '../../src/invites/domain/sign-up-updates.js';

const none = { views: 0, signUps: 0, confirmed: 0, joins: 0 };

describe('the days of her numbers', () => {
  it('are today and the days before it, oldest first, across a month and a year', () => {
    expect(lastDays(new Date('2026-01-02T23:59:59.999Z'), 4)).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(lastDays(new Date('2026-03-01T00:00:00.000Z'), 30)).toHaveLength(30);
    expect(lastDays(new Date('2026-03-01T00:00:00.000Z'), 30)[0]).toBe('2026-01-31');
  });
});

describe('her shards summed', () => {
  const days = ['2026-03-01', '2026-03-02'];

  it('by day and way, every day present, shards of other days and of nobody left out', () => {
    const shards = [
      { day: '2026-03-01', views: 3, byWay: { link: { views: 2 }, qr: { views: 1 } } },
      { day: '2026-03-01', signUps: 1, confirmed: 1, joins: 1, byWay: { qr: { signUps: 1, confirmed: 1, joins: 1 } } },
      // Counted before ways were: in the totals only.
      { day: '2026-03-01', views: 1, signUps: 1 },
      { day: '2026-02-28', views: 99, byWay: { link: { views: 99 } } },
      { views: 50 },
    ];
    const { days: figures, total } = invitationFigures(shards, days);
    expect(figures.map((d) => d.day)).toEqual(days);
    expect(figures[1]).toEqual({
      day: '2026-03-02',
      all: none,
      byWay: { link: none, qr: none, plain: none, card: none },
    });
    expect(total).toEqual({
      all: { views: 4, signUps: 2, confirmed: 1, joins: 1 },
      byWay: {
        link: { ...none, views: 2 },
        qr: { views: 1, signUps: 1, confirmed: 1, joins: 1 },
        plain: none,
        card: none,
      },
    });
  });

  it('reads only numbers, and only the ways and events it knows', () => {
    const shards = [
      {
        day: '2026-03-01',
        views: '5',
        joins: Number.NaN,
        signUps: 2,
        byWay: { elsewhere: { views: 7 }, link: { views: 'x', extra: 3, joins: 1 }, qr: null },
      },
    ];
    expect(invitationFigures(shards, days).total).toEqual({
      all: { ...none, signUps: 2 },
      byWay: { link: { ...none, joins: 1 }, qr: none, plain: none, card: none },
    });
  });
});

describe('the page of people', () => {
  const row = (i: number, way?: unknown) => ({
    inviteeId: `invitee-${i}`,
    inviteeName: `Friend ${i}`,
    createdAt: new Date(Date.UTC(2026, 2, 1, 0, 60 - i)).toISOString(),
    way,
  });

  it('keeps a page, and gives a cursor only when there is more', () => {
    const rows = [row(1, 'qr'), row(2, 'evil'), row(3)];
    const page = peoplePage(rows, 2);
    expect(page.people).toEqual([
      { userId: 'invitee-1', name: 'Friend 1', joinedAt: rows[0]?.createdAt, way: 'qr' },
      { userId: 'invitee-2', name: 'Friend 2', joinedAt: rows[1]?.createdAt, way: null },
    ]);
    expect(decodeCursor(page.nextCursor ?? '')).toEqual({ joinedAt: rows[1]?.createdAt, inviteeId: 'invitee-2' });
    expect(peoplePage(rows.slice(0, 2), 2).nextCursor).toBeNull();
    expect(peoplePage([], 2)).toEqual({ people: [], nextCursor: null });
  });

  it('decodes only the cursors it made', () => {
    const cursor = { joinedAt: '2026-03-01T10:00:00.000Z', inviteeId: 'someone' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const text of ['', 'bm90LW91cnM', Buffer.from('["x","y"]').toString('base64url')]) {
      expect(decodeCursor(text)).toBeNull();
    }
    expect(decodeCursor(Buffer.from('["2026-03-01T10:00:00.000Z",""]').toString('base64url'))).toBeNull();
    expect(
      decodeCursor(Buffer.from(`["2026-03-01T10:00:00.000Z","${'a'.repeat(129)}"]`).toString('base64url')),
    ).toBeNull();
  });
});

describe('a funnel event', () => {
  it('counts its total, and its way when known', () => {
    expect(funnelShardFields('asha', '2026-03-01', 'confirmed', 'qr', 1)).toEqual({
      inviterId: 'asha',
      day: '2026-03-01',
      confirmed: 1,
      byWay: { qr: { confirmed: 1 } },
    });
    expect(funnelShardFields('asha', '2026-03-01', 'views', undefined, 1)).toEqual({
      inviterId: 'asha',
      day: '2026-03-01',
      views: 1,
    });
  });

  it('counts a confirmation only for the spending that proves the sign-up, for the inviter it records', () => {
    const signUp = { invitedBy: 'asha', inviteWay: 'link' as const };
    expect(confirmationOf(signUp, { signUpProvedAt: 'now', mailboxProvedAt: 'now' })).toEqual({
      inviterId: 'asha',
      way: 'link',
    });
    expect(confirmationOf({ invitedBy: 'asha', inviteWay: null }, { signUpProvedAt: 'now' })).toEqual({
      inviterId: 'asha',
      way: undefined,
    });
    expect(confirmationOf(signUp, { mailboxProvedAt: 'now' })).toBeNull();
    expect(confirmationOf(undefined, { signUpProvedAt: 'now' })).toBeNull();
  });
});

describe('the way in', () => {
  it('is the marker of a way we make, else plain', () => {
    expect(['link', 'qr', 'card', 'plain', 'LINK', '', null, undefined].map(inviteWayOfMarker)).toEqual([
      'link',
      'qr',
      'card',
      'plain',
      'plain',
      'plain',
      'plain',
      'plain',
    ]);
    expect(withInviteWay('https://dayfocus.app/feedback/asha/en', 'qr')).toBe(
      'https://dayfocus.app/feedback/asha/en?via=qr',
    );
    expect(withInviteWay('https://dayfocus.app/feedback/asha/en', 'plain')).toBe(
      'https://dayfocus.app/feedback/asha/en',
    );
  });

  it('is recorded once per inviter: a resumed sign-up keeps how she first came', () => {
    expect(recordedWay(undefined, 'asha', 'qr')).toBe('qr');
    expect(recordedWay({ invitedBy: 'asha', inviteWay: 'link' }, 'asha', 'qr')).toBe('link');
    expect(recordedWay({ invitedBy: 'ravi', inviteWay: 'link' }, 'asha', 'qr')).toBe('qr');
    expect(recordedWay({ invitedBy: 'ravi', inviteWay: 'link' }, 'asha', undefined)).toBeNull();
  });
});
