/**
 * People who already have a record when they meet the invite flow: the app's users, deleted
 * users, and anyone whose request is replayed. Nothing they stored is lost, nothing deleted
 * comes back, and a join happens once per pair.
 */
import { describe, expect, it } from 'vitest';
import {
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  existingAppUser,
  friendsBetween,
  historyOf,
  joinOf,
  ok,
  outcomeOf,
  pushesTo,
  joinsDelivered,
  signUpDoc,
  userDoc,
  verifiedEmailInvitee,
} from './support.js';

async function deleteFriendships(a: string, b: string) {
  const friends = adminDb.collection('Friends');
  const found = await Promise.all([
    friends.where('userId', '==', a).where('friendId', '==', b).get(),
    friends.where('userId', '==', b).where('friendId', '==', a).get(),
  ]);
  await Promise.all(found.flatMap((snapshot) => snapshot.docs.map((d) => d.ref.delete())));
}

describe('an existing user accepting an invitation', () => {
  it.each(['google.com', 'apple.com'] as const)(
    'with %s keeps every field the app stored, and becomes the friend',
    async (provider) => {
      const friend = await createInviter();
      const existing = await existingAppUser(provider);
      const browser = new Browser();
      await browser.signInWith(provider, { sub: existing.sub, email: existing.email, name: 'Leela Iyer' });

      expect(await browser.call('completeSocialSignUp', { inviterId: friend.userId })).toMatchObject({
        ...ok,
        inviter: { inviterId: friend.userId },
      });

      const after = await userDoc(existing.uid);
      expect(after).toEqual({
        ...existing.record,
        isActive: true,
        isVerified: true,
        updatedAt: expect.any(String),
      });
      expect(await signUpDoc(existing.uid)).toMatchObject({ invitedBy: friend.userId, invitedVia: provider });
      expect(after?.updatedAt > String(existing.record.updatedAt)).toBe(true);
      expect(await friendsBetween(friend.userId, existing.uid)).toEqual([
        expect.objectContaining({ friendName: 'Leela I.' }),
      ]);
      expect(await historyOf(friend.userId)).toEqual([
        expect.objectContaining({ userId: existing.uid, message: 'Leela I. has accepted your invitation' }),
      ]);
      await joinsDelivered(friend.userId);
      expect(await pushesTo(friend.fcmToken ?? '')).toHaveLength(1);
      await browser.close();
    },
  );

  it("keeps the app's null and blank values: isActive null never becomes true", async () => {
    const friend = await createInviter();
    const existing = await existingAppUser('google.com', { isActive: null, name: '', language: null });
    const browser = new Browser();
    await browser.signInWith('google.com', { sub: existing.sub, email: existing.email, name: 'Leela Iyer' });

    expect(await browser.call('completeSocialSignUp', { inviterId: friend.userId })).toMatchObject({
      ...ok,
      inviter: { inviterId: friend.userId },
    });
    await browser.close();
    expect(await userDoc(existing.uid)).toEqual({
      ...existing.record,
      isVerified: true,
      updatedAt: expect.any(String),
    });
    expect(await friendsBetween(friend.userId, existing.uid)).toHaveLength(1);
  });

  it('keeps notification settings the app already stored', async () => {
    const friend = await createInviter();
    const existing = await existingAppUser('google.com');
    const settings = {
      userId: existing.uid,
      appNotification: false,
      motivation: false,
      createdAt: '2024-02-01T09:30:00.000Z',
    };
    await adminDb.collection('Notifications').doc(existing.uid).set(settings);
    const browser = new Browser();
    await browser.signInWith('google.com', { sub: existing.sub, email: existing.email });
    await browser.call('completeSocialSignUp', { inviterId: friend.userId });
    expect((await adminDb.collection('Notifications').doc(existing.uid).get()).data()).toEqual(settings);
    await browser.close();
  });

  it('a second invitation later makes the second friendship too, and keeps the first inviter on the record', async () => {
    const first = await createInviter();
    const second = await createInviter();
    const existing = await existingAppUser('google.com', {}, { invitedBy: first.userId, invitedVia: 'google.com' });
    const browser = new Browser();
    await browser.signInWith('google.com', { sub: existing.sub, email: existing.email });
    await browser.call('completeSocialSignUp', { inviterId: second.userId });
    expect(await friendsBetween(second.userId, existing.uid)).toHaveLength(1);
    expect(await userDoc(existing.uid)).toMatchObject({ language: 'hi' });
    expect(await signUpDoc(existing.uid)).toMatchObject({ invitedBy: first.userId, invitedVia: 'google.com' });
    await browser.close();
  });
});

describe('a deleted record is never revived', () => {
  it('by a social sign-up: failed-precondition and nothing written', async () => {
    const friend = await createInviter();
    const existing = await existingAppUser('google.com', { isDeleted: true, isActive: false });
    const browser = new Browser();
    await browser.signInWith('google.com', { sub: existing.sub, email: existing.email });
    expect(await outcomeOf(browser.call('completeSocialSignUp', { inviterId: friend.userId }))).toBe(
      'failed-precondition',
    );
    expect(await userDoc(existing.uid)).toEqual(existing.record);
    expect(await friendsBetween(friend.userId, existing.uid)).toEqual([]);
    expect(await historyOf(friend.userId)).toEqual([]);
    expect((await adminDb.collection('Notifications').doc(existing.uid).get()).exists).toBe(false);
    await browser.close();
  });

  it('by an email sign-up: failed-precondition and nothing written', async () => {
    const friend = await createInviter();
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    const deleted = {
      ...(await userDoc(user.uid)),
      userId: user.uid,
      name: 'Gone',
      isDeleted: true,
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    await adminDb.collection('Users').doc(user.uid).set(deleted);
    expect(await outcomeOf(browser.call('registerInvitee', { inviterId: friend.userId, name: 'Back Again' }))).toBe(
      'failed-precondition',
    );
    expect(await userDoc(user.uid)).toEqual(deleted);
    await browser.close();
  });

  it('by an activation: failed-precondition and nothing written', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    await adminDb.collection('Users').doc(invitee.uid).update({ isDeleted: true });
    const before = await userDoc(invitee.uid);
    expect(await outcomeOf(callAnonymously('activateAccount', { uid: invitee.uid }))).toBe('failed-precondition');
    expect(await userDoc(invitee.uid)).toEqual(before);
    expect(await friendsBetween(inviter.userId, invitee.uid)).toEqual([]);
    expect((await adminDb.collection('Notifications').doc(invitee.uid).get()).exists).toBe(false);
  });
});

describe('joining is one-shot per (inviter, invitee)', () => {
  it('an activation replayed after an unfriending makes no friendship, history entry or push again', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    expect(await callAnonymously('activateAccount', { uid: invitee.uid, inviterId: inviter.userId })).toMatchObject(ok);
    await deleteFriendships(inviter.userId, invitee.uid); // the app's unfriend
    const before = await userDoc(invitee.uid);

    expect(await callAnonymously('activateAccount', { uid: invitee.uid, inviterId: inviter.userId })).toMatchObject(ok);

    expect(await friendsBetween(inviter.userId, invitee.uid)).toEqual([]);
    expect(await historyOf(inviter.userId)).toHaveLength(1);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
    expect(await userDoc(invitee.uid)).toEqual({ ...before, updatedAt: expect.any(String) });
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({
      friendship: 'created',
      push: 'sent',
      history: 'written',
    });
  });

  it('a social sign-up replayed after an unfriending makes no friendship, history entry or push again', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signInWith('google.com', { name: 'Kiran Rao' });
    await browser.call('completeSocialSignUp', { inviterId: inviter.userId });
    await deleteFriendships(inviter.userId, user.uid);
    expect(await browser.call('completeSocialSignUp', { inviterId: inviter.userId })).toMatchObject({
      ...ok,
      inviter: { inviterId: inviter.userId },
    });
    expect(await friendsBetween(inviter.userId, user.uid)).toEqual([]);
    expect(await historyOf(inviter.userId)).toHaveLength(1);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
    await browser.close();
  });

  it('a pair that were friends before the invitation is remembered too: no join after an unfriending', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    await adminDb
      .collection('Friends')
      .add({ userId: invitee.uid, friendId: inviter.userId, friendName: 'Asha', isActive: true });
    await callAnonymously('activateAccount', { uid: invitee.uid });
    await deleteFriendships(inviter.userId, invitee.uid);
    await callAnonymously('activateAccount', { uid: invitee.uid });
    expect(await friendsBetween(inviter.userId, invitee.uid)).toEqual([]);
    expect(await historyOf(inviter.userId)).toEqual([]);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toEqual([]);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({
      friendship: 'existed',
      push: 'not-owed',
      history: 'not-owed',
    });
  });
});

describe('names from identity providers obey the rules of typed names', () => {
  const hostile = `<img src=x onerror=alert(1)>\u0007${'x'.repeat(300)}`;
  const cleaned = 'x'.repeat(80);

  it('in the record, the friendship, the history entry and the push', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signInWith('google.com', { name: hostile });
    await browser.call('completeSocialSignUp', { inviterId: inviter.userId });
    expect((await userDoc(user.uid))?.name).toBe(cleaned);
    expect(await friendsBetween(inviter.userId, user.uid)).toEqual([expect.objectContaining({ friendName: cleaned })]);
    expect(await historyOf(inviter.userId)).toEqual([
      expect.objectContaining({ userName: cleaned, message: `${cleaned} has accepted your invitation` }),
    ]);
    await joinsDelivered(inviter.userId);
    const [push] = await pushesTo(inviter.fcmToken ?? '');
    expect(push?.message).toMatchObject({ data: { body: `${cleaned} has accepted your invitation` } });
    await browser.close();
  });

  it('a name that is nothing but markup becomes the generic name', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signInWith('apple.com', { name: '<script></script>\u0000 ' });
    await browser.call('completeSocialSignUp', { inviterId: inviter.userId });
    expect((await userDoc(user.uid))?.name).toBe('Dayfocus User');
    await browser.close();
  });

  it('a name of invisible characters becomes the generic name, and invisible ones inside a name are dropped', async () => {
    const inviter = await createInviter();
    const invisible = new Browser();
    const blank = await invisible.signInWith('google.com', { name: '\u200b\u200c\u200d\u2060\ufeff' });
    await invisible.call('completeSocialSignUp', { inviterId: inviter.userId });
    expect((await userDoc(blank.uid))?.name).toBe('Dayfocus User');
    expect(await historyOf(inviter.userId)).toEqual([
      expect.objectContaining({ userName: 'Dayfocus User', message: 'Dayfocus User has accepted your invitation' }),
    ]);
    const marked = new Browser();
    const named = await marked.signInWith('apple.com', { name: '\u200fRa\u200bvi\u200e' });
    await marked.call('completeSocialSignUp', { inviterId: inviter.userId });
    expect((await userDoc(named.uid))?.name).toBe('Ravi');
    await Promise.all([invisible.close(), marked.close()]);
  });

  it("in the account trigger's record, from the Auth account's displayName", async () => {
    const { adminAuth, eventually } = await import('./support.js');
    const account = await adminAuth.createUser({
      email: `${Date.now()}-named@example.com`,
      displayName: ' <b>Bold</b>\u001b Name ',
    });
    const record = await eventually(
      () => userDoc(account.uid),
      (r) => r !== undefined,
    );
    expect(record?.name).toBe('Bold Name');
  });
});
