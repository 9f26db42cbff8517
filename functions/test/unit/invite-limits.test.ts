/**
 * The inviter's levers (pause, limit, expiry) as the join, the sign-up and her own calls enforce
 * them, with the Firestore stores against our emulator in this process and Auth in memory. The
 * stack tests (test/stack/inviter-controls.test.ts) hold the same through the callables.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentReference } from 'firebase-admin/firestore';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { isInvitationClosedRefusal } from '@dayfocus/contracts/invite-controls';
import type { Caller } from '../../src/platform/domain/caller.js';
import { MemoryAccounts, paths } from '../in-memory.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';
import { memoryLogger } from '../memory-logger.js';
import { flowRefusalOf } from '../flow-refusals.js';
import { testDoor } from '../door.js';
import { inviteFlowsOn } from '../invite-links-harness.js';
import { recordTransactionReads } from '../transaction-reads.js';

const T0 = new Date('2026-03-01T10:00:00.000Z');

let firestore: EmulatedFirestore;
beforeAll(async () => {
  firestore = await startEmulatedFirestore();
});
afterAll(async () => {
  await firestore.stop();
});
beforeEach(() => firestore.clear());
afterEach(() => {
  vi.restoreAllMocks();
});

function setup() {
  const { db } = firestore;
  const logger = memoryLogger();
  const accounts = new MemoryAccounts();
  const clock = { now: T0 };
  const now = () => clock.now;
  const { store, invites, levers } = inviteFlowsOn(db, { accounts, logger, now });
  // Activation and the provider's sign-up, as their callables reach them: through the one door.
  const door = testDoor({ db, store, accounts, logger, now });
  const caller = (uid: string, provider: string): Caller => ({
    uid,
    email: accounts.accounts.get(uid)?.email,
    signInProvider: provider,
    name: 'Someone',
    // As the ID token says it: the account's own `email_verified`.
    emailVerified: accounts.accounts.get(uid)?.emailVerified ?? false,
    authTime: Math.floor(clock.now.getTime() / 1000),
  });
  const inviter = async (id = 'asha') => {
    await db.doc(paths.user(id)).set({ ...inviterRecord({ userId: id }) });
    accounts.add({ uid: id, providerIds: ['google.com'], emailVerified: true });
    return caller(id, 'google.com');
  };
  /** An app user with a proved address and a record, ready to accept an invite. */
  const appUser = async (id: string) => {
    await db.doc(paths.user(id)).set({ ...inviterRecord({ userId: id, name: `User ${id}` }) });
    accounts.add({ uid: id, providerIds: ['google.com'], emailVerified: true });
    return caller(id, 'google.com');
  };
  const friendsOf = async (inviterId: string) =>
    (await db.collection('Friends').where('userId', '==', inviterId).get()).size;
  const doc = async (path: string) => (await db.doc(path).get()).data();
  return { db, accounts, clock, store, invites, door, levers, caller, inviter, appUser, friendsOf, doc };
}

describe('a paused invitation', () => {
  it('refuses every new join and sign-up through it with one answer, writing nothing; opened again, it joins', async () => {
    const t = setup();
    const asha = await t.inviter('asha');
    expect(await t.levers.pause(asha, true)).toEqual({
      paused: true,
      maxJoins: null,
      joinsSinceLimit: null,
      expiresAt: null,
      closed: 'paused',
    });

    const ravi = await t.appUser('ravi');
    const accepted = await flowRefusalOf(t.invites.acceptInvite(ravi, { inviterId: 'asha' }));
    expect([accepted.code, isInvitationClosedRefusal(accepted)]).toEqual(['failed-precondition', true]);

    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    const social = await flowRefusalOf(
      t.door.completeSocialSignUp(t.caller('mira', 'google.com'), { inviterId: 'asha' }),
    );
    expect(isInvitationClosedRefusal(social)).toBe(true);

    t.accounts.add({ uid: 'lena' });
    const email = await flowRefusalOf(
      t.invites.registerInvitee(t.caller('lena', 'password'), { inviterId: 'asha', name: 'Lena' }),
    );
    expect(isInvitationClosedRefusal(email)).toBe(true);

    expect(await t.friendsOf('asha')).toBe(0);
    expect(await t.doc(paths.join('asha', 'ravi'))).toBeUndefined();
    expect(await t.doc(paths.signUp('mira'))).toBeUndefined();
    expect(await t.doc(paths.signUp('lena'))).toBeUndefined();

    await t.levers.pause(asha, false);
    await t.invites.acceptInvite(ravi, { inviterId: 'asha' });
    expect(await t.friendsOf('asha')).toBe(1);
  });

  it('a sign-up begun before the pause and confirmed after: the account is active, it joins nobody, and the answer says why', async () => {
    const t = setup();
    const asha = await t.inviter('asha');
    t.accounts.add({ uid: 'lena' });
    await t.invites.registerInvitee(t.caller('lena', 'password'), { inviterId: 'asha', name: 'Lena' });
    await t.levers.pause(asha, true);
    t.accounts.verifyOtherwise('lena');
    await t.db.doc(paths.signUp('lena')).update({ signUpProvedAt: T0.toISOString() });

    const answer = await t.door.activateAccount({ uid: 'lena', inviterId: 'asha' }, t.caller('lena', 'password'));
    expect(answer).toMatchObject({ inviter: null, invitationClosed: true });
    expect(await t.doc(paths.user('lena'))).toMatchObject({ isActive: true });
    expect(await t.friendsOf('asha')).toBe(0);
  });
});

describe("an invitation's limit and expiry", () => {
  it('200 joins at once against a limit of 20 make exactly 20 friends; a new limit starts a new count', async () => {
    const t = setup();
    const asha = await t.inviter('asha');
    expect(await t.levers.setLimits(asha, { maxJoins: 20 })).toMatchObject({
      maxJoins: 20,
      joinsSinceLimit: 0,
      closed: null,
    });
    const users = await Promise.all(Array.from({ length: 200 }, (_, i) => t.appUser(`u${i}`)));
    const outcomes = await Promise.all(
      users.map((user) =>
        t.invites.acceptInvite(user, { inviterId: 'asha' }).then(
          () => 'joined',
          (error: unknown) => (isInvitationClosedRefusal(error) ? 'closed' : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'joined')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 'closed')).toHaveLength(180);
    expect(await t.friendsOf('asha')).toBe(20);
    expect(await t.levers.setLimits(asha, {})).toMatchObject({ joinsSinceLimit: 20, closed: 'exhausted' });
    // An e-mail sign-up on her exhausted invitation is turned away before it writes.
    t.accounts.add({ uid: 'late' });
    const late = await flowRefusalOf(
      t.invites.registerInvitee(t.caller('late', 'password'), { inviterId: 'asha', name: 'Late' }),
    );
    expect(isInvitationClosedRefusal(late)).toBe(true);
    expect(await t.doc(paths.signUp('late'))).toBeUndefined();

    t.clock.now = new Date(T0.getTime() + 1000);
    expect(await t.levers.setLimits(asha, { maxJoins: 21 })).toMatchObject({ joinsSinceLimit: 0, closed: null });
    const last = users.at(-1);
    if (!last) throw new Error('no users');
    await t.invites.acceptInvite(last, { inviterId: 'asha' });
    expect(await t.levers.setLimits(asha, {})).toMatchObject({ maxJoins: 21, joinsSinceLimit: 1 });
    // Cleared with null: no limit, no count.
    expect(await t.levers.setLimits(asha, { maxJoins: null })).toMatchObject({ maxJoins: null, joinsSinceLimit: null });
    // A bound, not its expected time: 123 s in a fresh npm test of 2026-12-02 (a page fault at 15.8 µs).
  }, 360_000);

  it('a join under her limit reads none of its shards in its transaction, full or not: it looks at them beside it', async () => {
    // Production's transactions lock what they read until they commit (Google's emulator too): joins
    // that read the shard they meant to write waited on each other, and the last places drew them all
    // to one shard; under 40 joins at once against a limit of 10, Google's emulator (a deadlock ends
    // there only by a lock's time-out) kept some past their function's minute (Google's lane).
    const t = setup();
    const asha = await t.inviter('asha');
    // A limit of 1: shard 0 has its one place, shards 1 to 9 none. Every join looks at shard 5 first.
    await t.levers.setLimits(asha, { maxJoins: 1 });
    vi.spyOn(t.store, 'pickLimitShard').mockReturnValue(5);
    const reads = recordTransactionReads();
    const shardsRead = () => reads.reads((path) => path.includes('/limitShards/'));

    await t.invites.acceptInvite(await t.appUser('ravi'), { inviterId: 'asha' });
    const late = await flowRefusalOf(t.invites.acceptInvite(await t.appUser('meera'), { inviterId: 'asha' }));
    expect(isInvitationClosedRefusal(late)).toBe(true);
    expect(shardsRead()).toEqual([]);
    expect(await t.friendsOf('asha')).toBe(1);
    expect(await t.doc('_inviteControls/asha/limitShards/0')).toMatchObject({ joins: 1 });
    reads.stop();
  });

  it('a join whose shard was taken between its look and its commit runs again and takes another place', async () => {
    const t = setup();
    const asha = await t.inviter('asha');
    // A limit of 2: shards 0 and 1 have a place each. Every join looks at shard 0 first.
    await t.levers.setLimits(asha, { maxJoins: 2 });
    vi.spyOn(t.store, 'pickLimitShard').mockReturnValue(0);
    const ravi = await t.appUser('ravi');
    const meera = await t.appUser('meera');
    // Ravi's first look at shard 0 sees it empty; Meera joins before his commit, on that place.
    const shard0 = '_inviteControls/asha/limitShards/0';
    const get = DocumentReference.prototype.get;
    let looks = 0;
    vi.spyOn(DocumentReference.prototype, 'get').mockImplementation(async function (this: DocumentReference) {
      const snapshot = await get.call(this);
      if (this.path === shard0 && ++looks === 1) await t.invites.acceptInvite(meera, { inviterId: 'asha' });
      return snapshot;
    } as DocumentReference['get']);

    await t.invites.acceptInvite(ravi, { inviterId: 'asha' });
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(await t.friendsOf('asha')).toBe(2);
    expect(await t.doc(shard0)).toMatchObject({ joins: 1 });
    expect(await t.doc('_inviteControls/asha/limitShards/1')).toMatchObject({ joins: 1 });
    expect(await t.levers.setLimits(asha, {})).toMatchObject({ joinsSinceLimit: 2, closed: 'exhausted' });
  });

  it('a join whose commit another document refuses is not run again without end: it fails, counting nothing', async () => {
    const t = setup();
    const asha = await t.inviter('asha');
    await t.levers.setLimits(asha, { maxJoins: 2 });
    const runs = vi.spyOn(t.store, 'pickLimitShard').mockReturnValue(0);
    // A document of the app's own in the friendship's place, which the friendship query does not find.
    await t.db.doc('Friends/asha_ravi').set({ note: 'kept by the app' });
    const ravi = await t.appUser('ravi');
    const refusal: unknown = await t.invites.acceptInvite(ravi, { inviterId: 'asha' }).then(
      () => 'joined',
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ code: 6 }); // ALREADY_EXISTS, from the friendship's create
    // The first run, and one more for each shard it could have lost a create on (LIMIT_SHARDS): no more.
    expect(runs.mock.calls.length).toBeLessThanOrEqual(11);
    expect(await t.doc('_inviteControls/asha/limitShards/0')).toBeUndefined();
    expect(await t.doc('Friends/asha_ravi')).toEqual({ note: 'kept by the app' });
  });

  it('an expiry past refuses; cleared with null, the invitation joins again', async () => {
    const t = setup();
    const asha = await t.inviter('asha');
    const at = new Date(T0.getTime() + 60_000).toISOString();
    expect(await t.levers.setLimits(asha, { expiresAt: at })).toMatchObject({ expiresAt: at, closed: null });
    t.clock.now = new Date(T0.getTime() + 60_000);
    const ravi = await t.appUser('ravi');
    expect(isInvitationClosedRefusal(await flowRefusalOf(t.invites.acceptInvite(ravi, { inviterId: 'asha' })))).toBe(
      true,
    );
    expect(await t.levers.setLimits(asha, { expiresAt: null })).toMatchObject({ expiresAt: null, closed: null });
    await t.invites.acceptInvite(ravi, { inviterId: 'asha' });
    expect(await t.friendsOf('asha')).toBe(1);
  });

  it('refuses a caller without a record, and an expiry years away, writing nothing', async () => {
    const t = setup();
    t.accounts.add({ uid: 'nobody', providerIds: ['google.com'], emailVerified: true });
    expect((await flowRefusalOf(t.levers.pause(t.caller('nobody', 'google.com'), true))).code).toBe(
      'failed-precondition',
    );
    const asha = await t.inviter('asha');
    const far = new Date(T0.getTime() + 6 * 366 * 24 * 3600_000).toISOString();
    expect((await flowRefusalOf(t.levers.setLimits(asha, { expiresAt: far }))).code).toBe('invalid-argument');
    expect(await t.doc('_inviteControls/nobody')).toBeUndefined();
    expect(await t.doc('_inviteControls/asha')).toBeUndefined();
  });
});
