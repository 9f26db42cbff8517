/**
 * An invitee whose account is deleted (invites/domain/gone-invitees.ts, domain/invitation-numbers.ts):
 * her join's record keeps no name and owes nothing more, and she leaves the inviter's list while the
 * list's pages still move past her.
 */
import { describe, expect, it } from 'vitest';
import type { FriendJoin } from '../../src/owed-work/domain/friend-join.js';
import { forgottenJoin } from '../../src/invites/domain/gone-invitees.js';
import { decodeCursor, peoplePage } from '../../src/invites/domain/invitation-numbers.js';

const now = new Date('2026-11-29T10:00:00.000Z');
const join = (fields: Partial<FriendJoin> = {}): FriendJoin => ({
  inviterId: 'asha',
  inviteeId: 'mira',
  inviteeName: 'Mira Nair',
  friendship: 'created',
  way: 'link',
  history: 'written',
  push: 'sent',
  pushAttempts: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});

describe('a join whose invitee is gone', () => {
  it('keeps no name and says since when, the rest of a settled join as it was', () => {
    expect(forgottenJoin(join(), now)).toEqual({
      ...join(),
      inviteeName: '',
      inviteeDeletedAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
  });

  it('owes no push and no history entry that are not on their way yet', () => {
    const owed = join({
      push: 'pending',
      pushDueAt: '2026-11-29T10:05:00.000Z',
      history: 'owed',
      historyDueAt: '2026-11-29T10:01:00.000Z',
      dueAt: '2026-11-29T10:01:00.000Z',
    });
    const gone = forgottenJoin(owed, now);
    expect(gone).toMatchObject({ push: 'not-owed', history: 'not-owed', inviteeName: '' });
    expect(gone).not.toHaveProperty('pushDueAt');
    expect(gone).not.toHaveProperty('historyDueAt');
    expect(gone).not.toHaveProperty('dueAt');
    expect(forgottenJoin(join({ push: 'undecided' }), now)?.push).toBe('not-owed');
  });

  it('lets a push already claimed finish as claimed, still due at its lease', () => {
    const sending = join({ push: 'sending', pushDueAt: '2026-11-29T10:00:30.000Z', dueAt: '2026-11-29T10:00:30.000Z' });
    expect(forgottenJoin(sending, now)).toMatchObject({
      push: 'sending',
      pushDueAt: '2026-11-29T10:00:30.000Z',
      dueAt: '2026-11-29T10:00:30.000Z',
      inviteeName: '',
    });
  });

  it('changes nothing a second time', () => {
    const gone = forgottenJoin(join(), now);
    expect(gone && forgottenJoin(gone, new Date('2026-12-01T00:00:00.000Z'))).toBeNull();
  });
});

describe("the inviter's list without her", () => {
  const row = (inviteeId: string, minute: number, gone = false) => ({
    inviteeId,
    inviteeName: gone ? '' : `Name of ${inviteeId}`,
    createdAt: `2026-11-29T10:${String(minute).padStart(2, '0')}:00.000Z`,
    ...(gone ? { gone: true } : {}),
  });

  it('leaves her out, and pages on past her', () => {
    const rows = [row('lena', 9), row('mira', 8, true), row('ravi', 7)];
    const page = peoplePage(rows, 2);
    expect(page.people.map((person) => person.userId)).toEqual(['lena']);
    expect(decodeCursor(page.nextCursor ?? '')).toEqual({ joinedAt: rows[1]?.createdAt, inviteeId: 'mira' });
  });
});
