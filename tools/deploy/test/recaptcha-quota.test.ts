/**
 * The preflight's note on reCAPTCHA Enterprise's free tier: the month's expected assessments read
 * from the funnel's shards on our Firestore emulator, in this process, through the same client and
 * query the preflight sends to the project; and what it says when it cannot read them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Firestore } from '@google-cloud/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '@dayfocus/firestore-emulator';
import { collections } from '@dayfocus/contracts/records';
import { recaptchaQuotaOutcome, sumFunnelSince, type FunnelReader } from '../src/recaptcha-quota.js';
import { PROJECT, repoRoot } from './tree.js';

const NOW = new Date('2026-11-27T12:00:00Z');
/** Credentials as a signed-in machine has them (the reader is ours, so nothing is sent with them). */
const SIGNED_IN = { GOOGLE_APPLICATION_CREDENTIALS: '/dev/null' };
const deploy = { root: repoRoot, project: { id: PROJECT, from: '--project' } };
const declaredIndexes = JSON.parse(readFileSync(join(repoRoot, 'firestore.indexes.json'), 'utf8')) as {
  fieldOverrides?: unknown[];
};

/** An emulator with these indexes, and a client of it (the client finds an emulator through the environment). */
async function emulated(indexes: unknown): Promise<{ emulator: FirestoreEmulator; db: Firestore }> {
  const emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, indexes });
  process.env['METADATA_SERVER_DETECTION'] ??= 'none';
  process.env['FIRESTORE_EMULATOR_HOST'] = `${emulator.host}:${emulator.port}`;
  return { emulator, db: new Firestore({ projectId: PROJECT }) };
}

let declared: { emulator: FirestoreEmulator; db: Firestore };
beforeAll(async () => {
  declared = await emulated(declaredIndexes);
});
afterAll(async () => {
  await declared.db.terminate();
  await declared.emulator.stop();
});
beforeEach(() => declared.emulator.clear());

/** A shard as the functions' FunnelStore writes it. */
const shard = (db: Firestore, inviterId: string, day: string, n: number, figures: Record<string, number>) =>
  db
    .collection(collections.inviteFunnels)
    .doc(inviterId)
    .collection('shards')
    .doc(`${day}_${n}`)
    .set({ inviterId, day, ...figures });

const readFrom =
  (db: Firestore): FunnelReader =>
  (_project, fromDay) =>
    sumFunnelSince(db, fromDay);

describe("reCAPTCHA Enterprise's free tier, from the funnel", () => {
  it("sums every inviter's views, sign-ups and joins of the last 30 days, and says the month is over the free tier", async () => {
    const { db } = declared;
    await Promise.all([
      shard(db, 'asha', '2026-11-27', 0, { views: 3000, signUps: 1200, joins: 1100 }),
      shard(db, 'asha', '2026-11-27', 7, { views: 1000, signUps: 300 }),
      shard(db, 'ravi', '2026-10-29', 3, { views: 4000, signUps: 900, joins: 800 }),
      // The day before the 30: not this month's.
      shard(db, 'ravi', '2026-10-28', 1, { views: 90_000, signUps: 9000, joins: 9000 }),
      // The app's own `shards`, which the collection-group query meets too: not ours.
      db.doc('leaderboards/weekly/shards/2026-11-27_0').set({ day: '2026-11-27', views: 50_000, joins: 7 }),
    ]);
    expect(await sumFunnelSince(db, '2026-10-29')).toEqual({ views: 8000, signUps: 2400, joins: 1900 });
    const { problems, note } = await recaptchaQuotaOutcome(deploy, readFrom(db), SIGNED_IN, NOW);
    expect(problems).toEqual([]);
    expect(note).toContain('reCAPTCHA Enterprise is free for 10,000 assessments a month, then billed');
    expect(note).toContain(
      '8000 views, 2400 sign-ups and 1900 joins since 2026-10-29: about 12,300 assessments a month',
    );
    expect(note).toContain(
      'over the free tier: enable billing for reCAPTCHA Enterprise, or the fallback carries the visitors past 10,000',
    );
  });

  it('says a quiet month is within the free tier', async () => {
    await shard(declared.db, 'mira', '2026-11-20', 2, { views: 40, signUps: 12, joins: 9 });
    const { note } = await recaptchaQuotaOutcome(deploy, readFrom(declared.db), SIGNED_IN, NOW);
    expect(note).toContain('40 views, 12 sign-ups and 9 joins since 2026-10-29: about 61 assessments a month');
    expect(note).toContain('within the free tier at this pace');
  });

  it("needs firestore.indexes.json's collection-group index on the shards' day: without it the query is refused, and the note says so", async () => {
    const bare = await emulated({ ...declaredIndexes, fieldOverrides: [] });
    try {
      const { problems, note } = await recaptchaQuotaOutcome(deploy, readFrom(bare.db), SIGNED_IN, NOW);
      expect(problems).toEqual([]);
      expect(note).toMatch(
        /This month's expected figure is not known: the funnel could not be read here \(9 FAILED_PRECONDITION/,
      );
    } finally {
      await bare.db.terminate();
      await bare.emulator.stop();
      process.env['FIRESTORE_EMULATOR_HOST'] = `${declared.emulator.host}:${declared.emulator.port}`;
    }
  });

  it('says plainly that it cannot know the figure without credentials or a project, and reads nothing then', async () => {
    const asked: string[] = [];
    const recording: FunnelReader = async (project) => {
      asked.push(project);
      return { views: 0, signUps: 0, joins: 0 };
    };
    const noCredentials = await recaptchaQuotaOutcome(deploy, recording, { CLOUDSDK_CONFIG: '/nonexistent' }, NOW);
    expect(noCredentials.problems).toEqual([]);
    expect(noCredentials.note).toContain(
      "This month's expected figure is not known: the funnel could not be read here (no application default " +
        'credentials: `gcloud auth application-default login`); it is one assessment per new visitor and one per ' +
        "replay-protected call: the funnel's views + sign-ups + joins of the last 30 days",
    );
    const noProject = await recaptchaQuotaOutcome(
      { ...deploy, project: { id: undefined, from: 'none' } },
      recording,
      SIGNED_IN,
      NOW,
    );
    expect(noProject.note).toContain('could not be read here (no project)');
    expect(asked).toEqual([]);
  });
});
