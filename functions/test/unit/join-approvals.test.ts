/**
 * A link that asks her first (invites/domain/approvals.ts): a join through it waits for her, she
 * lists the people waiting, approves (the friendship, her numbers) or declines (nothing, and the
 * person is not told), and a request she leaves for 30 days lapses. The Firestore stores against
 * our emulator in this process; the stack test holds the push and history entry through the callables.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_LAPSE_MS } from '../../src/invites/domain/approvals.js';
import { paths } from '../in-memory.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';
import { flowRefusalOf } from '../flow-refusals.js';
import { linksHarness, T0 } from '../invite-links-harness.js';

let firestore: EmulatedFirestore;
beforeAll(async () => {
  firestore = await startEmulatedFirestore();
});
afterAll(async () => {
  await firestore.stop();
});
beforeEach(() => firestore.clear());

/** Asha with a link for her club that asks her first, and Ravi, who used it. */
async function asked(levers: { maxJoins?: number } = {}) {
  const t = linksHarness(firestore.db);
  const asha = await t.person('asha');
  const club = await t.flow.create(asha, { name: 'Club', approval: true, ...levers });
  const ravi = await t.person('ravi');
  expect(await t.accept(ravi, club.code)).toBe('requested');
  return { t, asha, ravi, club };
}

const joinPath = (inviterId: string, inviteeId: string) => `_friendJoins/${inviterId}_${inviteeId}`;

describe('a link that asks her first', () => {
  it('makes no friendship: a request waits for her, listed with the link it came through', async () => {
    const { t, asha, club } = await asked();
    expect(await t.friendsOf('asha')).toBe(0);
    expect(await t.doc(joinPath('asha', 'ravi'))).toMatchObject({
      friendship: 'requested',
      link: club.code,
      history: 'owed',
      push: 'undecided',
      lapsesAt: new Date(T0.getTime() + REQUEST_LAPSE_MS).toISOString(),
    });
    expect(await t.approvals.pending(asha)).toEqual({
      requests: [
        {
          userId: 'ravi',
          name: 'User ravi',
          link: { code: club.code, name: 'Club' },
          requestedAt: T0.toISOString(),
          lapsesAt: new Date(T0.getTime() + REQUEST_LAPSE_MS).toISOString(),
        },
      ],
      more: false,
    });
    const link = (await t.flow.list(asha)).links.find((one) => one.code === club.code);
    expect(link).toMatchObject({ approval: true, numbers: { joins: 0 } });
  });

  it('approved: the friendship, owed her entry and push of a join, counted for the link; a replay changes nothing', async () => {
    const { t, asha, club } = await asked();
    t.clock.now = new Date(T0.getTime() + 3_600_000);
    expect(await t.approvals.decide(asha, { userId: 'ravi', approve: true })).toEqual({ outcome: 'friends' });
    expect(await t.approvals.decide(asha, { userId: 'ravi', approve: true })).toEqual({ outcome: 'friends' });
    expect(await t.friendsOf('asha')).toBe(1);
    expect(await t.doc(joinPath('asha', 'ravi'))).toMatchObject({
      friendship: 'created',
      history: 'owed',
      push: 'undecided',
      createdAt: t.clock.now.toISOString(),
      requestedAt: T0.toISOString(),
    });
    expect((await t.approvals.pending(asha)).requests).toEqual([]);
    const link = (await t.flow.list(asha)).links.find((one) => one.code === club.code);
    expect(link?.numbers.joins).toBe(1);
    // The app's "accept" again through the link: they are friends, nothing new.
    expect(await t.accept(t.caller('ravi'), club.code)).toBe('joined');
    expect(await t.friendsOf('asha')).toBe(1);
  });

  it('declined: nothing made, nothing owed; the link asks nothing again, and approving after is refused', async () => {
    const { t, asha, ravi, club } = await asked();
    expect(await t.approvals.decide(asha, { userId: 'ravi', approve: false })).toEqual({ outcome: 'declined' });
    const declined = await t.doc(joinPath('asha', 'ravi'));
    expect(declined).toMatchObject({ friendship: 'declined', history: 'not-owed', push: 'not-owed' });
    expect(declined?.dueAt).toBeUndefined();
    // Ravi is not told: the link answers as it did, and writes nothing.
    expect(await t.accept(ravi, club.code)).toBe('requested');
    expect(await t.doc(joinPath('asha', 'ravi'))).toEqual(declined);
    const refused = await flowRefusalOf(t.approvals.decide(asha, { userId: 'ravi', approve: true }));
    expect([refused.code, refused.details]).toEqual(['failed-precondition', { request: 'decided' }]);
    expect(await t.friendsOf('asha')).toBe(0);
    // Another link of hers that does not ask: the join is made.
    const open = await t.flow.create(asha, { name: 'Trip' });
    expect(await t.accept(ravi, open.code)).toBe('joined');
    expect(await t.friendsOf('asha')).toBe(1);
  });

  it('lapses after 30 days undecided: off her list, refused, and asked anew through the link', async () => {
    const { t, asha, ravi, club } = await asked();
    t.clock.now = new Date(T0.getTime() + REQUEST_LAPSE_MS);
    expect((await t.approvals.pending(asha)).requests).toEqual([]);
    const refused = await flowRefusalOf(t.approvals.decide(asha, { userId: 'ravi', approve: true }));
    expect([refused.code, refused.details]).toEqual(['failed-precondition', { request: 'lapsed' }]);
    expect(await t.accept(ravi, club.code)).toBe('requested');
    expect(await t.doc(joinPath('asha', 'ravi'))).toMatchObject({
      friendship: 'requested',
      requestedAt: t.clock.now.toISOString(),
    });
    expect((await t.approvals.pending(asha)).requests.map((one) => one.userId)).toEqual(['ravi']);
  });

  it("holds a seat under the link's limit per request, and is hers alone to decide", async () => {
    const { t, asha, club } = await asked({ maxJoins: 2 });
    expect(await t.accept(await t.person('mira'), club.code)).toBe('requested');
    expect(await t.accept(await t.person('lena'), club.code)).toBe('closed');
    const other = await t.person('kiran');
    for (const attempt of [
      t.approvals.decide(other, { userId: 'ravi', approve: true }),
      t.approvals.decide(asha, { userId: 'lena', approve: true }),
    ]) {
      expect((await flowRefusalOf(attempt)).code).toBe('not-found');
    }
    expect((await t.approvals.pending(other)).requests).toEqual([]);
    expect(await t.friendsOf('asha')).toBe(0);
  });

  it('leaves her list when the person deletes her account, and cannot be approved then', async () => {
    const { t, asha } = await asked();
    await t.db.doc(paths.user('ravi')).update({ isDeleted: true });
    expect((await flowRefusalOf(t.approvals.decide(asha, { userId: 'ravi', approve: true }))).code).toBe('not-found');
    await t.invites.onAccountDeleted('ravi');
    expect((await t.approvals.pending(asha)).requests).toEqual([]);
    expect(await t.doc(joinPath('asha', 'ravi'))).toMatchObject({ inviteeName: '', history: 'not-owed' });
  });
});
