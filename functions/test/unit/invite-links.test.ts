/**
 * Her links, one per chat (invites/flows/invite-links-flow.ts), with the Firestore stores
 * against our emulator in this process and Auth in memory: made, listed with their numbers,
 * changed and retired by her alone; a join through one held by its own levers and counted for it;
 * a code she can say, typed as people type it. The stack tests hold the same through the callables.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isInvitationClosedRefusal } from '@dayfocus/contracts/invite-controls';
import { MAX_LIVE_INVITE_LINKS } from '@dayfocus/contracts/invite-links';
import { SPOKEN_TRIES_PER_CLIENT } from '../../src/short-links/domain/spoken-tries.js';
import { paths } from '../in-memory.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';
import { flowRefusalOf } from '../flow-refusals.js';
import { localLinkSettings } from '../short-links.js';
import { linksHarness, T0 } from '../invite-links-harness.js';
import { recordTransactionReads } from '../transaction-reads.js';

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

const setup = () => linksHarness(firestore.db);

describe('her links, one per chat', () => {
  it('are made with a short link and a code she can say, and listed after her own link with their numbers', async () => {
    const t = setup();
    const asha = await t.person('asha');
    const made = await t.flow.create(asha, { name: 'Family chat' });
    expect(made).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{10}$/),
      url: `${localLinkSettings.linkOrigin}/l/${made.code}`,
      spokenCode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
    });
    const { links } = await t.flow.list(asha);
    expect(links.map((link) => [link.own, link.name])).toEqual([
      [true, null],
      [false, 'Family chat'],
    ]);
    expect(links[0]?.spokenCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(links[1]).toMatchObject({
      code: made.code,
      spokenCode: made.spokenCode,
      approval: false,
      maxJoins: null,
      joinsSinceLimit: null,
      expiresAt: null,
      closed: null,
      numbers: { views: 0, signUps: 0, confirmed: 0, joins: 0 },
    });
    // Her own link's spoken code is made once and kept.
    expect((await t.flow.list(asha)).links[0]?.spokenCode).toBe(links[0]?.spokenCode);
  });

  it('hold a join by their own limit: 200 at once against 20 make exactly 20 friends, her own link untouched', async () => {
    const t = setup();
    const asha = await t.person('asha');
    const made = await t.flow.create(asha, { name: 'Office', maxJoins: 20 });
    const users = await Promise.all(Array.from({ length: 200 }, (_, i) => t.person(`u${i}`)));
    const outcomes = await Promise.all(users.map((user) => t.accept(user, made.code)));
    expect(outcomes.filter((o) => o === 'joined')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 'closed')).toHaveLength(180);
    expect(await t.friendsOf('asha')).toBe(20);
    const [own, office] = (await t.flow.list(asha)).links;
    expect(office).toMatchObject({ maxJoins: 20, joinsSinceLimit: 20, closed: 'exhausted', numbers: { joins: 20 } });
    expect(own).toMatchObject({ maxJoins: null, closed: null, numbers: { joins: 0 } });
    // Her own link still takes a friend.
    const late = await t.person('late');
    expect(await t.accept(late, own?.code ?? '')).toBe('joined');
    expect((await t.flow.list(asha)).links[0]?.numbers.joins).toBe(1);
  }, 180_000);

  it("hold a join by the link's limit without reading its shards in the join's transaction", async () => {
    // As her invitation's limit (invite-limits.test.ts): a transaction holds what it reads until it commits.
    const t = setup();
    const asha = await t.person('asha');
    const { code } = await t.flow.create(asha, { name: 'Office', maxJoins: 1 });
    // A limit of 1: shard 0 has its one place, shards 1 to 9 none. Every join looks at shard 5 first.
    vi.spyOn(t.store, 'pickLimitShard').mockReturnValue(5);
    const reads = recordTransactionReads();
    expect(await t.accept(await t.person('ravi'), code)).toBe('joined');
    expect(await t.accept(await t.person('meera'), code)).toBe('closed');
    expect(reads.reads((path) => path.includes('/limitShards/'))).toEqual([]);
    expect(await t.friendsOf('asha')).toBe(1);
    expect(await t.doc(`_appLinks/${code}/limitShards/0`)).toMatchObject({ joins: 1 });
    reads.stop();
  });

  it('take the code she says, typed in any case, O for 0, I or L for 1, with a space or none', async () => {
    const t = setup();
    const asha = await t.person('asha');
    const { spokenCode, code } = await t.flow.create(asha, { name: 'Cousins' });
    const typed = spokenCode.toLowerCase().replaceAll('0', 'o').replaceAll('1', 'l').replace('-', ' ');
    expect((await t.appLinks.linkOfTyped(typed, 'client-1'))?.code).toBe(code);
    expect((await t.appLinks.linkOfTyped(spokenCode.replace('-', ''), 'client-1'))?.code).toBe(code);
    expect(await t.accept(await t.person('ravi'), typed)).toBe('joined');
    expect(await t.appLinks.linkOfTyped('ZZZZ-ZZZZ', 'client-1')).toBeNull();
  });

  it(`bound the spoken codes one client may try: ${SPOKEN_TRIES_PER_CLIENT} an hour, then a refusal`, async () => {
    const t = setup();
    const asha = await t.person('asha');
    const { spokenCode, code } = await t.flow.create(asha, { name: 'Cousins' });
    for (let n = 0; n < SPOKEN_TRIES_PER_CLIENT - 1; n++)
      expect(await t.appLinks.linkOfTyped(`ZZZZ-ZZ${String(n).padStart(2, '0')}`, 'guesser')).toBeNull();
    expect((await t.appLinks.linkOfTyped(spokenCode, 'guesser'))?.code).toBe(code);
    expect((await flowRefusalOf(t.appLinks.linkOfTyped(spokenCode, 'guesser'))).code).toBe('resource-exhausted');
    // Another client, and the link's own code, are not held by the guesser's tries.
    expect((await t.appLinks.linkOfTyped(spokenCode, 'someone-else'))?.code).toBe(code);
    expect((await t.appLinks.linkOfTyped(code, 'guesser'))?.code).toBe(code);
  });

  it('admit nobody once retired, nor when expired or while her whole invitation is paused', async () => {
    const t = setup();
    const asha = await t.person('asha');
    const retired = await t.flow.create(asha, { name: 'Old group' });
    expect(await t.flow.retire(asha, retired.code)).toMatchObject({ closed: 'retired' });
    expect(await t.appLinks.linkOfTyped(retired.code, 'client-1')).toBeNull();
    expect(await t.appLinks.linkOfTyped(retired.spokenCode, 'client-1')).toBeNull();
    expect((await t.flow.list(asha)).links.map((link) => link.code)).not.toContain(retired.code);

    const soon = await t.flow.create(asha, { name: 'Trip', expiresAt: new Date(T0.getTime() + 60_000).toISOString() });
    t.clock.now = new Date(T0.getTime() + 60_000);
    expect(await t.accept(await t.person('ravi'), soon.code)).toBe('closed');
    expect(await t.flow.update(asha, { code: soon.code, expiresAt: null })).toMatchObject({ closed: null });

    await t.levers.pause(asha, true);
    expect(await t.accept(await t.person('lena'), soon.code)).toBe('closed');
    await t.levers.pause(asha, false);
    expect(await t.accept(await t.person('lena'), soon.code)).toBe('joined');
    expect(await t.friendsOf('asha')).toBe(1);
  });

  it("take a sign-up on a chat link's page while her own link is at its limit: each link by its own levers", async () => {
    const t = setup();
    const asha = await t.person('asha');
    const chat = await t.flow.create(asha, { name: 'Family chat' });
    await t.levers.setLimits(asha, { maxJoins: 1 });
    const own = (await t.flow.list(asha)).links[0]?.code ?? '';
    expect(await t.accept(await t.person('ravi'), own)).toBe('joined');
    // Her own link is full: a sign-up on its pages is turned away, one on the chat link's is taken.
    t.accounts.add({ uid: 'lena' });
    const refused = await flowRefusalOf(
      t.invites.registerInvitee(t.caller('lena', 'password'), { inviterId: 'asha', name: 'Lena', link: own }),
    );
    expect(isInvitationClosedRefusal(refused)).toBe(true);
    t.accounts.add({ uid: 'mira' });
    await t.invites.registerInvitee(t.caller('mira', 'password'), { inviterId: 'asha', name: 'Mira', link: chat.code });
    expect(await t.doc(paths.signUp('mira'))).toMatchObject({ invitedBy: 'asha', inviteLink: chat.code });
    // Counted for that link's own numbers; her own link's page turned Lena away, counting nothing.
    const numbers = (await t.flow.list(asha)).links.map((link) => [link.own, link.numbers.signUps]);
    expect(numbers).toEqual([
      [true, 0],
      [false, 1],
    ]);
  });

  it('count for a link of hers only: a code a page made up counts for nothing anywhere, nor is it kept', async () => {
    const t = setup();
    await t.person('asha');
    const ravi = await t.person('ravi');
    await t.invites.acceptInvite(ravi, { inviterId: 'asha', link: 'madeUpCode1' });
    expect(await t.friendsOf('asha')).toBe(1);
    // A sign-up naming it keeps no link, so that nothing later counts for it either.
    t.accounts.add({ uid: 'mira' });
    await t.invites.registerInvitee(t.caller('mira', 'password'), {
      inviterId: 'asha',
      name: 'Mira',
      link: 'madeUpCode1',
    });
    expect((await t.doc(paths.signUp('mira')))?.inviteLink ?? null).toBeNull();
    expect((await t.db.collection('_appLinks/madeUpCode1/linkCounts').get()).size).toBe(0);
  });

  it("are hers alone: another inviter's code is one nobody has, and nothing of it changes", async () => {
    const t = setup();
    const asha = await t.person('asha');
    const vikram = await t.person('vikram');
    const made = await t.flow.create(asha, { name: 'Family chat' });
    for (const attempt of [
      t.flow.update(vikram, { code: made.code, name: 'Mine now' }),
      t.flow.retire(vikram, made.code),
      t.flow.update(asha, { code: 'no-such-link' }),
    ]) {
      expect((await flowRefusalOf(attempt)).code).toBe('not-found');
    }
    expect((await t.flow.list(vikram)).links.map((link) => link.code)).not.toContain(made.code);
    expect((await t.flow.list(asha)).links[1]).toMatchObject({ name: 'Family chat', closed: null });
  });

  it(`are at most ${MAX_LIVE_INVITE_LINKS} open at once; a retired one makes room`, async () => {
    const t = setup();
    const asha = await t.person('asha');
    const made = [];
    for (let n = 0; n < MAX_LIVE_INVITE_LINKS; n++) made.push(await t.flow.create(asha, { name: `Chat ${n}` }));
    const refused = await flowRefusalOf(t.flow.create(asha, { name: 'One more' }));
    expect([refused.code, refused.details]).toEqual(['failed-precondition', { links: 'too-many' }]);
    await t.flow.retire(asha, made[0]?.code ?? '');
    expect(await t.flow.create(asha, { name: 'One more' })).toMatchObject({ code: expect.any(String) });
  }, 180_000);
});
