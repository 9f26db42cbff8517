import { describe, expect, it } from 'vitest';
import { adminAuth, callAnonymously, createInviter, outcomeOf, uniqueId } from './support.js';

describe('getInviter', () => {
  it("returns the inviter's id, name and picture, and nothing else of the record", async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: 'https://images.dayfocus.test/asha.png' });
    const card = await callAnonymously('getInviter', { inviterId: inviter.userId });
    expect(card).toEqual({
      inviterId: inviter.userId,
      name: 'Asha Verma',
      photoUrl: 'https://images.dayfocus.test/asha.png',
    });
  });

  it('gives a null picture when the inviter has none', async () => {
    const inviter = await createInviter({ profileImage: null });
    expect(await callAnonymously('getInviter', { inviterId: inviter.userId })).toMatchObject({ photoUrl: null });
  });

  it('gives a null picture, not an error, when a stored picture cannot be resolved', async () => {
    const inviter = await createInviter({ profileImage: 'ProfilePictures/missing.jpg' });
    expect(await callAnonymously('getInviter', { inviterId: inviter.userId })).toMatchObject({ photoUrl: null });
  });

  it('never hands out a picture address with a script scheme', async () => {
    const inviter = await createInviter({ profileImage: 'javascript:alert(1)' });
    expect(await callAnonymously('getInviter', { inviterId: inviter.userId })).toMatchObject({ photoUrl: null });
  });

  it('answers not-found for an unknown inviter', async () => {
    expect(await outcomeOf(callAnonymously('getInviter', { inviterId: uniqueId('nobody') }))).toBe('not-found');
  });

  it.each([
    ['malformed (a path)', 'Users/../secret'],
    ['reserved', '__name__'],
    ['aliased (a leading slash)', '/asha'],
  ])('answers invalid-argument for a %s inviter id (the id rule; the page shows it as unknown)', async (_case, id) => {
    expect(await outcomeOf(callAnonymously('getInviter', { inviterId: id }))).toBe('invalid-argument');
  });

  it('answers not-found for a deleted inviter', async () => {
    const inviter = await createInviter({ isDeleted: true });
    expect(await outcomeOf(callAnonymously('getInviter', { inviterId: inviter.userId }))).toBe('not-found');
  });

  it('answers not-found once the inviter account is deleted (the trigger retires the record)', async () => {
    const account = await adminAuth.createUser({ email: `${uniqueId('gone')}@dayfocus.test` });
    await createInviter({ userId: account.uid });
    await adminAuth.deleteUser(account.uid);
    let outcome = '';
    for (let i = 0; i < 50 && outcome !== 'not-found'; i++) {
      outcome = await outcomeOf(callAnonymously('getInviter', { inviterId: account.uid }));
      if (outcome !== 'not-found') await new Promise((r) => setTimeout(r, 200));
    }
    expect(outcome).toBe('not-found');
  });
});
