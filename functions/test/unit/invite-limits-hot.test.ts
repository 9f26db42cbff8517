/**
 * A viral inviter's limit under production's per-document write limit (the emulator's hot-document
 * model, in this process): a join under a limit writes one shard of its count in its own commit,
 * so that the joins spread over the shards' write rates, and the count stays exact. The stack's
 * version, with the callables and 10,000 tries, is test/hot/inviter-limit.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_HOT_DOCUMENTS } from '@dayfocus/firestore-emulator';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { isInvitationClosedRefusal } from '@dayfocus/contracts/invite-controls';
import type { Caller } from '../../src/platform/domain/caller.js';
import { MemoryAccounts, paths } from '../in-memory.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';
import { memoryLogger } from '../memory-logger.js';
import { inviteFlowsOn } from '../invite-links-harness.js';

/**
 * Three tries a place: each of the ten shards (capacity 10) is written ten times, twice the
 * model's burst of five, so the write limit holds joins back, and some thirty tries race for each
 * shard's ten places, so most find it full and go on to the others. It was 1,000 (900 refusals
 * more, twice this file's processor time, the same assertion); the stack's lane tries 300 a door
 * through the callables.
 */
const TRIES = 300;
const LIMIT = 100;

let firestore: EmulatedFirestore;
beforeAll(async () => {
  firestore = await startEmulatedFirestore({ hotDocuments: PRODUCTION_HOT_DOCUMENTS });
});
afterAll(async () => {
  await firestore.stop();
});

describe("a viral inviter's limit, with production's write limit per document", () => {
  it(`${TRIES} joins at once against a limit of ${LIMIT} make exactly ${LIMIT} friends`, async () => {
    const { db } = firestore;
    const logger = memoryLogger();
    const accounts = new MemoryAccounts();
    const now = () => new Date();
    const { invites, levers } = inviteFlowsOn(db, { accounts, logger, now });
    const caller = (uid: string): Caller => ({
      uid,
      email: `${uid}@example.com`,
      signInProvider: 'google.com',
      name: uid,
      // As the ID token says it: the account's own `email_verified`.
      emailVerified: accounts.accounts.get(uid)?.emailVerified ?? false,
      authTime: Math.floor(Date.now() / 1000),
    });
    const ids = ['asha', ...Array.from({ length: TRIES }, (_, i) => `u${i}`)];
    const writer = db.bulkWriter();
    for (const id of ids) {
      void writer.set(db.doc(paths.user(id)), { ...inviterRecord({ userId: id }) });
      accounts.add({ uid: id, providerIds: ['google.com'], emailVerified: true });
    }
    await writer.close();
    await levers.setLimits(caller('asha'), { maxJoins: LIMIT });

    const outcomes = await Promise.all(
      ids.slice(1).map((id) =>
        invites.acceptInvite(caller(id), { inviterId: 'asha' }).then(
          () => 'joined',
          (error: unknown) => (isInvitationClosedRefusal(error) ? 'closed' : 'failed'),
        ),
      ),
    );
    const friends = (await db.collection('Friends').where('userId', '==', 'asha').get()).size;
    const tally = { joined: 0, closed: 0, failed: 0 };
    for (const outcome of outcomes) tally[outcome as keyof typeof tally]++;
    expect({ friends, ...tally }).toEqual({ friends: LIMIT, joined: LIMIT, closed: TRIES - LIMIT, failed: 0 });
  }, 300_000);
});
