/**
 * Benchmark: `myInvitations` for a viral inviter. One inviter with MY_INVITATIONS_JOINS join records
 * (default 10,000) and every one of her funnel's 128 shards full on each of the last 60 days (30
 * inside the answer's window, 30 before it that the answer must not read), in our Firestore emulator
 * in this process with the deploy's indexes. Times the flow's answer (first page, with the numbers;
 * and a later page, with a cursor) next to a reference that does the same necessary work and nothing
 * else: the same two queries (the window's shards, a page of joins plus one) read plainly, beside
 * each other. Prints the medians, p90s and the flow/reference ratios.
 *   npm run bench:my-invitations
 *   MY_INVITATIONS_JOINS=1000 MY_INVITATIONS_ROUNDS=10 tsx tools/bench/my-invitations.ts
 */
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { startFirestoreEmulator } from '@dayfocus/firestore-emulator';
import { repoRoot } from '@dayfocus/stack';
import { collections, friendDocumentId } from '@dayfocus/contracts/records';
import { INVITE_WAYS } from '@dayfocus/contracts/invite-ways';
import { MY_INVITATIONS_DAYS, MY_INVITATIONS_PAGE } from '@dayfocus/contracts/inviter-view-functions';
import { FUNNEL_SHARD_COUNT, funnelShardId } from '@dayfocus/functions/invites/domain/funnel';
import { lastDays } from '@dayfocus/functions/invites/domain/invitation-numbers';
import { FunnelStore } from '@dayfocus/functions/invites/adapters/funnel-store';
import { FirestoreInvitationReader } from '@dayfocus/functions/invites/adapters/invitation-reader';
import { MyInvitationsFlow } from '@dayfocus/functions/invites/flows/my-invitations-flow';
import { summarize, type Sample } from './src/stats.js';

const JOINS = Number(process.env.MY_INVITATIONS_JOINS ?? 10_000);
const ROUNDS = Number(process.env.MY_INVITATIONS_ROUNDS ?? 30);
const WARMUP = 5;
const INVITER = 'bench-viral-inviter';
const NOW = new Date('2026-03-30T12:00:00.000Z');
const BATCH = 500;

async function seed(db: Firestore): Promise<void> {
  const writes: [string, Record<string, unknown>][] = [];
  const windowStart = Date.parse(`${lastDays(NOW, MY_INVITATIONS_DAYS)[0] ?? ''}T00:00:00.000Z`);
  const span = NOW.getTime() - windowStart;
  for (let i = 0; i < JOINS; i++) {
    const inviteeId = `bench-invitee-${String(i).padStart(6, '0')}`;
    const createdAt = new Date(windowStart + Math.floor((i / JOINS) * span)).toISOString();
    writes.push([
      `${collections.friendJoins}/${friendDocumentId(INVITER, inviteeId)}`,
      {
        inviterId: INVITER,
        inviteeId,
        inviteeName: `Friend ${i}`,
        friendship: i % 50 === 0 ? 'existed' : 'created',
        history: 'written',
        push: 'sent',
        pushAttempts: 1,
        way: INVITE_WAYS[i % INVITE_WAYS.length],
        createdAt,
        updatedAt: createdAt,
      },
    ]);
  }
  const counts = { views: 9, signUps: 3, confirmed: 3, joins: 3 };
  for (const day of lastDays(NOW, MY_INVITATIONS_DAYS * 2)) {
    for (let n = 0; n < FUNNEL_SHARD_COUNT; n++) {
      const byWay = Object.fromEntries(INVITE_WAYS.map((way) => [way, counts]));
      writes.push([
        `${collections.inviteFunnels}/${INVITER}/shards/${funnelShardId(day, n)}`,
        { inviterId: INVITER, day, views: 36, signUps: 12, confirmed: 12, joins: 12, byWay },
      ]);
    }
  }
  for (let i = 0; i < writes.length; i += BATCH) {
    const batch = db.batch();
    for (const [path, data] of writes.slice(i, i + BATCH)) batch.set(db.doc(path), data);
    await batch.commit();
  }
}

/** The same two queries as the flow's reader, read plainly and shaped into nothing. */
async function reference(db: Firestore, cursor: { createdAt: string; id: string } | null): Promise<number> {
  const from = lastDays(NOW, MY_INVITATIONS_DAYS)[0] ?? '';
  let joins = db
    .collection(collections.friendJoins)
    .where('inviterId', '==', INVITER)
    .where('friendship', '==', 'created')
    .orderBy('createdAt', 'desc')
    .orderBy(FieldPath.documentId(), 'desc');
  if (cursor) joins = joins.startAfter(cursor.createdAt, cursor.id);
  const [shards, page] = await Promise.all([
    cursor
      ? null
      : db.collection(collections.inviteFunnels).doc(INVITER).collection('shards').where('day', '>=', from).get(),
    joins.limit(MY_INVITATIONS_PAGE + 1).get(),
  ]);
  // Read, as any reader of them would: every document's fields.
  return [...(shards?.docs ?? []), ...page.docs].map((doc) => doc.data()).length;
}

async function timed(rounds: number, run: () => Promise<unknown>): Promise<Sample> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await run();
    latencies.push(performance.now() - t);
  }
  return { latencies, wallMs: performance.now() - started, calls: rounds, failures: 0 };
}

const indexes = JSON.parse(readFileSync(join(repoRoot, 'firestore.indexes.json'), 'utf8')) as unknown;
const emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, indexes });
process.env.METADATA_SERVER_DETECTION ??= 'none';
process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
const app = initializeApp({ projectId: 'demo-bench-my-invitations' }, 'bench-my-invitations');
const db = getFirestore(app);
try {
  const seeding = performance.now();
  await seed(db);
  console.log(
    `\nSeeded ${JOINS} joins and ${FUNNEL_SHARD_COUNT * MY_INVITATIONS_DAYS * 2} shards in ` +
      `${Math.round(performance.now() - seeding)} ms (${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB)`,
  );
  const flow = new MyInvitationsFlow({
    reader: new FirestoreInvitationReader(db, new FunnelStore(db)),
    accounts: {
      getAccount: async (uid) => ({
        uid,
        email: undefined,
        displayName: undefined,
        emailVerified: true,
        providerIds: [],
      }),
    },
    now: () => NOW,
  });
  const caller = { uid: INVITER, email: undefined, signInProvider: 'google.com', name: undefined, authTime: undefined };
  const first = await flow.myInvitations(caller, {});
  const cursor = first.nextCursor ?? undefined;
  const last = first.people.at(-1);
  const after = last ? { createdAt: last.joinedAt, id: friendDocumentId(INVITER, last.userId) } : null;
  const expectedViews = 36 * FUNNEL_SHARD_COUNT * MY_INVITATIONS_DAYS;
  if (first.numbers?.total.all.views !== expectedViews || first.people.length !== MY_INVITATIONS_PAGE || !cursor) {
    throw new Error(`The answer is not the one seeded: ${JSON.stringify(first.numbers?.total.all)}`);
  }
  for (let i = 0; i < WARMUP; i++) await Promise.all([flow.myInvitations(caller, {}), reference(db, null)]);

  // Alternated round by round, so that a slower stretch of the machine costs both alike.
  const rows: [string, Sample, Sample][] = [];
  for (const [label, withCursor] of [
    ['first page (numbers, 50 people)', false],
    ['a later page (cursor, 50 people)', true],
  ] as const) {
    const flowSample = await timed(0, async () => undefined);
    const refSample = await timed(0, async () => undefined);
    for (let i = 0; i < ROUNDS; i++) {
      for (const [sample, run] of [
        [flowSample, () => flow.myInvitations(caller, withCursor ? { cursor } : {})],
        [refSample, () => reference(db, withCursor ? after : null)],
      ] as const) {
        const one = await timed(1, run);
        sample.latencies.push(...one.latencies);
        sample.wallMs += one.wallMs;
        sample.calls += 1;
      }
    }
    rows.push([label, flowSample, refSample]);
  }

  const ms = (n: number) => n.toFixed(1);
  console.log(`\nmyInvitations with ${JOINS} joins, ${ROUNDS} rounds each, in this process (ms)\n`);
  console.log('| page | myInvitations p50 | p90 | reference p50 | p90 | ratio p50 | ratio p90 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [label, flowSample, refSample] of rows) {
    const f = summarize(flowSample);
    const r = summarize(refSample);
    console.log(
      `| ${label} | ${ms(f.p50)} | ${ms(f.p90)} | ${ms(r.p50)} | ${ms(r.p90)} | ` +
        `${(f.p50 / r.p50).toFixed(2)}x | ${(f.p90 / r.p90).toFixed(2)}x |`,
    );
  }
} finally {
  await deleteApp(app);
  await emulator.stop();
}
