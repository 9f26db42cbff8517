/**
 * No push floods: an inviter's phone gets at most FRIEND_JOIN_PUSHES_PER_HOUR friend-join
 * pushes in any hour; the joins beyond that are recorded as always and summed up by one later
 * push ("Asha and 14 others accepted your invitation"), which the sweep sends once the hour
 * allows. Pushes speak the inviter's language.
 */
import { describe, expect, it } from 'vitest';
import type { RecordedPush } from '@dayfocus/stack/testing';
import { FRIEND_JOIN_PUSHES_PER_HOUR as N } from '../../src/owed-work/domain/push-budget.js';
import {
  adminDb,
  callAnonymously,
  createInviter,
  fcmOutage,
  historyOf,
  importVerifiedInvitees,
  joinOf,
  minutes,
  ok,
  pushesTo,
  joinsDelivered,
  readDoc,
  sweepOwedPushes,
  uniqueId,
  tryAgainWhenUnavailable,
} from './support.js';

const bodies = (pushes: RecordedPush[]) => pushes.map((p) => p.message.notification?.body ?? '');
const englishSummary = /^(.+) and (\d+) others? accepted your invitation$/;

async function friendCount(inviterId: string): Promise<number> {
  return (await adminDb.collection('Friends').where('userId', '==', inviterId).count().get()).data().count;
}

/** `count` invitees of one inviter, activated one after another (so that "the most recent" is known). */
async function joinOneByOne(inviterId: string, count: number) {
  const invitees = await importVerifiedInvitees(inviterId, count);
  for (const invitee of invitees)
    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);
  await joinsDelivered(inviterId);
  return invitees;
}

/**
 * The flood's size: eight times the hour's pushes, all at once, so that most joins are held for the
 * summary and her batches race one another on her budget (a flood of 200 showed nothing more, at five
 * times the stack's work: docs/testing.md, "How long it takes").
 */
const FLOOD = 8 * N;

describe('an inviter named by a flood of sign-ups', () => {
  it(`${FLOOD} sign-ups within a minute give at most ${N + 1} pushes, ${FLOOD} history entries and ${FLOOD} friendships`, async () => {
    const inviter = await createInviter();
    const token = inviter.fcmToken ?? '';
    const invitees = await importVerifiedInvitees(inviter.userId, FLOOD);
    const results = await Promise.all(
      invitees.map((invitee) =>
        tryAgainWhenUnavailable(() => callAnonymously('activateAccount', { uid: invitee.uid }, { timeoutMs: 300_000 })),
      ),
    );
    expect(results.filter((r) => (r as typeof ok).status === ok.status)).toHaveLength(FLOOD);
    const joined = Date.now();

    // The hour's pushes, each naming one friend; no summary yet: the hour has no room for it.
    // The joins' triggers take a while when other suites share the stack and the processors.
    await joinsDelivered(inviter.userId, { timeoutMs: 60_000 });
    const individual = await pushesTo(token);
    expect(individual.length).toBeGreaterThan(0);
    expect(individual.length).toBeLessThanOrEqual(N);
    expect(bodies(individual).every((b) => / has accepted your invitation$/.test(b))).toBe(true);
    await sweepOwedPushes(new Date(Date.now() + minutes(10)));
    expect(await pushesTo(token)).toHaveLength(individual.length);

    // Every join is recorded as always.
    expect(await historyOf(inviter.userId)).toHaveLength(FLOOD);
    expect(new Set((await historyOf(inviter.userId)).map((h) => h.userId))).toEqual(
      new Set(invitees.map((i) => i.uid)),
    );
    expect(await friendCount(inviter.userId)).toBe(FLOOD);
    const joins = await Promise.all(invitees.map((i) => joinOf(inviter.userId, i.uid)));
    const summarized = invitees.filter((_, i) => joins[i]?.push === 'summarized');
    expect(summarized).toHaveLength(FLOOD - individual.length);
    expect(joins.filter((j) => j?.push === 'sent')).toHaveLength(individual.length);

    // An hour later the sweep sends the one summary; two sweeps racing send it once.
    const later = new Date(joined + minutes(61));
    await Promise.all([sweepOwedPushes(later), sweepOwedPushes(later)]);
    const pushes = await pushesTo(token);
    expect(pushes.length).toBeLessThanOrEqual(N + 1);
    expect(pushes).toHaveLength(individual.length + 1);
    const summary = bodies(pushes).find((b) => englishSummary.test(b)) ?? '';
    const [, name, others] = englishSummary.exec(summary) ?? [];
    expect(Number(others)).toBe(summarized.length - 1);
    expect(summarized.map((i) => i.name)).toContain(name);
    expect(pushes.find((p) => p.message.notification?.body === summary)?.message).toMatchObject({
      notification: { title: 'Dayfocus' },
      data: { type: 'friend_join', topic: 'friend_join', title: 'Dayfocus', body: summary },
    });

    // Nothing more is owed.
    await sweepOwedPushes(new Date(joined + minutes(180)));
    expect(await pushesTo(token)).toHaveLength(individual.length + 1);
    expect(await readDoc('_pushBudgets', inviter.userId)).toMatchObject({
      heldCount: 0,
      lastSummary: { count: summarized.length, result: 'sent' },
    });
    expect(await readDoc('_pushBudgets', inviter.userId)).not.toHaveProperty('dueAt');
  }, 600_000);
});

describe('the summary push', () => {
  it.each([
    ['en', 'Friend 7 has accepted your invitation', 'Friend 7 and 1 other accepted your invitation'],
    ['hi', 'Friend 5 ने आपका निमंत्रण स्वीकार कर लिया है', 'Friend 7 और 1 अन्य ने आपका निमंत्रण स्वीकार कर लिया है'],
  ])(
    'for an inviter whose language is %s: five pushes, then one that names the latest join and counts the others',
    async (language, fifth, summary) => {
      const inviter = await createInviter({ language });
      const token = inviter.fcmToken ?? '';
      await joinOneByOne(inviter.userId, 7);
      await joinsDelivered(inviter.userId);
      const first = bodies(await pushesTo(token)).sort();
      expect(first).toHaveLength(N);
      if (language === 'hi') expect(first).toContain(fifth);
      else expect(first).toContain('Friend 5 has accepted your invitation');

      await sweepOwedPushes(new Date(Date.now() + minutes(30)));
      expect(await pushesTo(token)).toHaveLength(N);
      await sweepOwedPushes(new Date(Date.now() + minutes(61)));
      const all = bodies(await pushesTo(token));
      expect(all).toHaveLength(N + 1);
      expect(all.filter((b) => b === summary)).toEqual([summary]);
      // History stays in English whatever the inviter's language: the app renders it.
      expect((await historyOf(inviter.userId)).map((h) => h.message)).toContain(
        'Friend 7 has accepted your invitation',
      );
    },
    120_000,
  );

  it('a join arriving while a summary is owed waits for it, and the summary counts it', async () => {
    const inviter = await createInviter();
    const token = inviter.fcmToken ?? '';
    await joinOneByOne(inviter.userId, 6);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(token)).toHaveLength(N);
    // The first pushes leave the window; a summary is owed, so the next join holds its push too.
    const late = await importVerifiedInvitees(inviter.userId, 1);
    await adminDb
      .collection('_pushBudgets')
      .doc(inviter.userId)
      .update({ sentAt: [new Date(Date.now() - minutes(61)).toISOString()] });
    expect(await callAnonymously('activateAccount', { uid: late[0]?.uid })).toMatchObject(ok);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(token)).toHaveLength(N);
    expect(await joinOf(inviter.userId, late[0]?.uid ?? '')).toMatchObject({ push: 'summarized' });
    await sweepOwedPushes(new Date());
    expect(bodies(await pushesTo(token))).toContain('Friend 1 and 1 other accepted your invitation');
  }, 120_000);

  it('is owed like any push: FCM down at the sweep, sent once when it is back, and only once', async () => {
    const token = uniqueId('dev-outage');
    const inviter = await createInviter({ fcmToken: token });
    await joinOneByOne(inviter.userId, N + 3);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(token)).toHaveLength(N);
    await fcmOutage(token, true);
    const at = Date.now() + minutes(61);
    await sweepOwedPushes(new Date(at));
    expect(await pushesTo(token)).toHaveLength(N);
    expect((await readDoc('_pushBudgets', inviter.userId))?.summary).toMatchObject({
      state: 'pending',
      attempts: 1,
      count: 3,
    });
    await fcmOutage(token, false);
    await sweepOwedPushes(new Date(at + minutes(1))); // before the backoff
    expect(await pushesTo(token)).toHaveLength(N);
    await sweepOwedPushes(new Date(at + minutes(6)));
    await sweepOwedPushes(new Date(at + minutes(12)));
    const all = bodies(await pushesTo(token));
    expect(all).toHaveLength(N + 1);
    expect(all).toContain(`Friend ${N + 3} and 2 others accepted your invitation`);
  }, 120_000);

  it('a summary claim abandoned by a crash is taken over once its lease has passed, and not before', async () => {
    const inviter = await createInviter();
    const token = inviter.fcmToken ?? '';
    await joinOneByOne(inviter.userId, N + 2);
    // The state a sweep that died right after claiming the summary leaves behind.
    const claimedAt = new Date(Date.now() + minutes(61));
    const lease = new Date(claimedAt.getTime() + minutes(1)).toISOString();
    await adminDb
      .collection('_pushBudgets')
      .doc(inviter.userId)
      .update({
        heldCount: 0,
        sentAt: [claimedAt.toISOString()],
        summary: {
          id: claimedAt.toISOString(),
          count: 2,
          name: `Friend ${N + 2}`,
          inviteeId: 'x',
          state: 'sending',
          attempts: 1,
          claimedAt: claimedAt.toISOString(),
          dueAt: lease,
        },
        dueAt: lease,
      });
    await sweepOwedPushes(new Date(claimedAt.getTime() + 30_000));
    expect(await pushesTo(token)).toHaveLength(N);
    await sweepOwedPushes(new Date(claimedAt.getTime() + minutes(2)));
    const all = bodies(await pushesTo(token));
    expect(all).toHaveLength(N + 1);
    expect(all).toContain(`Friend ${N + 2} and 1 other accepted your invitation`);
    expect((await readDoc('_pushBudgets', inviter.userId))?.lastSummary).toMatchObject({ result: 'sent', count: 2 });
    await sweepOwedPushes(new Date(claimedAt.getTime() + minutes(200)));
    expect(await pushesTo(token)).toHaveLength(N + 1);
  }, 120_000);
});
