/**
 * MyInvitationsFlow with its Firestore reader against our emulator in this process (with the
 * deploy's indexes, test/emulated-firestore.ts): her funnel counted by way through the real
 * FunnelStore, only the window's days read, her joins paged through the composite index, and a
 * disabled or signed-out account refused. The journeys through the callables are
 * test/stack/my-invitations.test.ts's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collections, friendDocumentId } from '@dayfocus/contracts/records';
import { FunnelStore } from '../../src/invites/adapters/funnel-store.js';
import { FirestoreInvitationReader } from '../../src/invites/adapters/invitation-reader.js';
import { MyInvitationsFlow } from '../../src/invites/flows/my-invitations-flow.js';
import type { Account } from '../../src/invites/flows/ports.js';
import { FlowError } from '../../src/platform/domain/errors.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';

const NOW = new Date('2026-03-30T12:00:00.000Z');
const DAY = 86_400_000;
const asha = { uid: 'asha', email: undefined, signInProvider: 'google.com', name: undefined, authTime: 1_800_000_000 };

let firestore: EmulatedFirestore;
beforeAll(async () => {
  firestore = await startEmulatedFirestore();
});
afterAll(async () => {
  await firestore.stop();
});
beforeEach(() => firestore.clear());

function flowWith(account: Partial<Account> | null = {}) {
  const { db } = firestore;
  const funnel = new FunnelStore(db);
  const flow = new MyInvitationsFlow({
    reader: new FirestoreInvitationReader(db, funnel),
    accounts: {
      getAccount: async (uid) =>
        account && { uid, email: undefined, displayName: undefined, emailVerified: true, providerIds: [], ...account },
    },
    now: () => NOW,
  });
  return { flow, funnel };
}

async function join(inviteeId: string, createdAt: string, fields: Record<string, unknown> = {}) {
  await firestore.db
    .collection(collections.friendJoins)
    .doc(friendDocumentId('asha', inviteeId))
    .set({ inviterId: 'asha', inviteeId, inviteeName: inviteeId, friendship: 'created', createdAt, ...fields });
}

describe('MyInvitationsFlow', () => {
  it('sums the last 30 days by way, and reads nothing older nor anyone else’s', async () => {
    const { flow, funnel } = flowWith();
    await funnel.count('asha', 'views', NOW, 'qr');
    await funnel.count('asha', 'views', new Date(NOW.getTime() - 29 * DAY), 'card');
    await funnel.count('asha', 'signUps', NOW);
    await funnel.count('asha', 'views', new Date(NOW.getTime() - 30 * DAY), 'link');
    await funnel.count('ravi', 'views', NOW, 'link');

    const answer = await flow.myInvitations(asha, {});
    const days = answer.numbers?.days ?? [];
    expect([days[0]?.day, days.at(-1)?.day, days.length]).toEqual(['2026-03-01', '2026-03-30', 30]);
    expect(days[0]?.byWay.card.views).toBe(1);
    expect(answer.numbers?.total.all).toEqual({ views: 2, signUps: 1, confirmed: 0, joins: 0 });
    expect(answer.numbers?.total.byWay.qr.views).toBe(1);
    expect(answer.numbers?.total.byWay.link.views).toBe(0);
    expect(answer).toMatchObject({ people: [], nextCursor: null });
  });

  it('pages her friends newest first through the index, leaving out other inviters and pairs already friends', async () => {
    const { flow } = flowWith();
    for (let i = 0; i < 52; i++)
      await join(`p${String(i).padStart(2, '0')}`, new Date(NOW.getTime() - i * 1000).toISOString(), { way: 'link' });
    await join('existed', NOW.toISOString(), { friendship: 'existed' });
    await firestore.db.collection(collections.friendJoins).doc(friendDocumentId('ravi', 'x')).set({
      inviterId: 'ravi',
      inviteeId: 'x',
      inviteeName: 'x',
      friendship: 'created',
      createdAt: NOW.toISOString(),
    });

    const first = await flow.myInvitations(asha, {});
    expect(first.people.map((p) => p.userId)).toEqual(
      Array.from({ length: 50 }, (_, i) => `p${String(i).padStart(2, '0')}`),
    );
    expect(first.people[0]).toEqual({ userId: 'p00', name: 'p00', joinedAt: NOW.toISOString(), way: 'link' });
    const second = await flow.myInvitations(asha, { cursor: first.nextCursor ?? '' });
    expect(second).toEqual({
      numbers: null,
      people: [expect.objectContaining({ userId: 'p50' }), expect.objectContaining({ userId: 'p51' })],
      nextCursor: null,
    });
  });

  it('refuses a cursor it did not make, a disabled account and a session revoked since its sign-in', async () => {
    await expect(flowWith().flow.myInvitations(asha, { cursor: 'bm90LW91cnM' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(flowWith({ disabled: true }).flow.myInvitations(asha, {})).rejects.toBeInstanceOf(FlowError);
    const revoked = flowWith({ tokensValidAfter: new Date(1_800_000_001_000).toISOString() });
    await expect(revoked.flow.myInvitations(asha, {})).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(flowWith(null).flow.myInvitations(asha, {})).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
