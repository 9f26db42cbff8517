import { describe, expect, it } from 'vitest';
import { brand } from '@dayfocus/contracts/brand';
import hi from '@dayfocus/contracts/locales/hi';
import {
  defaultNotifications,
  defaultTaskCategories,
  emailSignUpRecord,
  friendJoinHistoryEntry,
  socialSignUpRecord,
} from '@dayfocus/contracts/records';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import { serverText } from '../../src/platform/domain/server-text.js';
import { friendJoinPush, friendJoinSummaryPush } from '../../src/owed-work/domain/push.js';
import { EMAIL_SIGN_UP_FIELDS } from '../email-sign-up.js';

const now = '2026-11-22T10:00:00.000Z';

describe('user records', () => {
  it('email sign-up holds exactly the email sign-up set', () => {
    const record = emailSignUpRecord({ userId: 'u1', email: 'a@b.io', name: 'Mira', now });
    expect(Object.keys(record).sort()).toEqual([...EMAIL_SIGN_UP_FIELDS].sort());
    expect(record).toMatchObject({
      userId: 'u1',
      appVersion: '1.0.0',
      isDeleted: false,
      createdAt: now,
      updatedAt: now,
    });
  });

  it('has six task categories with only "work" selected', () => {
    const categories = defaultTaskCategories();
    expect(categories.map((c) => [c.id, c.category, c.color])).toEqual([
      [1, 'work', '#FC2769'],
      [2, 'Finances', '#29D5AB'],
      [3, 'Relationships', '#229BDF'],
      [4, 'Personal Growth', '#2047F9'],
      [5, 'Mindfulness', '#FC613E'],
      [6, 'Health', '#BF5AFF'],
    ]);
    expect(categories.filter((c) => c.selected).map((c) => c.category)).toEqual(['work']);
  });

  it('social sign-up is active, verified, en/asia, and falls back to the generic name', () => {
    const record = socialSignUpRecord({ userId: 'u2', email: 'g@b.io', name: '  ', now });
    expect(record).toMatchObject({
      isActive: true,
      isVerified: true,
      language: 'en',
      country: 'asia',
      name: brand.genericDisplayName,
    });
    expect(socialSignUpRecord({ userId: 'u2', email: 'g@b.io', name: 'Kiran', now }).name).toBe('Kiran');
  });
});

describe('notification defaults', () => {
  it('are the documents docs/architecture.md lists under "Data written"', () => {
    const n = defaultNotifications('u1', now);
    expect(n).toMatchObject({
      userId: 'u1',
      appNotification: true,
      chat: { digestEmail: true, mentioned: true, newMessage: true, notification: true },
      conversation: true,
      dailyReview: {
        notification: true,
        notificationTime: { hour: 21, minute: 0, selectedDays: [0, 1, 2, 3, 4, 5, 6] },
      },
      dailyTaskReminder: {
        notification: true,
        notificationTime: { hour: 9, minute: 0, selectedDays: [0, 1, 2, 3, 4, 5, 6] },
      },
      dayfocusEveningReview: true,
      dayfocusMorningSetup: true,
      motivation: true,
      myFriends: { completedTasks: true, messageFriends: true, newTasks: true, notification: true },
      createdAt: now,
      updatedAt: now,
    });
  });
});

describe('friend-join push', () => {
  const message = friendJoinPush('token-1', 'Mira', 'u9');

  it('carries the spec text and data, all data values strings', () => {
    expect(message.data).toEqual({
      title: 'Dayfocus',
      body: 'Mira has accepted your invitation',
      topic: 'friend_join',
      type: 'friend_join',
    });
    expect(Object.values(message.data).every((v) => typeof v === 'string')).toBe(true);
    expect(message.notification).toEqual({ title: 'Dayfocus', body: 'Mira has accepted your invitation' });
    expect(message.android.priority).toBe('high');
    expect(message.apns.payload.aps.badge).toBe(0);
  });

  it('cleans the name again when it shows it: a stored name a client wrote cannot carry a link', () => {
    // A join record or a budget's held name is ours, but the name came from a record the app's
    // rules may let its owner write: the push shows only a name that passes the rules of names.
    for (const push of [
      friendJoinPush('t', 'Claim your prize at win.app', 'u1'),
      friendJoinSummaryPush('t', { inviterId: 'a', id: 's', name: 'Claim your prize at win.app', count: 3 }),
      friendJoinPush('t', '\u200B\u200B', 'u2', serverText(hi)),
    ]) {
      expect(push.notification.body).toMatch(/^Dayfocus User /);
      expect(push.data.body).toBe(push.notification.body);
    }
  });

  it('collapses a second delivery of the same join into the first notification', () => {
    const collapseId = message.apns.headers['apns-collapse-id'] ?? '';
    expect(message.android.notification.tag).toBe(collapseId);
    expect(collapseId).toBe(friendJoinPush('token-2', 'Mira N', 'u9').apns.headers['apns-collapse-id']);
    expect(collapseId).not.toBe(friendJoinPush('token-1', 'Mira', 'u10').apns.headers['apns-collapse-id']);
    expect(
      Buffer.byteLength(friendJoinPush('t', 'M', 'x'.repeat(128)).apns.headers['apns-collapse-id'] ?? ''),
    ).toBeLessThanOrEqual(64);
  });

  it('history entry names the new friend', () => {
    expect(friendJoinHistoryEntry({ inviteeId: 'u9', inviteeName: 'Mira', now })).toEqual({
      userId: 'u9',
      type: 'friend_join',
      userName: 'Mira',
      message: 'Mira has accepted your invitation',
      createdAt: now,
      updatedAt: now,
    });
  });
});

describe('the write result of the callables', () => {
  it('is the product message', () => {
    expect(writeSucceeded).toEqual({ status: 200, message: 'Document successfully written!' });
  });
});
